import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolve } from '../../src/model/resolve';
import { review } from '../../src/review/review';
import { renderEnvironment } from '../../src/synth/render';
import { readTree } from '../../src/synth/tree';
import { mgmtSecrets } from '../fixtures/corpus';
import { modifyWorkload } from '../fixtures/environments';
import { lab1, mgmtOfLab1, workloadFleet } from '../fixtures/workload';

// The handover commit as review reads it: two trees of one fleet, a release moving between them.
const secrets = new Map([...Object.entries(mgmtSecrets()), ...[...readTree(path.join(import.meta.dirname, '../fixtures/workload-secrets'))].map(([p, t]): [string, string] => [`secrets/${p}`, t])]);
const handed = modifyWorkload(lab1, (e) => { e.infrastructure.handedOver = true; });
const trees = (mgmtFleet: readonly unknown[], lab: EnvironmentSpec, labFleet: readonly unknown[]) => new Map([
  ...[...renderEnvironment(resolve(mgmtOfLab1, mgmtFleet as any), { secrets })].map(([p, t]): [string, string] => [`clusters/mgmt/${p}`, t]),
  ...[...renderEnvironment(resolve(lab, labFleet as any), { secrets })].map(([p, t]): [string, string] => [`clusters/lab1/${p}`, t]),
]);
const before = trees(workloadFleet, lab1, workloadFleet);

describe('review of a handover', () => {
  it("notes on the workload cluster each release moving from mgmt's HelmRelease to its own, and sees no danger of two owners", () => {
    const after = trees([mgmtOfLab1, handed], handed, [mgmtOfLab1, handed]);
    const lab = review(before, after).find((r) => r.env === 'lab1')!;
    expect(lab.nodes).toEqual([
      "release flux-system/flux-operator on lab1 moves from mgmt's HelmRelease default/lab1-flux-operator (suspended) to lab1's HelmRelease flux-system/flux-operator (resumed) in this change: the latter finds it in Helm's storage with no history of its own, upgrades it once and owns it from then on",
      "release kube-system/cilium on lab1 moves from mgmt's HelmRelease default/lab1-cilium (suspended) to lab1's HelmRelease kube-system/cilium (resumed) in this change: the latter finds it in Helm's storage with no history of its own, upgrades it once and owns it from then on",
    ]);
    expect(review(before, after).flatMap((r) => r.dangers.map((d) => d.code))).not.toContain('release-two-owners');
  });

  it('fails when a workload cluster new in the change is already handed over: nothing would install its releases or Flux', () => {
    const mgmtOnly = new Map([...before].filter(([p]) => p.startsWith('clusters/mgmt/')));
    const after = trees([mgmtOfLab1, handed], handed, [mgmtOfLab1, handed]);
    const lab = review(mgmtOnly, after).find((r) => r.env === 'lab1')!;
    expect(lab.dangers.filter((d) => d.code === 'handed-over-before-delivery').map((d) => d.what)).toEqual([
      "lab1 is new in this change and already handed over: mgmt's HelmRelease default/lab1-flux-operator is suspended, so nothing installs release flux-system/flux-operator on it",
      "lab1 is new in this change and already handed over: mgmt's HelmRelease default/lab1-cilium is suspended, so nothing installs release kube-system/cilium on it",
    ]);
    // The same cluster added before its handover: mgmt delivers; no danger.
    const fresh = review(mgmtOnly, before).find((r) => r.env === 'lab1')!;
    expect(fresh.dangers.map((d) => d.code)).not.toContain('handed-over-before-delivery');
    // The handover of a cluster that exists: no danger either.
    expect(review(before, after).flatMap((r) => r.dangers.map((d) => d.code))).not.toContain('handed-over-before-delivery');
  });

  it("names a release two active HelmReleases reconcile as a danger: the workload's resumed while mgmt's is not suspended", () => {
    const half = trees(workloadFleet, handed, [mgmtOfLab1, handed]);
    const lab = review(before, half).find((r) => r.env === 'lab1')!;
    expect(lab.dangers.filter((d) => d.code === 'release-two-owners').map((d) => d.what)).toEqual([
      "release flux-system/flux-operator on lab1 has two active HelmReleases (mgmt's HelmRelease default/lab1-flux-operator, lab1's HelmRelease flux-system/flux-operator)",
      "release kube-system/cilium on lab1 has two active HelmReleases (mgmt's HelmRelease default/lab1-cilium, lab1's HelmRelease kube-system/cilium)",
    ]);
    expect(lab.nodes.filter((n) => n.includes('moves from'))).toEqual([]);
  });
});
