import { describe, expect, it } from 'vitest';
import { CILIUM_NETWORK_POLICIES, STORAGE_CLASSES, platformCheck } from '../../../src/verify/checks/platform';
import type { VerifyLine } from '../../../src/verify/types';
import { fixtureEnvironment, recordedInput } from '../recorded';

const run = (edit?: Parameters<typeof recordedInput>[2]) => platformCheck.run(recordedInput('dev', [STORAGE_CLASSES, CILIUM_NETWORK_POLICIES], edit));
const drifts = (lines: readonly VerifyLine[]) => lines.filter((l) => l.outcome === 'drift');
const DEFAULT = 'storageclass.kubernetes.io/is-default-class';

describe('platformCheck', () => {
  it('reads StorageClasses, and the baseline policies where Cilium and defaultDeny run', () => {
    expect(platformCheck.reads(fixtureEnvironment('dev').env)).toEqual([STORAGE_CLASSES, CILIUM_NETWORK_POLICIES]);
    expect(platformCheck.reads(fixtureEnvironment('mgmt').env)).toEqual([STORAGE_CLASSES]);
  });

  it('passes on the recorded cluster: longhorn the one default, every covered namespace with its baseline', () => {
    const lines = run();
    expect(drifts(lines)).toEqual([]);
    expect(lines).toContainEqual(expect.objectContaining({ check: 'platform.default-storage-class', outcome: 'pass', expected: 'longhorn', live: 'longhorn' }));
    expect(lines.filter((l) => l.check === 'platform.baseline' && l.outcome === 'pass').map((l) => l.subject)).toEqual(['namespace cert-manager', 'namespace kyverno', 'namespace longhorn-system', 'namespace monitoring']);
    // The apps layer is suspended in the tree: its namespaces' baselines are not applied yet.
    expect(lines).toContainEqual(expect.objectContaining({ check: 'platform.baseline', outcome: 'not-checkable', subject: 'namespace podinfo' }));
  });

  it('fails when there is no default StorageClass', () => {
    const lines = run((r, items) => (r === 'storageclasses' ? items.map((c) => ({ ...c, metadata: { ...c.metadata, annotations: {} } })) : items));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'platform.default-storage-class', expected: 'longhorn alone', live: 'none', fix: `mark longhorn the one default: kubectl annotate storageclass longhorn ${DEFAULT}=true --overwrite` })]);
  });

  it('fails when a second class is marked default', () => {
    const lines = run((r, items) => (r === 'storageclasses' ? [...items, { metadata: { name: 'local-path', annotations: { [DEFAULT]: 'true' } }, provisioner: 'rancher.io/local-path' }] : items));
    expect(drifts(lines)).toEqual([expect.objectContaining({ live: 'local-path, longhorn', fix: expect.stringContaining(`kubectl annotate storageclass local-path ${DEFAULT}-`) })]);
  });

  it('expects local-path where Longhorn does not run', () => {
    const input = recordedInput('mgmt', [STORAGE_CLASSES], () => [{ metadata: { name: 'local-path', annotations: { [DEFAULT]: 'true' } }, provisioner: 'rancher.io/local-path' }]);
    expect(platformCheck.run(input)).toEqual([expect.objectContaining({ outcome: 'pass', expected: 'local-path', live: 'local-path' })]);
  });

  it('fails when a namespace the baseline covers has no policy', () => {
    const lines = run((r, items) => (r === 'ciliumnetworkpolicies' ? items.filter((p) => p.metadata.namespace !== 'kyverno') : items));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'platform.baseline', subject: 'namespace kyverno', live: expect.stringContaining('without its default-deny baseline'), fix: 'let Flux apply it: flux reconcile kustomization network -n flux-system --with-source' })]);
  });

  it('fails when a baseline was edited in the cluster', () => {
    const lines = run((r, items) => {
      if (r === 'ciliumnetworkpolicies') items.find((p) => p.metadata.namespace === 'monitoring')!.spec.egress.push({ toEntities: ['world'] });
      return items;
    });
    expect(drifts(lines)).toEqual([expect.objectContaining({ subject: 'namespace monitoring', live: expect.stringContaining('another spec') })]);
  });

  it('says Cilium policies are not checkable where Cilium serves none', () => {
    const lines = run((r, items) => (r === 'ciliumnetworkpolicies' ? { state: 'not-served' } : items));
    expect(lines).toContainEqual(expect.objectContaining({ check: 'platform.baseline', outcome: 'not-checkable', fix: expect.stringContaining('Cilium') }));
  });
});
