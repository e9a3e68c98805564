import { describe, expect, it } from 'vitest';
import type { EnvironmentSpec } from '../../src/model/environment';
import { codes, expectOnly } from '../fixtures/expect';
import { modify, threeServers } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { rendered } from '../fixtures/render';
import { POLICY_RULES } from '../../src/components/kyverno/policy-rules';

const policy = (name: string, spec: EnvironmentSpec = dev) => rendered(spec).doc(`kubernetes/policies/kyverno-policies/clusterpolicy.${name}.yaml`);

describe('Kyverno', () => {
  it('installs the chart from its OCI location into its own namespace', () => {
    const tree = rendered(dev);
    expect(tree.doc('kubernetes/platform/kyverno/ocirepository.flux-system.kyverno.yaml').spec).toMatchObject({ url: 'oci://ghcr.io/kyverno/charts/kyverno', ref: { tag: '3.9.0' } });
    expect(tree.doc('kubernetes/platform/kyverno/helmrelease.kyverno.kyverno.yaml').metadata.namespace).toBe('kyverno');
    expect(tree.doc('kubernetes/platform/kyverno/namespace.kyverno.yaml').metadata.name).toBe('kyverno');
  });

  it('renders exactly the ClusterPolicies of the rule table, each rule from its row', () => {
    const tree = rendered(dev);
    const folder = 'kubernetes/policies/kyverno-policies/';
    const names = [...new Set(POLICY_RULES.map((r) => r.policy))];
    expect([...tree.files.keys()].filter((f) => f.startsWith(folder)).sort()).toEqual([...names.map((n) => `${folder}clusterpolicy.${n}.yaml`), `${folder}kustomization.yaml`].sort());
    for (const name of names) {
      const rules = policy(name).spec.rules;
      expect(rules.map((r: any) => r.name)).toEqual(POLICY_RULES.filter((r) => r.policy === name).map((r) => r.rule));
      for (const rule of rules) {
        const row = POLICY_RULES.find((r) => r.policy === name && r.rule === rule.name)!;
        expect(rule.match).toEqual({ any: [{ resources: { kinds: row.kinds } }] });
        expect(rule.validate).toEqual({ failureAction: 'Enforce', message: row.message, pattern: { spec: { '=(initContainers)': [row.container], containers: [row.container] } } });
      }
    }
    expect(policy('disallow-latest-tag').spec.rules.map((r: any) => [r.name, r.validate.pattern.spec.containers[0].image])).toEqual([
      ['require-image-tag', '*:*'],
      ['disallow-latest', '!*:latest'],
    ]);
    expect(policy('require-requests').spec.rules[0].validate.pattern.spec.containers).toEqual([{ resources: { requests: { cpu: '?*', memory: '?*' } } }]);
  });

  it("leaves the cluster and the platform components alone, every rule alike", () => {
    const rules = POLICY_RULES.map((r) => policy(r.policy).spec.rules.find((x: any) => x.name === r.rule));
    const excluded = rules[0].exclude.any[0].resources.namespaces;
    expect(excluded).toEqual(['cert-manager', 'default', 'flux-system', 'ingress', 'kube-node-lease', 'kube-public', 'kube-system', 'kyverno', 'longhorn-system', 'monitoring']);
    expect(excluded).not.toContain('apps');
    for (const rule of rules) expect(rule.exclude.any[0].resources.namespaces).toEqual(excluded);
  });

  it('writes no stringData policy: no webhook sees stringData (the API server folds it into data first)', () => {
    expect([...rendered(dev).files.keys()].filter((f) => f.includes('stringdata'))).toEqual([]);
  });

  it('can audit instead of refuse', () => {
    const audit = modify(dev, (e) => { e.kyverno = { failureAction: 'Audit' }; });
    expect(policy('require-requests', audit).spec.rules[0].validate.failureAction).toBe('Audit');
  });

  it("puts the policies in a layer after Kyverno's, and refuses them in Kyverno's own", () => {
    const spec = modify(threeServers, (e) => { e.kyverno = { policiesLayer: 'network' }; });
    expect(codes(spec)).toEqual([]);
    const [v] = expectOnly(modify(threeServers, (e) => { e.kyverno = { policiesLayer: 'platform' }; }), 'component.layer-order');
    expect(v).toMatchObject({ path: 'fixture.kyverno.policiesLayer', value: 'platform' });
  });
});
