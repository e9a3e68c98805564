import { describe, expect, it } from 'vitest';
import { resolve } from '../../src/model/resolve';
import { readEnvironmentTree } from '../../src/validate/tree-objects';
import { CHECKS, verifyReads } from '../../src/verify/checks';
import { inspectionRules } from '../../src/verify/inspection-rules';
import { inspectorAccount } from '../../src/model/inspector-account';
import type { VerifyCheck } from '../../src/verify/types';
import { fleetRepo } from '../fixtures/fleet-repo';
import { dev, fleet, mgmt } from '../fixtures/fleet';
import { workloadManagement } from './recorded-workloads';

const root = fleetRepo('verify-rbac-');
const doc = (env: string, kind: string, name: string) => readEnvironmentTree(root, env).objects.find((o) => o.doc.kind === kind && o.doc.metadata.name === name);

describe('the inspection role', () => {
  it('grants exactly what the checks read in dev, get/list/watch only', () => {
    expect(inspectionRules(resolve(dev))).toEqual([
      { apiGroups: [''], resources: ['nodes', 'pods'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: ['cilium.io'], resources: ['ciliumnetworkpolicies'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: ['fluxcd.controlplane.io'], resources: ['fluxinstances'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: ['helm.toolkit.fluxcd.io'], resources: ['helmreleases'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: ['kustomize.toolkit.fluxcd.io'], resources: ['kustomizations'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: ['storage.k8s.io'], resources: ['storageclasses'], verbs: ['get', 'list', 'watch'] },
    ]);
  });

  it('covers every kind verify reads, in every environment, and never Secrets or a write verb', () => {
    for (const spec of fleet) {
      const env = resolve(spec);
      const rules = inspectionRules(env);
      for (const kind of verifyReads(env)) expect(rules.some((r) => r.apiGroups.includes(kind.group) && r.resources.includes(kind.resource)), `${spec.name} ${kind.resource}`).toBe(true);
      expect(rules.flatMap((r) => r.verbs).every((v) => ['get', 'list', 'watch'].includes(v))).toBe(true);
      expect(rules.flatMap((r) => r.resources)).not.toContain('secrets');
    }
  });

  it('grants mgmt\'s inspector the reads of its workload clusters\' Cluster API kinds, get/list/watch only, and the rendered role holds them', () => {
    const { env, tree } = workloadManagement();
    const rules = inspectionRules(env);
    expect(rules.filter((r) => r.apiGroups[0]!.endsWith('cluster.x-k8s.io'))).toEqual([
      { apiGroups: ['cluster.x-k8s.io'], resources: ['clusters', 'machinedeployments', 'machines'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: ['controlplane.cluster.x-k8s.io'], resources: ['kubeadmcontrolplanes'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: ['operator.cluster.x-k8s.io'], resources: ['bootstrapproviders', 'controlplaneproviders', 'coreproviders', 'infrastructureproviders', 'ipamproviders'], verbs: ['get', 'list', 'watch'] },
    ]);
    // mgmt without workload clusters reads none of them.
    expect(inspectionRules(resolve(mgmt)).flatMap((r) => r.apiGroups)).not.toContain('cluster.x-k8s.io');
    const role = tree.objects.find((o) => o.doc.kind === 'ClusterRole' && o.doc.metadata.name === 'verify-readonly')!;
    expect(role.doc.rules).toEqual(rules);
    expect(tree.objects.find((o) => o.doc.kind === 'ClusterRoleBinding' && o.doc.metadata.name === 'verify-readonly')?.doc.subjects).toEqual([{ kind: 'ServiceAccount', name: 'capi-inspector', namespace: 'capi-system' }]);
  });

  it('fails when a check reads Secrets', () => {
    const reader: VerifyCheck = { area: 'bad', reads: () => [{ group: '', version: 'v1', resource: 'secrets', kind: 'Secret' }], run: () => [] };
    expect(() => inspectionRules(resolve(dev), [...CHECKS, reader])).toThrow('a verify check reads Secrets: the inspection role never grants them');
  });

  it('ships in dev as verify-inspector in flux-system, bound to verify-readonly', () => {
    expect(inspectorAccount(resolve(dev))).toEqual({ namespace: 'flux-system', name: 'verify-inspector', role: 'verify-readonly', created: true });
    expect(doc('dev', 'ServiceAccount', 'verify-inspector')).toMatchObject({ file: 'clusters/dev/kubernetes/flux-system/verify-inspector/serviceaccount.flux-system.verify-inspector.yaml' });
    expect(doc('dev', 'ClusterRole', 'verify-readonly')?.doc.rules).toEqual(inspectionRules(resolve(dev)));
    expect(doc('dev', 'ClusterRoleBinding', 'verify-readonly')?.doc).toMatchObject({
      roleRef: { kind: 'ClusterRole', name: 'verify-readonly' },
      subjects: [{ kind: 'ServiceAccount', name: 'verify-inspector', namespace: 'flux-system' }],
    });
  });

  it('widens mgmt\'s capi-inspector with a binding to verify-readonly, creating no second account', () => {
    expect(inspectorAccount(resolve(mgmt))).toEqual({ namespace: 'capi-system', name: 'capi-inspector', role: 'verify-readonly', created: false });
    expect(doc('mgmt', 'ServiceAccount', 'verify-inspector')).toBeUndefined();
    expect(doc('mgmt', 'ServiceAccount', 'capi-inspector')).toBeDefined();
    expect(doc('mgmt', 'ClusterRoleBinding', 'verify-readonly')?.doc.subjects).toEqual([{ kind: 'ServiceAccount', name: 'capi-inspector', namespace: 'capi-system' }]);
  });
});
