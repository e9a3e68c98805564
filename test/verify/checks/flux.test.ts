import { describe, expect, it } from 'vitest';
import { fluxStep } from '../../../src/bootstrap/flux-step';
import type { K3sEnvironment } from '../../../src/model/resolve';
import { FLUX_INSTANCES, HELM_RELEASES, KUSTOMIZATIONS, fluxCheck, sameChartVersion } from '../../../src/verify/checks/flux';
import { treeFluxInstance } from '../../../src/verify/checks/flux-expected';
import type { VerifyLine } from '../../../src/verify/types';
import { OLD_SHA, fixtureEnvironment, recordedInput } from '../recorded';

const KINDS = [FLUX_INSTANCES, KUSTOMIZATIONS, HELM_RELEASES];
const run = (edit?: Parameters<typeof recordedInput>[2]) => fluxCheck.run(recordedInput('dev', KINDS, edit));
const drifts = (lines: readonly VerifyLine[]) => lines.filter((l) => l.outcome === 'drift');
/** Edits the one recorded object of `resource` named `name`. */
const editing = (resource: string, name: string, change: (o: Record<string, any>) => void) => (r: string, items: Record<string, any>[]) => {
  if (r === resource) change(items.find((i) => i.metadata.name === name)!);
  return items;
};

describe('fluxCheck', () => {
  it('reads the FluxInstance in flux-system and every Kustomization and HelmRelease', () => {
    expect(fluxCheck.reads(fixtureEnvironment('dev').env)).toEqual([
      { group: 'fluxcd.controlplane.io', version: 'v1', resource: 'fluxinstances', kind: 'FluxInstance', namespace: 'flux-system' },
      { group: 'kustomize.toolkit.fluxcd.io', version: 'v1', resource: 'kustomizations', kind: 'Kustomization' },
      { group: 'helm.toolkit.fluxcd.io', version: 'v2', resource: 'helmreleases', kind: 'HelmRelease' },
    ]);
  });

  it('holds the FluxInstance of kubernetes/flux-system to the live one, not a workload cluster\'s copy elsewhere in the tree', () => {
    const input = recordedInput('dev', KINDS);
    const own = treeFluxInstance(input.tree)!;
    // A management tree's handover folder holds a workload cluster's FluxInstance, named alike, in a file that sorts first.
    const copy = { ...own, file: 'clusters/dev/kubernetes/capi-clusters/lab1/flux/workload/fluxinstance.flux-system.flux.yaml', doc: { ...own.doc, spec: { ...own.doc.spec, distribution: { ...own.doc.spec.distribution, version: '2.8.0' } } } };
    const tree = { ...input.tree, objects: [copy, ...input.tree.objects] };
    expect(treeFluxInstance(tree)).toBe(own);
    expect(own.file).toBe('clusters/dev/kubernetes/flux-system/fluxinstance.flux-system.flux.yaml');
    expect(fluxCheck.run({ ...input, tree }).find((l) => l.check === 'flux.distribution')).toMatchObject({ outcome: 'pass', expected: 'Flux 2.9.4' });
    // Without one in flux-system, no instance is expected.
    expect(treeFluxInstance({ ...input.tree, objects: [copy] })).toBeUndefined();
  });

  it('passes on the recorded cluster, which is the tree', () => {
    const lines = run();
    expect(drifts(lines)).toEqual([]);
    expect(lines).toContainEqual(expect.objectContaining({ check: 'flux.distribution', outcome: 'pass', subject: 'FluxInstance flux-system/flux', live: 'Flux 2.9.4' }));
    expect(lines).toContainEqual(expect.objectContaining({ check: 'flux.revision', outcome: 'pass', subject: 'Kustomization flux-system/platform' }));
    expect(lines).toContainEqual(expect.objectContaining({ check: 'flux.revision', outcome: 'pass', subject: 'Kustomization flux-system/gateway-api-crds', expected: 'a revision of v1.6.1' }));
    expect(lines).toContainEqual(expect.objectContaining({ check: 'flux.chart', outcome: 'pass', subject: 'HelmRelease longhorn-system/longhorn', expected: 'chart 1.12.1 deployed' }));
    expect(lines).toContainEqual(expect.objectContaining({ check: 'flux.chart', outcome: 'pass', subject: 'HelmRelease cert-manager/cert-manager', expected: 'chart v1.21.2 deployed' }));
    // The sync Kustomization flux-operator makes is expected, though no tree file holds it.
    expect(lines).toContainEqual(expect.objectContaining({ check: 'flux.ready', outcome: 'pass', subject: 'Kustomization flux-system/flux-system' }));
  });

  it('takes the suspended apps layer as the tree says, and its HelmRelease as not applied yet', () => {
    const lines = run();
    expect(lines).toContainEqual(expect.objectContaining({ check: 'flux.suspend', outcome: 'pass', subject: 'Kustomization flux-system/apps' }));
    expect(lines.filter((l) => l.subject === 'Kustomization flux-system/apps').map((l) => l.check)).toEqual(['flux.suspend']);
    expect(lines).toContainEqual(expect.objectContaining({ check: 'flux.present', outcome: 'not-checkable', subject: 'HelmRelease podinfo/podinfo', expected: expect.stringContaining('flux-system/apps resumes') }));
  });

  it('fails when a HelmRelease runs an older chart (the upgrade failed)', () => {
    const lines = run(editing('helmreleases', 'longhorn', (h) => {
      h.status.history[0].chartVersion = '1.11.2';
      h.status.lastAttemptedRevision = '1.12.1';
      h.status.conditions[0] = { type: 'Ready', status: 'False', reason: 'UpgradeFailed', message: 'Helm upgrade failed' };
    }));
    expect(drifts(lines)).toEqual([
      expect.objectContaining({ check: 'flux.ready', subject: 'HelmRelease longhorn-system/longhorn', live: 'Ready False (UpgradeFailed): Helm upgrade failed' }),
      expect.objectContaining({ check: 'flux.chart', subject: 'HelmRelease longhorn-system/longhorn', expected: 'chart 1.12.1 deployed', live: expect.stringContaining('1.11.2 (deployed, release v1); last attempted 1.12.1'), fix: expect.stringContaining('flux events --for HelmRelease/longhorn -n longhorn-system') }),
    ]);
  });

  it('takes a chart from an OCIRepository as helm-controller records it: no v, the digest as build metadata', () => {
    expect(sameChartVersion('1.21.2+e59f51a56774', 'v1.21.2')).toBe(true);
    expect(sameChartVersion('0.58.1+ab03faa8f53c', '0.58.1')).toBe(true);
    expect(sameChartVersion('1.12.1', '1.12.1')).toBe(true);
  });

  it('fails when an OCI chart of another version is deployed, whatever its digest', () => {
    expect(sameChartVersion('1.21.1+e59f51a56774', 'v1.21.2')).toBe(false);
    expect(sameChartVersion('1.21.2-rc.1+e59f51a56774', 'v1.21.2')).toBe(false);
    expect(sameChartVersion(undefined, '1.0.0')).toBe(false);
    const lines = run(editing('helmreleases', 'cert-manager', (h) => { h.status.history[0].chartVersion = '1.21.1+e59f51a56774'; }));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'flux.chart', subject: 'HelmRelease cert-manager/cert-manager', expected: 'chart v1.21.2 deployed' })]);
  });

  it('fails when the deployed release is not in status deployed', () => {
    const lines = run(editing('helmreleases', 'cilium', (h) => { h.status.history[0].status = 'failed'; }));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'flux.chart', subject: 'HelmRelease kube-system/cilium' })]);
  });

  it('fails when a Kustomization is Ready at an old revision', () => {
    const lines = run(editing('kustomizations', 'platform', (k) => { k.status.lastAppliedRevision = `refs/heads/main@sha1:${OLD_SHA}`; }));
    expect(drifts(lines)).toEqual([
      expect.objectContaining({ check: 'flux.revision', subject: 'Kustomization flux-system/platform', live: `refs/heads/main@sha1:${OLD_SHA}: older than the commit (not a descendant)`, fix: 'flux reconcile kustomization platform -n flux-system --with-source' }),
    ]);
  });

  it('fails when a Kustomization is Ready for an older generation', () => {
    const lines = run(editing('kustomizations', 'network', (k) => { k.metadata.generation = 2; }));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'flux.ready', subject: 'Kustomization flux-system/network', live: 'Ready for generation 1, the object is at 2' })]);
  });

  it('cannot tell the revision when the live sha is not in the local history', () => {
    const lines = run(editing('kustomizations', 'policies', (k) => { k.status.lastAppliedRevision = `refs/heads/main@sha1:${'e'.repeat(40)}`; }));
    expect(drifts(lines)).toEqual([]);
    expect(lines).toContainEqual(expect.objectContaining({ check: 'flux.revision', outcome: 'not-checkable', subject: 'Kustomization flux-system/policies', live: expect.stringContaining('cannot tell'), fix: expect.stringContaining('git fetch') }));
  });

  it('fails when a layer the tree does not suspend is suspended', () => {
    const lines = run(editing('kustomizations', 'network', (k) => { k.spec.suspend = true; }));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'flux.suspend', subject: 'Kustomization flux-system/network', expected: 'not suspended (spec.suspend in the tree)', live: 'suspended', fix: 'flux resume kustomization network -n flux-system' })]);
  });

  it('fails when a HelmRelease the tree does not suspend is suspended', () => {
    const lines = run(editing('helmreleases', 'kyverno', (h) => { h.spec.suspend = true; }));
    expect(drifts(lines)).toContainEqual(expect.objectContaining({ check: 'flux.suspend', subject: 'HelmRelease kyverno/kyverno', fix: 'flux resume helmrelease kyverno -n kyverno' }));
  });

  it('fails when the layer the tree suspends runs', () => {
    const lines = run(editing('kustomizations', 'apps', (k) => { k.spec.suspend = false; }));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'flux.suspend', subject: 'Kustomization flux-system/apps', expected: 'suspended (spec.suspend in the tree)', live: 'not suspended' })]);
  });

  it('fails when the FluxInstance runs another distribution version', () => {
    const lines = run(editing('fluxinstances', 'flux', (f) => { f.status.lastAppliedRevision = `v2.8.1@sha256:${'e5'.repeat(32)}`; }));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'flux.distribution', subject: 'FluxInstance flux-system/flux', expected: 'Flux 2.9.4 (spec.distribution.version)', live: expect.stringContaining('Flux 2.8.1') })]);
  });

  it('fails when the FluxInstance is not Ready', () => {
    const lines = run(editing('fluxinstances', 'flux', (f) => { f.status.conditions[0].status = 'False'; f.status.conditions[0].reason = 'ReconciliationFailed'; }));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'flux.instance', live: expect.stringContaining('Ready False (ReconciliationFailed)') })]);
  });

  it('fails when the FluxInstance is absent, with the apply the runbook runs: server-side', () => {
    const lines = run((r, items) => (r === 'fluxinstances' ? [] : items));
    expect(drifts(lines)).toEqual([
      expect.objectContaining({ check: 'flux.instance', live: 'absent', fix: 'apply it as the runbook does: kubectl apply --server-side -f clusters/dev/bootstrap/flux-instance.yaml' }),
    ]);
    // The runbook's own line, run from bootstrap/.
    expect(fluxStep(fixtureEnvironment('dev').env as K3sEnvironment).commands).toContain('kubectl apply --server-side -f flux-instance.yaml');
  });

  it('fails when a HelmRelease of the tree is absent, naming its layer', () => {
    const lines = run((r, items) => (r === 'helmreleases' ? items.filter((i) => i.metadata.name !== 'loki') : items));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'flux.present', subject: 'HelmRelease monitoring/loki', live: 'absent', fix: 'flux reconcile kustomization platform -n flux-system --with-source' })]);
  });

  it('names a HelmRelease live that the tree lacks as drift', () => {
    const lines = run((r, items) => (r === 'helmreleases' ? [...items, { ...structuredClone(items[0]), metadata: { name: 'traefik', namespace: 'kube-system' } }] : items));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'flux.unexpected', subject: 'HelmRelease kube-system/traefik', fix: expect.stringContaining('flux delete helmrelease traefik -n kube-system') })]);
  });

  it('says a kind the API server does not serve is not checkable, with the fix', () => {
    const lines = run((r, items) => (r === 'helmreleases' ? { state: 'not-served' } : items));
    expect(lines.filter((l) => l.subject.startsWith('HelmRelease'))).toEqual([expect.objectContaining({ check: 'flux.helmrelease', outcome: 'not-checkable', live: expect.stringContaining('404'), fix: expect.stringContaining('install Flux') })]);
  });

  it('says a kind the credentials may not list is drift (the tree\'s inspection role grants it), with the fix', () => {
    const lines = run((r, items) => (r === 'kustomizations' ? { state: 'forbidden', message: 'kustomizations.kustomize.toolkit.fluxcd.io is forbidden' } : items));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'flux.kustomization', outcome: 'drift', live: expect.stringContaining('forbidden (403)'), fix: expect.stringContaining('inspection role') })]);
  });

  it('prints its lines in one order whatever order the server lists in', () => {
    expect(run((_, items) => [...items].reverse())).toEqual(run());
  });
});
