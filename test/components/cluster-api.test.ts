import { describe, expect, it } from 'vitest';
import { mgmt } from '../fixtures/fleet/mgmt';
import type { EnvironmentSpec } from '../../src/model/environment';
import { minorOf } from '../../src/components/cluster-api/rules';
import { checkRendered } from '../../src/check/rendered-rules';
import { resolve } from '../../src/model/resolve';
import { parseYamlDocuments } from '../../src/tree/yaml';
import { renderEnvironment } from '../../src/synth/render';
import { OTHER_AGE_RECIPIENT, modify, threeServers } from '../fixtures/environments';
import { codes, expectOnly, expectReport } from '../fixtures/expect';

// The shipped mgmt with its own age key: the demo-key warning would blur "exactly this code".
const base = modify(mgmt as EnvironmentSpec, (e) => { e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; });

/** The rendered rules' report, checked well-formed and pinned. */
function checkedRendered(tree: Parameters<typeof checkRendered>[0]) {
  const violations = checkRendered(tree);
  expectReport(violations);
  return violations;
}

describe('compatibility and Cluster API invariants', () => {
  it('passes mgmt clean', () => {
    expect(codes(base)).toEqual([]);
  });

  it('reads the minor of a k3s release', () => {
    expect(minorOf('v1.35.8+k3s1')).toBe('1.35');
    expect(minorOf('v1.12.11')).toBe('1.12');
  });

  it.each(['v1.32.9+k3s1', 'v1.37.1+k3s1'])('fails when cert-manager does not support Kubernetes %s, quoting its range from the vendored data', (version) => {
    const [v] = expectOnly(modify(base, (e) => { e.k3s.version = version; }), 'compat.cert-manager-kubernetes');
    expect(v!.message).toBe(`cert-manager v1.21.2 supports Kubernetes 1.33 to 1.36 (cert-manager/website content/docs/releases/README.md at (main; the website has no tags) (schemas/compat/cert-manager-kubernetes.json)), not ${minorOf(version)}`);
    expect(v!.fix).toBe(`pin a k3s release between v1.33 and v1.36, or a cert-manager release that supports ${minorOf(version)} (versions.charts.certManager)`);
  });

  it("judges a bumped cert-manager pin by that release's range, not the tool's", () => {
    // cert-manager 1.18 supports 1.29 to 1.33: mgmt's k3s 1.35 is outside it (1.21's range holds it), 1.33 inside.
    const bumped = modify(base, (e: any) => { e.versions = { charts: { certManager: { version: 'v1.18.5' } } }; });
    const [v] = expectOnly(bumped, 'compat.cert-manager-kubernetes');
    expect(v!.message).toBe('cert-manager v1.18.5 supports Kubernetes 1.29 to 1.33 (cert-manager/website content/docs/releases/README.md at (main; the website has no tags) (schemas/compat/cert-manager-kubernetes.json)), not 1.35');
    expect(codes(modify(bumped, (e) => { e.k3s.version = 'v1.33.9+k3s1'; }))).toEqual([]);
  });

  it('warns on a cert-manager pin past the data, naming its source and newest entry, and judges nothing by a guess', () => {
    const [v] = expectOnly(modify(base, (e: any) => { e.versions = { charts: { certManager: { version: 'v1.22.0' } } }; }), 'compat.unknown-release');
    expect(v).toMatchObject({ severity: 'warning', path: 'mgmt.versions.charts.certManager.version', value: 'v1.22.0' });
    expect(v!.message).toBe('the compatibility data, cert-manager/website content/docs/releases/README.md at (main; the website has no tags) (schemas/compat/cert-manager-kubernetes.json), has no entry for cert-manager 1.22 (its newest is 1.21), so this pin is not judged against it');
    expect(v!.fix).toBe('pin a cert-manager release the data knows (up to 1.21), or bump k3s-gitops-synth to a release whose vendored data covers 1.22');
  });

  it('fails when the core provider is another Cluster API minor than the operator’s', () => {
    const spec = modify(base, (e: any) => { e.clusterApi.providers[0].version = 'v1.11.5'; });
    const [v] = expectOnly(spec, 'compat.operator-capi');
    expect(v).toMatchObject({ path: 'mgmt.clusterApi.providers[0].version', value: 'v1.11.5' });
    expect(v!.message).toBe('cluster-api-operator 0.28.0 is built against Cluster API v1.12.10 (kubernetes-sigs/cluster-api-operator go.mod + internal/controller/phase_load.go at v0.28.0 (schemas/compat/cluster-api-operator.json)), the core provider is v1.11.5');
    expect(v!.fix).toBe('pin a v1.12.x core provider, or an operator release built for 1.11');
  });

  it("judges a bumped operator pin by that release's Cluster API", () => {
    const [v] = expectOnly(modify(base, (e: any) => { e.versions = { charts: { clusterApiOperator: { version: '0.24.0' } } }; }), 'compat.operator-capi');
    expect(v!.message).toContain('cluster-api-operator 0.24.0 is built against Cluster API v1.11.1');
  });

  it('warns on an operator pin past the data and names its newest entry', () => {
    const [v] = expectOnly(modify(base, (e: any) => { e.versions = { charts: { clusterApiOperator: { version: '0.29.0' } } }; }), 'compat.unknown-release');
    expect(v!.message).toContain('has no entry for cluster-api-operator 0.29.0 (its newest is v0.28.0)');
  });

  it("fails when a provider's contract is one the operator does not accept (a provider the data does not know, its contract written)", () => {
    const spec = modify(base, (e: any) => { e.clusterApi.providers.push({ kind: 'InfrastructureProvider', name: 'docker', namespace: 'capd-system', version: 'v0.4.0', contract: 'v1alpha4' }); });
    const [v] = expectOnly(spec, 'compat.provider-contract');
    expect(v).toMatchObject({ path: 'mgmt.clusterApi.providers[5].contract', value: 'v1alpha4' });
    expect(v!.message).toBe('InfrastructureProvider docker v0.4.0 declares contract v1alpha4; cluster-api-operator 0.28.0 accepts v1beta1, v1beta2');
  });

  it("fails when a provider's written contract is not the one its release series declares", () => {
    const spec = modify(base, (e: any) => { e.clusterApi.providers[3].contract = 'v1alpha4'; });
    const [v] = expectOnly(spec, 'compat.provider-contract-declared');
    expect(v).toMatchObject({ path: 'mgmt.clusterApi.providers[3].contract', value: 'v1alpha4' });
    expect(v!.message).toBe('InfrastructureProvider proxmox v0.9.1 declares contract v1beta2 (release series 0.9 in ionos-cloud/cluster-api-provider-proxmox metadata.yaml at v0.9.0 (schemas/compat/cluster-api-providers.json)), not v1alpha4');
    expect(v!.fix).toBe("remove contract (the tool's data knows it), or write v1beta2");
  });

  it('takes the contract from the data when none is written', () => {
    expect(codes(modify(base, (e: any) => { for (const p of e.clusterApi.providers) delete p.contract; }))).toEqual([]);
  });

  it('warns on a provider release past the data, naming its source and newest series', () => {
    const [v] = expectOnly(modify(base, (e: any) => { e.clusterApi.providers[4].version = 'v1.2.0'; }), 'compat.provider-unknown-release');
    expect(v).toMatchObject({ severity: 'warning', path: 'mgmt.clusterApi.providers[4].version', value: 'v1.2.0' });
    expect(v!.message).toBe('the compatibility data, kubernetes-sigs/cluster-api-ipam-provider-in-cluster metadata.yaml at v1.1.0-rc.2 (schemas/compat/cluster-api-providers.json), lists no release series 1.2 for IPAMProvider in-cluster (its newest is 1.1), so its contract is not judged');
    expect(v!.fix).toBe('pin a release of series 1.1 or older, or bump k3s-gitops-synth to a release whose data lists 1.2');
  });

  it('warns on a provider the data does not know whose contract is not written', () => {
    const spec = modify(base, (e: any) => { e.clusterApi.providers.push({ kind: 'InfrastructureProvider', name: 'docker', namespace: 'capd-system', version: 'v0.4.0' }); });
    const [v] = expectOnly(spec, 'compat.provider-unknown-release');
    expect(v).toMatchObject({ path: 'mgmt.clusterApi.providers[5].contract', value: '(not set)' });
    expect(v!.message).toBe('the compatibility data, schemas/compat/cluster-api-providers.json, does not know InfrastructureProvider docker, and no contract is written, so its contract is not judged');
  });

  it('fails when a provider version is not pinned', () => {
    const spec = modify(base, (e: any) => { e.clusterApi.providers[4].version = 'latest'; });
    expect(expectOnly(spec, 'version.unpinned')[0]!.path).toBe('mgmt.clusterApi.providers[4].version');
  });

  it('fails when the operator chart values configure a provider', () => {
    const spec = modify(base, (e: any) => { e.clusterApi.operatorValues = { infrastructure: { proxmox: { version: 'v0.9.1' } } }; });
    const [v] = expectOnly(spec, 'capi.provider-in-chart-values');
    expect(v!.path).toBe('mgmt.clusterApi.operatorValues.infrastructure');
  });

  it('accepts operator chart values that configure no provider', () => {
    expect(codes(modify(base, (e: any) => { e.clusterApi.operatorValues = { resources: { limits: { memory: '256Mi' } } }; }))).toEqual([]);
  });

  it.each([
    ['certManager', 'cert-manager'],
    ['providers', 'cluster-api goes into'],
  ])('fails when the %s layer does not exist, naming the component', (layer, component) => {
    const [v] = expectOnly(modify(base, (e: any) => { e.clusterApi.layers = { [layer]: 'nowhere' }; }), 'flux.layer-missing');
    expect(v).toMatchObject({ path: `mgmt.clusterApi.layers.${layer}`, value: 'nowhere' });
    expect(v!.message).toContain(component);
  });

  it('fails when a provider is declared twice', () => {
    expectOnly(modify(base, (e: any) => { e.clusterApi.providers.push({ ...e.clusterApi.providers[1] }); }), 'capi.duplicate-provider');
  });

  it('fails without a core provider', () => {
    expectOnly(modify(base, (e: any) => { e.clusterApi.providers.shift(); }), 'capi.core-provider-missing');
  });

  it('fails when the providers layer does not wait for the operator layer', () => {
    const [v] = expectOnly(modify(base, (e) => { e.flux.layers[2]!.dependsOn = ['cert-manager']; }), 'capi.layer-order');
    expect(v!.message).toContain('capi-providers does not depend on capi-operator');
  });

  it('follows the layer order through other layers, and past a dependency on a missing layer', () => {
    const spec = modify(base, (e) => {
      e.flux.layers[2]!.dependsOn = ['ghost', 'bridge'];
      e.flux.layers.push({ name: 'bridge', dependsOn: ['capi-operator'] });
    });
    expect(codes(spec)).toEqual(['flux.unknown-dependency']);
  });

  it('checks cert-manager against Kubernetes wherever it is installed: with TLS on the Gateway too', () => {
    expect(codes(modify(threeServers, (e) => { e.k3s.version = 'v1.32.9+k3s1'; }))).toEqual(['compat.cert-manager-kubernetes']);
  });

  it('fails when the operator layer does not wait for cert-manager', () => {
    expectOnly(modify(base, (e) => { e.flux.layers[1]!.dependsOn = []; }), 'capi.layer-order');
  });

  it("says wait: true is the layer's default where the spec does not write it", () => {
    const [v] = expectOnly(modify(base, (e: any) => { delete e.flux.layers[0].wait; }), 'flux.wait-ignores-health-checks');
    expect(v!.message).toContain("but wait: true (a layer's default) makes Flux ignore them");
    const [explicit] = expectOnly(modify(base, (e) => { e.flux.layers[0]!.wait = true; }), 'flux.wait-ignores-health-checks');
    expect(explicit!.message).toContain('but wait: true makes Flux ignore them');
  });

  it('fails when a layer gated by health checks sets wait (Flux would skip them)', () => {
    const [v] = expectOnly(modify(base, (e) => { e.flux.layers[0]!.wait = true; }), 'flux.wait-ignores-health-checks');
    expect(v!.fix).toBe('set wait: false on layer cert-manager');
  });

  it('fails when a component goes into a layer that does not exist', () => {
    const [v] = expectOnly(modify(base, (e: any) => { e.clusterApi.layers = { operator: 'operator' }; }), 'flux.layer-missing');
    expect(v).toMatchObject({ path: 'mgmt.clusterApi.layers.operator', value: 'operator' });
  });
});

describe('Cluster API checks on the rendered tree', () => {
  const env = resolve(base);
  const files = () => renderEnvironment(env);

  it('fails when a provider namespace is not created in the tree', () => {
    const tree = files();
    tree.delete('kubernetes/capi-providers/cluster-api/namespace.capmox-system.yaml');
    const violations = checkedRendered({ env, files: tree });
    expect(violations.map((v) => v.code)).toEqual(['capi.provider-namespace-missing']);
    expect(violations[0]!.value).toBe('capmox-system');
  });

  it('warns when more than one provider version changes against the committed tree', () => {
    const previous = files();
    const bump = (path: string, from: string, to: string) => previous.set(path, previous.get(path)!.replace(`version: ${to}`, `version: ${from}`));
    bump('kubernetes/capi-providers/cluster-api/coreprovider.capi-system.cluster-api.yaml', 'v1.12.10', 'v1.12.11');
    const one = checkedRendered({ env, files: files(), previous });
    expect(one).toEqual([]);
    bump('kubernetes/capi-providers/cluster-api/infrastructureprovider.capmox-system.proxmox.yaml', 'v0.9.0', 'v0.9.1');
    const [v, ...rest] = checkedRendered({ env, files: files(), previous });
    expect(rest).toEqual([]);
    expect(v).toMatchObject({ code: 'capi.upgrade-one-at-a-time', severity: 'warning' });
    expect(v!.value).toContain('CoreProvider cluster-api v1.12.10 -> v1.12.11');
  });
});

describe("rotating a provider's credentials", () => {
  const env = resolve(base);
  const FILE = 'kubernetes/capi-providers/cluster-api/secret.capmox-system.capmox-variables.sops.yaml';
  const source = (token: string) => new Map([['secrets/mgmt/capmox-system.capmox-variables.sops.yaml', `apiVersion: v1\nkind: Secret\nmetadata:\n  name: capmox-variables\n  namespace: capmox-system\ndata:\n  PROXMOX_TOKEN: ENC[AES256_GCM,data:${token},tag:x,type:str]\nsops:\n  mac: x\n`]]);
  const tree = (token: string) => renderEnvironment(env, { secrets: source(token) });

  it('warns when the config Secret changes its values under the same name (the operator would never see them)', () => {
    const changed = checkRendered({ env, files: tree('bmV3'), previous: tree('b2xk') }).filter((v) => v.code === 'capi.config-secret-changed-in-place');
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ severity: 'warning', path: `clusters/mgmt/${FILE}`, value: 'capmox-system/capmox-variables' });
    expect(changed[0]!.fix).toContain('capmox-variables-2');
    expect(changed[0]!.message).toBe('the values of capmox-variables changed under the same name; cluster-api-operator does not watch it, so the proxmox provider keeps the old credentials');
    expect(tree('b2xk').get(FILE)).toBeDefined();
  });

  it('says nothing when the values stay, or the Secret gets a new name', () => {
    expect(checkRendered({ env, files: tree('b2xk'), previous: tree('b2xk') }).map((v) => v.code)).not.toContain('capi.config-secret-changed-in-place');
    const previous = tree('b2xk');
    previous.delete(FILE);
    expect(checkRendered({ env, files: tree('bmV3'), previous }).map((v) => v.code)).not.toContain('capi.config-secret-changed-in-place');
  });
});

describe('SOPS files in the rendered tree', () => {
  const shipped = new Map([['secrets/mgmt/capmox-system.capmox-variables.sops.yaml', 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: capmox-variables\n  namespace: capmox-system\nsops:\n  mac: x\n']]);
  const env = resolve(base);

  it('gives the layer holding a secret a sops decryption, and passes', () => {
    const files = renderEnvironment(env, { secrets: shipped });
    expect(parseYamlDocuments(files.get('kubernetes/capi-providers.yaml')!)[0]).toMatchObject({ spec: { decryption: { provider: 'sops', secretRef: { name: 'sops-age' } } } });
    expect(parseYamlDocuments(files.get('kubernetes/cert-manager.yaml')!)[0]).not.toHaveProperty('spec.decryption');
    expect(checkedRendered({ env, files })).toEqual([]);
  });

  it('fails when a layer holding a SOPS file does not decrypt', () => {
    const files = renderEnvironment(env, { secrets: shipped });
    files.set('kubernetes/capi-providers.yaml', files.get('kubernetes/capi-providers.yaml')!.replace(/ {2}decryption:\n(?: {4}.*\n)+/, ''));
    expect(checkedRendered({ env, files }).map((v) => v.code)).toEqual(['flux.sops-not-decrypted']);
  });

  it('fails on a plaintext Secret in the bootstrap tree too', () => {
    const files = renderEnvironment(env, { secrets: shipped });
    files.set('bootstrap/token.yaml', 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: t\n');
    expect(checkedRendered({ env, files }).map((v) => v.code)).toEqual(['kubernetes.plaintext-secret']);
  });
});

describe("cluster-api-operator's namespace", () => {
  const tree = (installer: 'flux' | 'k3s') => renderEnvironment(resolve(modify(base, (e) => { e.helmInstaller = installer; e.handover = undefined; })));
  const NAMESPACE = 'kubernetes/capi-operator/cluster-api-operator/namespace.capi-operator-system.yaml';

  it('is a Namespace of the tree where Flux installs the chart: its HelmRelease lives there', () => {
    const flux = tree('flux');
    expect(parseYamlDocuments(flux.get(NAMESPACE)!)[0]).toMatchObject({ kind: 'Namespace', metadata: { name: 'capi-operator-system' } });
    expect([...flux.keys()].some((k) => k.endsWith('helmrelease.capi-operator-system.cluster-api-operator.yaml'))).toBe(true);
  });

  it("is left to the k3s HelmChart, which creates it on install", () => {
    expect(tree('k3s').has(NAMESPACE)).toBe(false);
  });
});
