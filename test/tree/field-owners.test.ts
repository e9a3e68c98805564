import { describe, expect, it } from 'vitest';
import { k3sConfig } from '../../src/bootstrap/k3s-config';
import { COMPONENTS } from '../../src/components/table';
import { environmentSchema } from '../../src/model/environment';
import { K3S_CONFIG_KEYS, ownerOf } from '../../src/tree/field-owners';
import type { OwnerIndex } from '../../src/tree/field-owners';
import { modify, resolveK3s, threeServers } from '../fixtures/environments';

// The table that answers a hand edit of clusters/<env>/: one test per row, by the path and the keys that changed.
const index: OwnerIndex = {
  nodes: ['fx-1', 'fx-2', 'fx-3'],
  layers: ['platform', 'apps'],
  apps: [{ name: 'podinfo', layer: 'apps' }, { name: 'hello', layer: 'apps' }],
  components: new Map([['cilium', ['cilium', 'versions.charts.cilium']], ['ingress-gateway', ['ingressVip']]]),
};
const fields = (rel: string, keys: readonly string[] = []) => ownerOf(rel, keys, index);

describe("a node's k3s config", () => {
  const config = 'bootstrap/nodes/fx-2/config.yaml';

  it('names the fields of tls-san: the VIP and every server\'s IP', () => {
    expect(fields(config, ['tls-san'])).toEqual({ kind: 'fields', keys: [{ key: 'tls-san', fields: ['controlPlane.vip', 'nodes[*].ip'] }] });
  });

  it('names the node by its index in the spec for its own keys', () => {
    expect(fields(config, ['node-ip', 'token-file'])).toEqual({
      kind: 'fields',
      keys: [{ key: 'node-ip', fields: ['nodes[1].ip'] }, { key: 'token-file', fields: ['nodes[1].founder'] }],
    });
    expect(fields('bootstrap/nodes/fx-1/config.yaml', ['cluster-init'])).toEqual({ kind: 'fields', keys: [{ key: 'cluster-init', fields: ['nodes[0].founder', 'k3s.datastore'] }] });
  });

  it('answers a key of no row, or no parsed key, with the node and k3s', () => {
    expect(fields(config, ['data-dir', 'made-up'])).toEqual({ kind: 'fields', keys: [{ key: 'data-dir', fields: ['k3s.dataDir'] }, { fields: ['nodes[1]', 'k3s'] }] });
    expect(fields(config)).toEqual({ kind: 'fields', keys: [{ fields: ['nodes[1]', 'k3s'] }] });
  });

  it('knows no field of a node the spec does not hold', () => {
    expect(fields('bootstrap/nodes/gone/config.yaml', ['node-ip'])).toEqual({ kind: 'unknown' });
  });

  it('has a row for every key k3sConfig writes, founder and joiner, with every option on', () => {
    const env = resolveK3s(modify(threeServers, (d) => {
      d.controlPlane = { ...d.controlPlane, apiPort: 6444 };
    }));
    const written = env.liveNodes.flatMap((n) => Object.keys(k3sConfig(env, n)));
    expect(written).toContain('https-listen-port');
    expect(written).toContain('kube-apiserver-arg');
    expect([...new Set(written)].filter((key) => !(key in K3S_CONFIG_KEYS))).toEqual([]);
  });
});

describe('the bootstrap files, the VM layer and the Flux tree', () => {
  it.each([
    ['bootstrap/kube-vip.yaml', ['controlPlane', 'versions.images.kubeVip']],
    ['bootstrap/cilium-values.yaml', ['cilium']],
    ['bootstrap/flux-instance.yaml', ['flux', 'versions.flux']],
    ['terraform/cdk.tf.json', ['infrastructure', 'nodes']],
    ['kubernetes/flux-system/fluxinstance.flux-system.flux.yaml', ['flux', 'versions.flux', 'versions.charts.fluxOperator']],
    ['kubernetes/kustomization.yaml', ['flux.layers']],
    ['kubernetes/apps.yaml', ['flux.layers[1]']],
    ['kubernetes/platform/kustomization.yaml', ['flux.layers[0]']],
    ['kubernetes/apps/namespaces/namespace.apps.yaml', ['flux.layers[1].namespaces', 'apps[*].namespace']],
    ['kubernetes/apps/hello/deployment.hello.web.yaml', ['apps[1]']],
    ['kubernetes/platform/cilium/helmrelease.kube-system.cilium.yaml', ['cilium', 'versions.charts.cilium']],
  ])('%s is made from %j', (rel, expected) => {
    expect(fields(rel)).toEqual({ kind: 'fields', keys: [{ fields: expected }] });
  });

  it.each([
    'README.md',
    'bootstrap/run.sh',
    'bootstrap/README.md',
    'tests/network/chainsaw-test.yaml',
    'kubernetes/flux-system/verify-inspector/clusterrole.verify-readonly.yaml',
    'kubernetes/gone.yaml',
    'kubernetes/gone/kustomization.yaml',
    'kubernetes/gone/namespaces/namespace.x.yaml',
    'kubernetes/platform/unknown-folder/x.yaml',
    // An app's name in another layer than its own.
    'kubernetes/platform/podinfo/helmrelease.podinfo.podinfo.yaml',
  ])('%s has no one field', (rel) => {
    expect(fields(rel, ['spec.values'])).toEqual({ kind: 'unknown' });
    expect(fields(rel, ['spec.ref'])).toEqual({ kind: 'unknown' });
  });

  it("names an app's values and chart version by the key that changed", () => {
    expect(fields('kubernetes/apps/podinfo/helmrelease.podinfo.podinfo.yaml', ['spec.values'])).toEqual({ kind: 'fields', keys: [{ key: 'spec.values', fields: ['apps[0].helm.values'] }] });
    expect(fields('kubernetes/apps/podinfo/ocirepository.flux-system.podinfo.yaml', ['spec.ref'])).toEqual({ kind: 'fields', keys: [{ key: 'spec.ref', fields: ['apps[0].helm.version'] }] });
    expect(fields('kubernetes/apps/podinfo/helmrelease.podinfo.podinfo.yaml', ['spec.chart', 'spec.interval'])).toEqual({
      kind: 'fields',
      keys: [{ key: 'spec.chart', fields: ['apps[0].helm.version'] }, { fields: ['apps[0]'] }],
    });
  });

  it("names a component's section for its values and its pin for its chart version", () => {
    const release = 'kubernetes/platform/cilium/helmrelease.kube-system.cilium.yaml';
    expect(fields(release, ['spec.values'])).toEqual({ kind: 'fields', keys: [{ key: 'spec.values', fields: ['cilium', 'versions.charts.cilium'] }] });
    expect(fields('kubernetes/platform/cilium/ocirepository.flux-system.cilium.yaml', ['spec.ref'])).toEqual({ kind: 'fields', keys: [{ key: 'spec.ref', fields: ['versions.charts.cilium'] }] });
    // A component without a pin: its chart keys have no field of their own, its folder answers.
    expect(fields('kubernetes/network/ingress-gateway/gateway.ingress.ingress.yaml', ['spec.version'])).toEqual({ kind: 'fields', keys: [{ fields: ['ingressVip'] }] });
  });

  it('sends the copy of a secret to its encrypted source', () => {
    expect(fields('kubernetes/platform/notifications/secret.flux-system.flux-webhook-token.sops.yaml')).toEqual({ kind: 'secret', namespace: 'flux-system', name: 'flux-webhook-token' });
    expect(fields('kubernetes/apps/secrets/secret.hello.db.v2.sops.yaml')).toEqual({ kind: 'secret', namespace: 'hello', name: 'db.v2' });
  });
});

describe("the component table's fields", () => {
  it('names, for every component, fields the environment spec has', () => {
    const top = Object.keys(environmentSchema.shape);
    const strays = COMPONENTS.flatMap((c) => (c.fields ?? []).filter((f) => !top.includes(f.split('.')[0]!)).map((f) => `${c.name}: ${f}`));
    expect(COMPONENTS.every((c) => (c.fields ?? []).length > 0)).toBe(true);
    expect(strays).toEqual([]);
  });
});
