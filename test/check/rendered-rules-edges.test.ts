import { describe, expect, it } from 'vitest';
import { expectReport } from '../fixtures/expect';
import { mgmt } from '../fixtures/fleet/mgmt';
import { checkRendered } from '../../src/check/rendered-rules';
import { resolve } from '../../src/model/resolve';
import { renderEnvironment } from '../../src/synth/render';
import { modify, singleServer, threeServers } from '../fixtures/environments';

// The rendered rules read files that a person (or a bad merge) may have broken in any way: they
// must report, never crash, on missing parts.
const RELEASE = 'kubernetes/platform/cilium/helmrelease.kube-system.cilium.yaml';

function codesAfter(edit: (files: Map<string, string>) => void, spec = threeServers, previous?: Map<string, string>) {
  const env = resolve(spec);
  const files = renderEnvironment(env, { secrets: new Map([['secrets/mgmt/capmox-system.capmox-variables.sops.yaml', 'apiVersion: v1\nkind: Secret\nsops: {}\n']]) });
  edit(files);
  const violations = checkRendered({ env, files, previous });
  expectReport(violations);
  return { codes: [...new Set(violations.map((v) => v.code))].sort(), violations };
}

describe('rendered rules on broken files', () => {
  it('tolerates an empty YAML document', () => {
    expect(codesAfter((f) => f.set('kubernetes/platform/namespaces/empty.yaml', '---\n')).codes).toEqual([]);
  });

  it('reports a HelmRelease that lost its values', () => {
    const { codes } = codesAfter((f) => f.set(RELEASE, f.get(RELEASE)!.replace(/\n {2}values:\n(?: {4}.*\n)+/, '\n')));
    expect(codes).toEqual(['cilium.endpoint-not-vip', 'cilium.port-mismatch', 'cilium.values-parity']);
  });

  it('reports an empty bootstrap values file', () => {
    expect(codesAfter((f) => f.set('bootstrap/cilium-values.yaml', '')).codes).toEqual(['cilium.endpoint-not-vip', 'cilium.port-mismatch', 'cilium.values-parity']);
  });

  it('reports a missing HelmRelease', () => {
    const { violations } = codesAfter((f) => f.delete(RELEASE));
    expect(violations.map((v) => [v.code, v.value])).toEqual([['cilium.values-missing', 'the cilium HelmRelease (or HelmChart) under kubernetes/']]);
  });

  it('reads the values of a Cilium HelmChart, and reports one without values', () => {
    const spec = modify(threeServers, (e) => { e.helmInstaller = 'k3s'; });
    const chart = 'kubernetes/platform/cilium/helmchart.kube-system.cilium.yaml';
    expect(codesAfter(() => {}, spec).codes).toEqual([]);
    expect(codesAfter((f) => f.set(chart, f.get(chart)!.replace(/ {2}valuesContent: \|\n(?: {4}.*\n)+/, '')), spec).codes).toEqual([
      'cilium.endpoint-not-vip',
      'cilium.port-mismatch',
      'cilium.values-parity',
    ]);
  });

  it('reports a founder config that also joins a server', () => {
    const { violations } = codesAfter((f) => f.set('bootstrap/nodes/fx-1/config.yaml', `${f.get('bootstrap/nodes/fx-1/config.yaml')}server: https://10.20.0.12:6443\n`));
    expect(violations.map((v) => [v.code, v.value])).toEqual([['k3s.join-target', 'https://10.20.0.12:6443']]);
  });

  it('reports a founder config without cluster-init', () => {
    const { violations } = codesAfter((f) => f.set('bootstrap/nodes/fx-1/config.yaml', f.get('bootstrap/nodes/fx-1/config.yaml')!.replace('cluster-init: true\n', '')));
    expect(violations.map((v) => [v.code, v.value])).toEqual([['k3s.join-target', '(not set)']]);
  });

  it('reports a config for a node the environment does not have', () => {
    const { violations } = codesAfter((f) => f.set('bootstrap/nodes/ghost/config.yaml', 'node-ip: 10.20.0.99\nserver: https://10.20.0.11:6443\n'));
    expect(violations.map((v) => v.code)).toEqual(['k3s.node-ip']);
    expect(violations[0]!.message).toContain('(unknown node)');
  });

  it('reports a config whose SANs do not cover the node', () => {
    const file = 'bootstrap/nodes/fx-2/config.yaml';
    const { codes } = codesAfter((f) => f.set(file, f.get(file)!.replace('  - 10.20.0.12\n', '')));
    expect(codes).toEqual(['cloud-init.ip-mismatch', 'k3s.node-ip']);
  });

  it('reports a VM that has no k3s config', () => {
    const { violations } = codesAfter((f) => f.delete('bootstrap/nodes/fx-3/config.yaml'));
    expect(violations.map((v) => [v.code, v.message])).toEqual([['cloud-init.ip-mismatch', 'VM fx-3 has no k3s config in bootstrap/nodes/']]);
  });

  it('reports a Terraform JSON without addresses for its VMs', () => {
    const { violations } = codesAfter((f) => {
      const tf = JSON.parse(f.get('terraform/cdk.tf.json')!);
      delete tf.locals.nodes_by_name.solo.address;
      f.set('terraform/cdk.tf.json', JSON.stringify(tf));
    }, singleServer);
    expect(violations.map((v) => [v.code, v.value])).toEqual([['cloud-init.ip-mismatch', '(not set)']]);
  });

  it('ignores a Terraform JSON without locals', () => {
    expect(codesAfter((f) => f.set('terraform/cdk.tf.json', '{}'), singleServer).codes).toEqual([]);
  });

  it('does not count a newly added provider as an upgrade', () => {
    const env = resolve(mgmt);
    const previous = renderEnvironment(env, { secrets: new Map([['secrets/mgmt/capmox-system.capmox-variables.sops.yaml', 'sops: {}\n']]) });
    previous.delete('kubernetes/capi-providers/cluster-api/coreprovider.capi-system.cluster-api.yaml');
    const ipam = 'kubernetes/capi-providers/cluster-api/ipamprovider.capi-ipam-in-cluster-system.in-cluster.yaml';
    previous.set(ipam, previous.get(ipam)!.replace('version: v1.1.1', 'version: v1.1.0'));
    expect(codesAfter(() => {}, mgmt, previous).codes).toEqual([]);
  });

  it('reports a SOPS file in a layer that has no Flux Kustomization', () => {
    const { violations } = codesAfter((f) => f.set('kubernetes/orphan/x/secret.a.b.sops.yaml', 'sops: {}\n'));
    expect(violations.map((v) => [v.code, v.value])).toEqual([['flux.sops-not-decrypted', 'orphan']]);
  });

  it('reads only YAML files, and only node configs and SOPS files at their own paths', () => {
    const { violations } = codesAfter((f) => {
      f.set('kubernetes/platform/notes.txt', 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: t\n');
      f.set('bootstrap/nodes/fx-2/config.yaml.orig', 'node-ip: 10.20.0.99\n');
      f.set('docs/bootstrap/nodes/fx-9/config.yaml', 'node-ip: 10.20.0.99\n');
      f.set('kubernetes/orphan/x/secret.a.b.sops.yaml.orig', 'sops: {}\n');
      f.set('docs/kubernetes/orphan/x/secret.a.b.sops.yaml', 'sops: {}\n');
    });
    expect(violations).toEqual([]);
  });

  it('reads Cilium values only from the kubernetes tree', () => {
    const values = 'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: cilium\nspec:\n  values:\n    k8sServiceHost: 10.20.0.11\n';
    expect(codesAfter((f) => f.set('docs/cilium.yaml', values)).codes).toEqual([]);
    expect(codesAfter((f) => f.set('kubernetes/platform/cilium/copy.yaml', values)).codes).toEqual(['cilium.endpoint-not-vip', 'cilium.port-mismatch', 'cilium.values-parity']);
  });

  it('reports a bootstrap values file with the same values in another layout once', () => {
    const { violations } = codesAfter((f) => f.set('bootstrap/cilium-values.yaml', `# edited by hand\n${f.get('bootstrap/cilium-values.yaml')}`));
    expect(violations.map((v) => v.code)).toEqual(['cilium.values-parity']);
  });

  it('reports a netplan document without an address', () => {
    const unaddressed = (netplan: string) => codesAfter((f) => {
      const tf = JSON.parse(f.get('terraform/cdk.tf.json')!);
      tf.locals.nodes_by_name['fx-2'].network_config = netplan;
      f.set('terraform/cdk.tf.json', JSON.stringify(tf));
    }).violations.map((v) => [v.code, v.path, v.value]);
    const expected = [['cloud-init.ip-mismatch', 'clusters/fixture/terraform/cdk.tf.json:locals.nodes_by_name.fx-2', '(not set)']];
    expect(unaddressed('version: 2\n')).toEqual(expected);
    expect(unaddressed('version: 2\nethernets: {}\n')).toEqual(expected);
    expect(unaddressed('version: 2\nethernets:\n  lan: {}\n')).toEqual(expected);
  });

  it('checks only Cluster API operator providers, and tolerates one without metadata or spec', () => {
    const { violations } = codesAfter((f) => {
      f.set('kubernetes/platform/namespaces/odd.yaml', [
        'apiVersion: operator.cluster.x-k8s.io/v1alpha2\nkind: CoreProvider\n',
        'apiVersion: operator.cluster.x-k8s.io/v1alpha2\nkind: ProviderList\nmetadata:\n  namespace: nowhere\n',
        'apiVersion: example.com/v1\nkind: CloudProvider\nmetadata:\n  namespace: nowhere\n',
        'apiVersion: operator.cluster.x-k8s.io/v1alpha2\nmetadata:\n  namespace: nowhere\n',
        'kind: Namespace\n',
      ].join('---\n'));
    });
    expect(violations.map((v) => [v.code, v.value])).toEqual([['capi.provider-namespace-missing', '(not set)']]);
  });

  it('compares provider versions by kind and name, and only of providers', () => {
    const env = resolve(mgmt);
    const secrets = new Map([['secrets/mgmt/capmox-system.capmox-variables.sops.yaml', 'sops: {}\n']]);
    const previous = renderEnvironment(env, { secrets });
    for (const [path, text] of previous) {
      // Two chart versions change (not providers), and a provider without a spec appears on both sides.
      if (path.includes('helmchart.')) previous.set(path, text.replace(/\n {2}version: .*\n/, '\n  version: 0.0.1\n'));
    }
    expect([...previous.values()].filter((text) => text.includes('version: 0.0.1')).length).toBeGreaterThanOrEqual(2);
    const specless = 'apiVersion: operator.cluster.x-k8s.io/v1alpha2\nkind: AddonProvider\n';
    previous.set('kubernetes/capi-providers/cluster-api/odd.yaml', specless);
    expect(codesAfter((f) => f.set('kubernetes/capi-providers/cluster-api/odd.yaml', specless), mgmt, previous).codes).toEqual(['capi.provider-namespace-missing']);
    expect(codesAfter(() => {}, mgmt).codes).toEqual([]);
  });

  it('reports a layer whose Flux Kustomization file is empty', () => {
    const { violations } = codesAfter((f) => {
      f.set('kubernetes/platform/x/secret.a.b.sops.yaml', 'sops: {}\n');
      f.set('kubernetes/platform.yaml', '');
    });
    expect(violations.map((v) => [v.code, v.value])).toEqual([['flux.sops-not-decrypted', 'platform']]);
  });

  it("judges a SOPS file in a folder no layer lists by the Kustomization whose path is nearest (a handover's workload/)", () => {
    const remote = (decryption: string) => `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: remote\n  namespace: default\nspec:\n${decryption}  path: ./clusters/fixture/kubernetes/platform/x/remote\n`;
    const place = (decryption: string) => (f: Map<string, string>) => {
      f.set('kubernetes/platform/x/remote/secret.a.b.sops.yaml', 'sops: {}\n');
      f.set('kubernetes/platform/x/kustomization.default.remote.yaml', remote(decryption));
      f.set('kubernetes/platform.yaml', '');
    };
    expect(codesAfter(place('  decryption:\n    provider: sops\n')).violations).toEqual([]);
    const { violations } = codesAfter(place(''));
    expect(violations.map((v) => [v.code, v.value])).toEqual([['flux.sops-not-decrypted', 'default/remote']]);
    expect(violations[0]!.message).toBe('Kustomization default/remote (kubernetes/platform/x/kustomization.default.remote.yaml) applies this encrypted file but does not decrypt with sops; Flux would apply ENC[…] as the values');
  });

  it('names a plaintext Secret without metadata', () => {
    const { violations } = codesAfter((f) => f.set('kubernetes/platform/x/secret.yaml', 'apiVersion: v1\nkind: Secret\n'));
    expect(violations.map((v) => [v.code, v.value])).toEqual([['kubernetes.plaintext-secret', '(not set)/(not set)']]);
  });

  it('reports a founder config with cluster-init false, showing the value', () => {
    const { violations } = codesAfter((f) => f.set('bootstrap/nodes/fx-1/config.yaml', f.get('bootstrap/nodes/fx-1/config.yaml')!.replace('cluster-init: true', 'cluster-init: false')));
    expect(violations.map((v) => [v.code, v.value])).toEqual([['k3s.join-target', 'false']]);
  });

  it('reports a server that joins another server instead of the founder (not the VIP)', () => {
    const file = 'bootstrap/nodes/fx-3/config.yaml';
    const { violations } = codesAfter((f) => f.set(file, f.get(file)!.replace('server: https://10.20.0.11:6443', 'server: https://10.20.0.12:6443')));
    expect(violations.map((v) => [v.code, v.path, v.value])).toEqual([['k3s.join-target', `clusters/fixture/${file}:server`, 'https://10.20.0.12:6443']]);
    expect(violations[0]!.message).not.toContain('VIP');
    expect(violations[0]!.fix).toBe('join https://10.20.0.11:6443');
  });

  it('counts only Namespace objects of the kubernetes tree as created namespaces', () => {
    const { violations } = codesAfter((f) => {
      f.delete('kubernetes/capi-providers/cluster-api/namespace.capmox-system.yaml');
      f.set('kubernetes/capi-providers/cluster-api/configmap.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: capmox-system\n  namespace: capi-system\n');
      f.set('bootstrap/namespace.yaml', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: capmox-system\n');
    }, mgmt);
    expect(violations.map((v) => [v.code, v.value])).toEqual([['capi.provider-namespace-missing', 'capmox-system']]);
  });

  it('compares only the provider versions of the kubernetes tree', () => {
    const env = resolve(mgmt);
    const previous = renderEnvironment(env, { secrets: new Map([['secrets/mgmt/capmox-system.capmox-variables.sops.yaml', 'sops: {}\n']]) });
    const copy = (version: string) =>
      `apiVersion: operator.cluster.x-k8s.io/v1alpha2\nkind: AddonProvider\nmetadata:\n  name: a\n  namespace: capi-system\nspec:\n  version: ${version}\n`;
    previous.set('docs/a.yaml', copy('v1.0.0'));
    previous.set('docs/b.yaml', copy('v1.0.0').replace('name: a', 'name: b'));
    const { codes } = codesAfter((f) => {
      f.set('docs/a.yaml', copy('v2.0.0'));
      f.set('docs/b.yaml', copy('v2.0.0').replace('name: a', 'name: b'));
    }, mgmt, previous);
    expect(codes).toEqual([]);
  });
});
