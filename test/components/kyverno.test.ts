import { describe, expect, it } from 'vitest';
import type { EnvironmentSpec } from '../../src/model/environment';
import { codes, expectOnly } from '../fixtures/expect';
import { modify, threeServers } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { rendered } from '../fixtures/render';
import { POLICY_RULES } from '../../src/components/kyverno/policy-rules';

const policy = (name: string, spec: EnvironmentSpec = dev) => rendered(spec).doc(`kubernetes/policies/kyverno-policies/validatingpolicy.${name}.yaml`);

describe('Kyverno', () => {
  it('installs the chart from its OCI location into its own namespace', () => {
    const tree = rendered(dev);
    expect(tree.doc('kubernetes/platform/kyverno/ocirepository.flux-system.kyverno.yaml').spec).toMatchObject({ url: 'oci://ghcr.io/kyverno/charts/kyverno', ref: { tag: '3.9.0' } });
    expect(tree.doc('kubernetes/platform/kyverno/helmrelease.kyverno.kyverno.yaml').metadata.namespace).toBe('kyverno');
    expect(tree.doc('kubernetes/platform/kyverno/namespace.kyverno.yaml').metadata.name).toBe('kyverno');
  });

  it('renders exactly the ValidatingPolicies of the rule table (policies.kyverno.io/v1), one validation per row', () => {
    const tree = rendered(dev);
    const folder = 'kubernetes/policies/kyverno-policies/';
    const names = [...new Set(POLICY_RULES.map((r) => r.policy))];
    expect([...tree.files.keys()].filter((f) => f.startsWith(folder)).sort()).toEqual([...names.map((n) => `${folder}validatingpolicy.${n}.yaml`), `${folder}kustomization.yaml`].sort());
    for (const name of names) {
      const doc = policy(name);
      expect(doc.apiVersion).toBe('policies.kyverno.io/v1');
      expect(doc.spec.validations).toEqual(POLICY_RULES.filter((r) => r.policy === name).map((r) => ({ expression: `variables.containers.all(container, ${r.condition})`, message: r.message })));
      expect(doc.spec.variables).toEqual([{ name: 'containers', expression: 'object.spec.containers + object.spec.?initContainers.orValue([])' }]);
      expect(doc.spec.validationActions).toEqual(['Deny']);
      expect(doc.spec.evaluation).toEqual({ background: { enabled: true } });
    }
    expect(policy('disallow-latest-tag').spec.validations.map((v: any) => v.expression)).toEqual([
      "variables.containers.all(container, container.?image.orValue('').contains(':'))",
      "variables.containers.all(container, !container.?image.orValue('').endsWith(':latest'))",
    ]);
    expect(policy('require-requests').spec.validations[0].expression).toBe(
      "variables.containers.all(container, string(container.?resources.?requests.?cpu.orValue('')) != '' && string(container.?resources.?requests.?memory.orValue('')) != '')",
    );
  });

  it('matches Pods only, so that Kyverno writes the rules of every pod controller, each of them named', () => {
    for (const name of new Set(POLICY_RULES.map((r) => r.policy))) {
      const { matchConstraints, autogen } = policy(name).spec;
      expect(matchConstraints.resourceRules).toEqual([{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['pods'] }]);
      expect(matchConstraints.excludeResourceRules).toBeUndefined();
      expect(autogen).toEqual({ podControllers: { controllers: ['cronjobs', 'daemonsets', 'deployments', 'jobs', 'replicasets', 'statefulsets'] } });
    }
  });

  it("leaves the cluster and the platform components alone by a namespace selector, every policy alike", () => {
    const selectors = [...new Set(POLICY_RULES.map((r) => r.policy))].map((name) => policy(name).spec.matchConstraints.namespaceSelector);
    const [first] = selectors;
    expect(first.matchExpressions).toHaveLength(1);
    expect(first.matchExpressions[0]).toMatchObject({ key: 'kubernetes.io/metadata.name', operator: 'NotIn' });
    const excluded = first.matchExpressions[0].values;
    expect(excluded).toEqual(['cert-manager', 'default', 'flux-system', 'ingress', 'kube-node-lease', 'kube-public', 'kube-system', 'kyverno', 'longhorn-system', 'monitoring']);
    expect(excluded).not.toContain('apps');
    for (const selector of selectors) expect(selector).toEqual(first);
  });

  it('writes no stringData policy: no webhook sees stringData (the API server folds it into data first)', () => {
    expect([...rendered(dev).files.keys()].filter((f) => f.includes('stringdata'))).toEqual([]);
  });

  it('can audit instead of refuse', () => {
    const audit = modify(dev, (e) => { e.kyverno = { failureAction: 'Audit' }; });
    expect(policy('require-requests', audit).spec.validationActions).toEqual(['Audit']);
  });

  it("puts the policies in a layer after Kyverno's, and refuses them in Kyverno's own", () => {
    const spec = modify(threeServers, (e) => { e.kyverno = { policiesLayer: 'network' }; });
    expect(codes(spec)).toEqual([]);
    const [v] = expectOnly(modify(threeServers, (e) => { e.kyverno = { policiesLayer: 'platform' }; }), 'component.layer-order');
    expect(v).toMatchObject({ path: 'fixture.kyverno.policiesLayer', value: 'platform' });
  });
});
