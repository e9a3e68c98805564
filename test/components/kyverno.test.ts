import { describe, expect, it } from 'vitest';
import type { EnvironmentSpec } from '../../src/model/environment';
import { codes, expectOnly } from '../fixtures/expect';
import { modify, threeServers } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { rendered } from '../fixtures/render';

const policy = (name: string, spec: EnvironmentSpec = dev) => rendered(spec).doc(`kubernetes/policies/kyverno-policies/clusterpolicy.${name}.yaml`);

describe('Kyverno', () => {
  it('installs the chart from its OCI location into its own namespace', () => {
    const tree = rendered(dev);
    expect(tree.doc('kubernetes/platform/kyverno/ocirepository.flux-system.kyverno.yaml').spec).toMatchObject({ url: 'oci://ghcr.io/kyverno/charts/kyverno', ref: { tag: '3.9.0' } });
    expect(tree.doc('kubernetes/platform/kyverno/helmrelease.kyverno.kyverno.yaml').metadata.namespace).toBe('kyverno');
    expect(tree.doc('kubernetes/platform/kyverno/namespace.kyverno.yaml').metadata.name).toBe('kyverno');
  });

  it('enforces the three rules in the apps, leaving the cluster and the platform components alone', () => {
    expect(policy('disallow-latest-tag').spec.rules.map((r: any) => [r.name, r.validate.pattern.spec.containers[0].image])).toEqual([
      ['require-image-tag', '*:*'],
      ['disallow-latest', '!*:latest'],
    ]);
    expect(policy('require-requests').spec.rules[0].validate.pattern.spec.containers).toEqual([{ resources: { requests: { cpu: '?*', memory: '?*' } } }]);
    const secrets = policy('disallow-secret-stringdata').spec.rules[0];
    expect(secrets.match).toEqual({ any: [{ resources: { kinds: ['Secret'] } }] });
    expect(secrets.validate).toMatchObject({ failureAction: 'Enforce', pattern: { 'X(stringData)': 'null' } });
    const excluded = secrets.exclude.any[0].resources.namespaces;
    expect(excluded).toEqual(['cert-manager', 'default', 'flux-system', 'ingress', 'kube-node-lease', 'kube-public', 'kube-system', 'kyverno', 'longhorn-system', 'monitoring']);
    expect(excluded).not.toContain('apps');
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
