import { describe, expect, it } from 'vitest';
import { mgmt } from '../fixtures/fleet/mgmt';
import { checkRendered } from '../../src/check/rendered-rules';
import { resolve } from '../../src/model/resolve';
import { renderEnvironment } from '../../src/synth/render';
import { parseYamlDocuments } from '../../src/tree/yaml';
import { modify, threeServers } from '../fixtures/environments';
import { rendered } from '../fixtures/render';

// Rendered inside each test (not at collection), so mutation coverage maps to the tests.
const tree = () => rendered(mgmt);
const providersDir = 'kubernetes/capi-providers/cluster-api';

describe('management cluster tree', () => {
  it('installs cert-manager through a k3s HelmChart with its CRDs', () => {
    const chart = tree().doc('kubernetes/cert-manager/cert-manager/helmchart.kube-system.cert-manager.yaml');
    expect(chart).toMatchObject({
      apiVersion: 'helm.cattle.io/v1',
      kind: 'HelmChart',
      metadata: { name: 'cert-manager', namespace: 'kube-system' },
      spec: { repo: 'https://charts.jetstack.io', chart: 'cert-manager', version: 'v1.21.2', targetNamespace: 'cert-manager', createNamespace: true },
    });
    const values = parseYamlDocuments(chart.spec.valuesContent)[0] as any;
    expect(values).toMatchObject({ crds: { enabled: true }, resources: { requests: { memory: '64Mi' } }, webhook: { resources: { requests: { memory: '32Mi' } } } });
    // No ACME issuer on mgmt: the DNS-01 self-check keeps cert-manager's defaults.
    expect(values).not.toHaveProperty('dns01RecursiveNameservers');
  });

  it('installs cluster-api-operator with no provider in its values', () => {
    const chart = tree().doc('kubernetes/capi-operator/cluster-api-operator/helmchart.kube-system.cluster-api-operator.yaml');
    expect(chart.spec).toMatchObject({
      repo: 'https://kubernetes-sigs.github.io/cluster-api-operator',
      chart: 'cluster-api-operator',
      version: '0.28.0',
      targetNamespace: 'capi-operator-system',
      createNamespace: true,
    });
    expect(chart.spec).not.toHaveProperty('valuesContent');
  });

  it.each([
    ['CoreProvider', 'cluster-api', 'capi-system', 'v1.12.11'],
    ['BootstrapProvider', 'kubeadm', 'capi-kubeadm-bootstrap-system', 'v1.12.11'],
    ['ControlPlaneProvider', 'kubeadm', 'capi-kubeadm-control-plane-system', 'v1.12.11'],
    ['InfrastructureProvider', 'proxmox', 'capmox-system', 'v0.9.1'],
    ['IPAMProvider', 'in-cluster', 'capi-ipam-in-cluster-system', 'v1.1.1'],
  ])('declares %s %s in %s at %s, with its namespace beside it', (kind, name, namespace, version) => {
    const provider = tree().doc(`${providersDir}/${kind.toLowerCase()}.${namespace}.${name}.yaml`);
    expect(provider).toMatchObject({ apiVersion: 'operator.cluster.x-k8s.io/v1alpha2', kind, metadata: { name, namespace }, spec: { version } });
    expect(tree().doc(`${providersDir}/namespace.${namespace}.yaml`)).toEqual({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  });

  it('points the Proxmox provider at capmox-variables', () => {
    expect(tree().doc(`${providersDir}/infrastructureprovider.capmox-system.proxmox.yaml`).spec.configSecret).toEqual({ name: 'capmox-variables' });
  });

  it('orders cert-manager → operator → providers, each gate waiting for what the next one needs', () => {
    const certManager = tree().doc('kubernetes/cert-manager.yaml').spec;
    const operator = tree().doc('kubernetes/capi-operator.yaml').spec;
    const providers = tree().doc('kubernetes/capi-providers.yaml').spec;
    expect(certManager).not.toHaveProperty('dependsOn');
    expect(operator.dependsOn).toEqual([{ name: 'cert-manager' }]);
    expect(providers.dependsOn).toEqual([{ name: 'capi-operator' }]);
    // Flux ignores healthChecks when wait is true: the gates use health checks instead.
    expect(certManager.wait).toBe(false);
    expect(certManager.healthChecks).toContainEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'cert-manager-webhook', namespace: 'cert-manager' });
    expect(certManager.healthChecks).toContainEqual({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: 'certificates.cert-manager.io' });
    expect(operator.wait).toBe(false);
    expect(operator.healthChecks.map((c: any) => c.name).sort()).toEqual([
      'bootstrapproviders.operator.cluster.x-k8s.io',
      'cluster-api-operator',
      'controlplaneproviders.operator.cluster.x-k8s.io',
      'coreproviders.operator.cluster.x-k8s.io',
      'infrastructureproviders.operator.cluster.x-k8s.io',
      'ipamproviders.operator.cluster.x-k8s.io',
    ]);
    expect(providers.wait).toBe(true);
  });

  it('renders the mgmt k3s config as the operators run it: one server on the default datastore, no cluster-init', () => {
    expect(tree().doc('bootstrap/nodes/lab-mgmt/config.yaml')).toEqual({
      'data-dir': '/var/lib/rancher/k3s',
      disable: ['traefik'],
      'node-ip': '192.168.4.21',
      'tls-san': ['192.168.4.21'],
      'write-kubeconfig-mode': '0600',
    });
    expect(tree().text('bootstrap/nodes/lab-mgmt/config.yaml')).toContain('write-kubeconfig-mode: "0600"');
    expect(tree().text('bootstrap/README.md')).toContain('sudo INSTALL_K3S_VERSION=v1.35.8+k3s1 sh k3s-install.sh server');
    expect(tree().doc('bootstrap/flux-instance.yaml').spec.sync).toMatchObject({ url: 'https://gitea.home.arpa/ops/k3s-fleet.git', ref: 'refs/heads/main', path: 'clusters/mgmt/kubernetes' });
  });

  it('renders no kube-vip and no Cilium without a VIP and without Cilium', () => {
    expect([...tree().files.keys()].filter((p) => /kube-vip|cilium/.test(p))).toEqual([]);
  });
});

describe('capi-readonly', () => {
  const dir = 'kubernetes/capi-providers/capi-inspector';
  const role = () => tree().doc(`${dir}/clusterrole.capi-readonly.yaml`);

  it('only reads: get, list, watch', () => {
    for (const rule of role().rules) expect(rule.verbs).toEqual(['get', 'list', 'watch']);
  });

  it('names its resources without wildcards and never Secrets', () => {
    const all = role().rules.flatMap((r: any) => [...r.apiGroups, ...r.resources, ...r.verbs]);
    expect(all).not.toContain('*');
    expect(role().rules.flatMap((r: any) => r.resources)).not.toContain('secrets');
  });

  it('covers the operator objects, HelmCharts, nodes and namespaces', () => {
    const grants = role().rules.flatMap((r: any) => r.apiGroups.flatMap((g: string) => r.resources.map((res: string) => `${g}/${res}`)));
    expect(grants).toEqual(expect.arrayContaining(['operator.cluster.x-k8s.io/coreproviders', 'operator.cluster.x-k8s.io/infrastructureproviders', 'helm.cattle.io/helmcharts', '/nodes', '/namespaces']));
  });

  // What `clusterctl describe cluster` gets and lists (cmd/clusterctl/client/tree/discovery.go):
  // with the inspector's token it must still work on a management cluster.
  it('covers what clusterctl describe cluster reads, the CRDs for contract versions included', () => {
    const grants = role().rules.flatMap((r: any) => r.apiGroups.flatMap((g: string) => r.resources.map((res: string) => `${g}/${res}`)));
    expect(grants).toEqual(expect.arrayContaining([
      'cluster.x-k8s.io/clusters', 'cluster.x-k8s.io/machines', 'cluster.x-k8s.io/machinesets', 'cluster.x-k8s.io/machinedeployments', 'cluster.x-k8s.io/machinepools',
      'controlplane.cluster.x-k8s.io/kubeadmcontrolplanes', 'bootstrap.cluster.x-k8s.io/kubeadmconfigs',
      'infrastructure.cluster.x-k8s.io/proxmoxclusters', 'infrastructure.cluster.x-k8s.io/proxmoxmachines',
      'addons.cluster.x-k8s.io/clusterresourcesetbindings', 'apiextensions.k8s.io/customresourcedefinitions',
    ]));
  });

  it('binds the role and the built-in view to the capi-inspector ServiceAccount', () => {
    const subject = { kind: 'ServiceAccount', name: 'capi-inspector', namespace: 'capi-system' };
    expect(tree().doc(`${dir}/clusterrolebinding.capi-readonly.yaml`)).toMatchObject({ roleRef: { kind: 'ClusterRole', name: 'capi-readonly' }, subjects: [subject] });
    expect(tree().doc(`${dir}/clusterrolebinding.capi-inspector-view.yaml`)).toMatchObject({ roleRef: { kind: 'ClusterRole', name: 'view' }, subjects: [subject] });
    expect(tree().doc(`${dir}/serviceaccount.capi-system.capi-inspector.yaml`).metadata).toEqual({ name: 'capi-inspector', namespace: 'capi-system' });
  });
});

describe('one chart, installed the way the environment says', () => {
  it('writes Cilium as a k3s HelmChart whose values are the bootstrap values byte for byte', () => {
    const spec = modify(threeServers, (e) => { e.helmInstaller = 'k3s'; });
    const env = resolve(spec);
    const files = renderEnvironment(env);
    const chart = parseYamlDocuments(files.get('kubernetes/platform/cilium/helmchart.kube-system.cilium.yaml')!)[0] as any;
    expect(chart.spec.valuesContent).toBe(files.get('bootstrap/cilium-values.yaml'));
    // Only Flux's own operator is a HelmRelease (it has no HTTP repository for k3s to use).
    expect([...files.keys()].filter((p) => p.includes('helmrelease'))).toEqual(['kubernetes/flux-system/helmrelease.flux-system.flux-operator.yaml']);
    expect(checkRendered({ env, files })).toEqual([]);
  });

  it('writes cert-manager and the operator as Flux HelmReleases on a Flux-installed environment', () => {
    const spec = modify(mgmt as any, (e) => { e.helmInstaller = 'flux'; });
    const files = renderEnvironment(resolve(spec));
    const release = parseYamlDocuments(files.get('kubernetes/cert-manager/cert-manager/helmrelease.cert-manager.cert-manager.yaml')!)[0] as any;
    expect(release.spec.values).toMatchObject({ crds: { enabled: true }, cainjector: { resources: { requests: { memory: '64Mi' } } } });
    // cert-manager is published as OCI (tags with their v): chartRef to an OCIRepository.
    expect(release.spec.chartRef).toEqual({ kind: 'OCIRepository', name: 'cert-manager', namespace: 'flux-system' });
    const source = parseYamlDocuments(files.get('kubernetes/cert-manager/cert-manager/ocirepository.flux-system.cert-manager.yaml')!)[0] as any;
    expect(source.spec).toMatchObject({ url: 'oci://quay.io/jetstack/charts/cert-manager', ref: { tag: 'v1.21.2' } });
    // The operator's chart has no OCI home: a HelmRepository and chart.spec, as before.
    const operator = parseYamlDocuments(files.get('kubernetes/capi-operator/cluster-api-operator/helmrelease.capi-operator-system.cluster-api-operator.yaml')!)[0] as any;
    expect(operator.spec.chart.spec).toMatchObject({ chart: 'cluster-api-operator', sourceRef: { kind: 'HelmRepository' } });
  });
});
