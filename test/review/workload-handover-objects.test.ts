import { describe, expect, it } from 'vitest';
import { resolve } from '../../src/model/resolve';
import { treeObjects } from '../../src/review/flux-diff';
import { reviewEnvironment } from '../../src/review/review';
import { renderEnvironment } from '../../src/synth/render';
import { mgmtOfLab1, workloadFleet } from '../fixtures/workload';
import { workloadSecrets } from '../fixtures/workload-rules';

// mgmt's tree with and without lab1: what its handover applies on lab1 (the FluxInstance and
// the SOPS identity) is lab1's, never confused with mgmt's own objects of the same name.

const withLab1 = renderEnvironment(resolve(mgmtOfLab1, workloadFleet), { secrets: new Map(Object.entries(workloadSecrets())) });
const without = renderEnvironment(resolve(mgmtOfLab1, [mgmtOfLab1]));
const REMOTE = ['lab1:FluxInstance/flux-system/flux', 'lab1:Secret/flux-system/sops-age'];

describe("review of a workload cluster's handover", () => {
  it('names the objects the handover applies on the workload cluster by that cluster, beside mgmt\'s own FluxInstance', () => {
    const objects = treeObjects(withLab1);
    expect([...objects.keys()].filter((id) => id.startsWith('lab1:')).sort()).toEqual(REMOTE);
    expect(objects.get('FluxInstance/flux-system/flux')!.file).toBe('kubernetes/flux-system/fluxinstance.flux-system.flux.yaml');
    expect(objects.get('lab1:FluxInstance/flux-system/flux')!.file).toBe('kubernetes/capi-clusters/lab1/workload/fluxinstance.flux-system.flux.yaml');
  });

  it('lists the workload FluxInstance as added with the cluster, and counts it removed with it', () => {
    const added = reviewEnvironment('mgmt', without, withLab1).objects;
    expect(added.filter((o) => REMOTE.includes(o.id)).map((o) => `${o.change} ${o.id}`)).toEqual(REMOTE.map((id) => `added ${id}`));
    const removed = reviewEnvironment('mgmt', withLab1, without).objects;
    expect(removed.filter((o) => REMOTE.includes(o.id)).map((o) => `${o.change} ${o.id}`)).toEqual(REMOTE.map((id) => `removed ${id}`));
    // mgmt's own FluxInstance is the same at both ends but for the fallback patch of a management environment with workload clusters.
    expect(removed.filter((o) => o.id === 'FluxInstance/flux-system/flux').every((o) => o.change === 'changed')).toBe(true);
  });
});
