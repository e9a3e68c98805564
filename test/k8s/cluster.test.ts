import { describe, expect, it } from 'vitest';
import { dev } from '../fixtures/fleet/dev';
import { prod } from '../fixtures/fleet/prod';
import { fiveServersTwoPlanned, modify, singleServer, threeServers } from '../fixtures/environments';
import { rendered } from '../fixtures/render';
import { mgmt } from '../fixtures/fleet/mgmt';
import * as versions from '../../src/versions';
import { parseYamlDocuments } from '../../src/tree/yaml';
import { resolve } from '../../src/model/resolve';
import { renderEnvironment } from '../../src/synth/render';
import type { EnvironmentSpec } from '../../src/model/environment';

describe('Kubernetes tree', () => {
  it('points the dev Cilium HelmRelease at the dev VIP', () => {
    const release = rendered(dev).doc('kubernetes/platform/cilium/helmrelease.kube-system.cilium.yaml');
    expect(release.spec.values).toMatchObject({ k8sServiceHost: '192.168.1.49', k8sServicePort: 6443 });
  });

  it('points the prod Cilium HelmRelease at the prod VIP', () => {
    const release = rendered(prod).doc('kubernetes/platform/cilium/helmrelease.kube-system.cilium.yaml');
    expect(release.spec.values.k8sServiceHost).toBe('192.168.2.9');
  });

  it('installs a pinned Cilium with the values that matter', () => {
    const tree = rendered(threeServers);
    const release = tree.doc('kubernetes/platform/cilium/helmrelease.kube-system.cilium.yaml');
    // Cilium publishes its chart as OCI: Flux pulls it through an OCIRepository (chartRef).
    expect(release.spec.chartRef).toEqual({ kind: 'OCIRepository', name: 'cilium', namespace: 'flux-system' });
    expect(release.spec.chart).toBeUndefined();
    expect(tree.doc('kubernetes/platform/cilium/ocirepository.flux-system.cilium.yaml').spec).toEqual({
      interval: '24h',
      url: 'oci://quay.io/cilium/charts/cilium',
      ref: { tag: '1.20.0' },
      layerSelector: { mediaType: 'application/vnd.cncf.helm.chart.content.v1.tar+gzip', operation: 'copy' },
    });
    expect(tree.files.has('kubernetes/platform/cilium/helmrepository.flux-system.cilium.yaml')).toBe(false);
    expect(release.spec.releaseName).toBe('cilium');
    expect(release.spec.values).toMatchObject({
      kubeProxyReplacement: true,
      gatewayAPI: { enabled: true },
      egressGateway: { enabled: true },
      hubble: { enabled: true, relay: { enabled: true }, ui: { enabled: true } },
      l2announcements: { enabled: true },
      bpf: { masquerade: true },
      updateStrategy: { rollingUpdate: { maxUnavailable: 1 } },
    });
  });

  it('installs Flux through flux-operator: a FluxInstance syncing the environment path, the operator release under the bootstrap name', () => {
    const tree = rendered(singleServer);
    const instance = tree.doc('kubernetes/flux-system/fluxinstance.flux-system.flux.yaml');
    expect(instance.metadata.name).toBe('flux');
    expect(instance.spec.sync).toEqual({
      kind: 'GitRepository',
      url: 'https://git.single.test/ops/fleet.git',
      ref: 'refs/heads/live',
      path: 'clusters/single/kubernetes',
      interval: '1m',
    });
    expect(instance.spec.distribution).toEqual({ version: versions.flux.version, registry: 'ghcr.io/fluxcd' });
    expect(instance.spec.components).toEqual(['source-controller', 'kustomize-controller', 'helm-controller', 'notification-controller']);
    expect(tree.doc('kubernetes/flux-system/helmrelease.flux-system.flux-operator.yaml').spec).toMatchObject({
      releaseName: 'flux-operator',
      chartRef: { kind: 'OCIRepository', name: 'flux-operator', namespace: 'flux-system' },
    });
    expect(tree.doc('kubernetes/flux-system/ocirepository.flux-system.flux-operator.yaml').spec).toMatchObject({ url: versions.charts.fluxOperator.oci, ref: { tag: versions.charts.fluxOperator.version } });
    // The FluxInstance creates bootstrap's sync objects itself: none in the tree.
    expect([...tree.files.keys()].filter((f) => f.includes('gitrepository.') || f.includes('kustomization.flux-system.flux-system'))).toEqual([]);
    // The bootstrap applies the very object Flux keeps applied.
    expect(tree.text('bootstrap/flux-instance.yaml')).toBe(tree.text('kubernetes/flux-system/fluxinstance.flux-system.flux.yaml'));
  });

  it("names the pull secret in the FluxInstance's sync", () => {
    const spec = { ...singleServer, flux: { ...singleServer.flux, pullSecret: 'git-auth' }, secrets: [{ namespace: 'flux-system', name: 'git-auth', keys: ['identity', 'known_hosts'] }] };
    const tree = renderEnvironment(resolve(spec as EnvironmentSpec), { secrets: new Map([['secrets/single/flux-system.git-auth.sops.yaml', 'apiVersion: v1\nkind: Secret\nsops: {}\n']]) });
    expect(parseYamlDocuments(tree.get('kubernetes/flux-system/fluxinstance.flux-system.flux.yaml')!)[0]).toMatchObject({ spec: { sync: { pullSecret: 'git-auth' } } });
  });

  it("keeps bootstrap's sync objects and lists gotk-components.yaml while the cluster still runs flux bootstrap's Flux", () => {
    const tree = rendered({ ...singleServer, flux: { ...singleServer.flux, bootstrapped: true } });
    expect(tree.doc('kubernetes/flux-system/gitrepository.flux-system.flux-system.yaml').spec).toEqual({
      interval: '1m',
      ref: { branch: 'live' },
      url: 'https://git.single.test/ops/fleet.git',
    });
    expect(tree.doc('kubernetes/flux-system/kustomization.flux-system.flux-system.yaml').spec).toMatchObject({
      path: './clusters/single/kubernetes',
      prune: true,
      sourceRef: { kind: 'GitRepository', name: 'flux-system' },
    });
    expect(tree.doc('kubernetes/flux-system/kustomization.yaml').resources).toContain('gotk-components.yaml');
    // Not yet the operator's: its kind would not exist until the migration installs it.
    expect([...tree.files.keys()].some((f) => f.startsWith('kubernetes/') && f.includes('fluxinstance'))).toBe(false);
  });

  it('writes one Flux Kustomization per layer with the layer settings', () => {
    const tree = rendered(fiveServersTwoPlanned);
    expect(tree.doc('kubernetes/infra.yaml').spec).toMatchObject({ interval: '15m', prune: true, wait: true, suspend: false, path: './clusters/five/kubernetes/infra' });
    expect(tree.doc('kubernetes/crds.yaml').spec).not.toHaveProperty('dependsOn');
    expect(tree.doc('kubernetes/infra.yaml').spec.dependsOn).toEqual([{ name: 'crds' }]);
    expect(tree.doc('kubernetes/platform.yaml').spec).toMatchObject({ wait: false, dependsOn: [{ name: 'infra' }] });
    expect(tree.doc('kubernetes/apps.yaml').spec).toMatchObject({ suspend: true, prune: false, dependsOn: [{ name: 'platform' }, { name: 'infra' }] });
  });

  it('lists exactly the files and non-layer folders of every folder', () => {
    const tree = rendered(threeServers);
    const folders = [...tree.files.keys()].filter((p) => p.startsWith('kubernetes/') && p.endsWith('kustomization.yaml'));
    for (const kfile of folders) {
      const folder = kfile.slice(0, -'kustomization.yaml'.length);
      const children = [...tree.files.keys()]
        .filter((p) => p.startsWith(folder) && p !== kfile)
        .map((p) => p.slice(folder.length).split('/')[0]!)
        .filter((name, i, all) => all.indexOf(name) === i);
      const layers = folder === 'kubernetes/' ? ['platform', 'apps', 'gateway-api', 'network'] : [];
      expect(tree.doc(kfile).resources, kfile).toEqual(children.filter((c) => !layers.includes(c)).sort());
    }
  });

  it('keeps layer folders out of the root kustomization (their Flux Kustomization applies them)', () => {
    expect(rendered(threeServers).doc('kubernetes/kustomization.yaml').resources).toEqual(['apps.yaml', 'flux-system', 'gateway-api.yaml', 'network.yaml', 'platform.yaml']);
  });

  it('lists Flux’s own components once the environment is bootstrapped', () => {
    const spec = modify(threeServers, (e) => { e.flux.bootstrapped = true; });
    expect(rendered(spec).doc('kubernetes/flux-system/kustomization.yaml').resources).toContain('gotk-components.yaml');
    expect(rendered(threeServers).doc('kubernetes/flux-system/kustomization.yaml').resources).not.toContain('gotk-components.yaml');
  });

  it("announces the ingress VIP from a one-address Cilium pool that only the ingress Gateway's Service can take", () => {
    const tree = rendered(prod);
    const only = { matchLabels: { 'io.kubernetes.service.namespace': 'ingress', 'io.kubernetes.service.name': 'cilium-gateway-ingress' } };
    expect(tree.doc('kubernetes/network/ingress-gateway/ciliumloadbalancerippool.ingress.yaml').spec).toEqual({ blocks: [{ start: '192.168.2.20', stop: '192.168.2.20' }], serviceSelector: only });
    expect(tree.doc('kubernetes/network/ingress-gateway/ciliuml2announcementpolicy.ingress.yaml').spec).toEqual({ loadBalancerIPs: true, interfaces: ['^eno1$'], serviceSelector: only });
    const gateway = tree.doc('kubernetes/network/ingress-gateway/gateway.ingress.ingress.yaml');
    expect(gateway.spec.gatewayClassName).toBe('cilium');
    expect(gateway.spec.listeners).toEqual([
      { name: 'http', port: 80, protocol: 'HTTP', allowedRoutes: { namespaces: { from: 'Same' } } },
      { name: 'https', port: 443, protocol: 'HTTPS', tls: { mode: 'Terminate', certificateRefs: [{ kind: 'Secret', name: 'wildcard-tls' }] }, allowedRoutes: { namespaces: { from: 'All' } } },
    ]);
  });

  it("puts Cilium's custom resources in a layer after Cilium's, and the Gateway API CRDs in one before it", () => {
    const tree = rendered(prod);
    expect(tree.doc('kubernetes/network.yaml').spec.dependsOn).toEqual([{ name: 'platform' }]);
    expect(tree.doc('kubernetes/platform.yaml').spec.dependsOn).toEqual([{ name: 'gateway-api' }]);
    expect([...tree.files.keys()].filter((p) => p.startsWith('kubernetes/platform/') && /cilium(loadbalancer|l2)|gateway\./.test(p))).toEqual([]);
  });

  it('has Flux pull the Gateway API CRDs of the pinned release from upstream, never pruning them', () => {
    const tree = rendered(prod);
    const source = tree.doc('kubernetes/gateway-api/gateway-api/gitrepository.flux-system.gateway-api.yaml');
    expect(source.spec).toMatchObject({ url: 'https://github.com/kubernetes-sigs/gateway-api', ref: { tag: 'v1.6.1' } });
    const crds = tree.doc('kubernetes/gateway-api/gateway-api/kustomization.flux-system.gateway-api-crds.yaml');
    expect(crds.spec).toMatchObject({ path: './config/crd/standard', prune: false, wait: true, sourceRef: { kind: 'GitRepository', name: 'gateway-api' } });
    expect(crds.metadata.annotations).toEqual({ 'kustomize.toolkit.fluxcd.io/prune': 'disabled' });
  });

  it('puts each layer’s namespaces into its namespaces folder', () => {
    expect(rendered(dev).doc('kubernetes/apps/namespaces/namespace.apps.yaml')).toEqual({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'apps' } });
  });

  it('renders no Cilium objects without Cilium', () => {
    expect([...rendered(singleServer).files.keys()].filter((p) => p.includes('cilium'))).toEqual([]);
  });

  it('writes no Secret', () => {
    const tree = rendered(prod);
    const kinds = [...tree.files.keys()].filter((p) => p.startsWith('kubernetes/')).flatMap((p) => tree.docs(p).map((d) => d.kind));
    expect(kinds).not.toContain('Secret');
  });
});

describe('charts the way Flux recommends', () => {
  const specs = [threeServers, fiveServersTwoPlanned, modify(mgmt as any, (e: any) => { e.helmInstaller = 'flux'; })];

  it('pulls every chart published as OCI through an OCIRepository, the others through a HelmRepository', () => {
    const oci = new Map(Object.values(versions.charts).filter((c) => 'oci' in c).map((c) => [c.chart, c]));
    let seen = 0;
    for (const spec of specs) {
      const tree = rendered(spec);
      for (const [file] of tree.files) {
        if (!file.includes('/helmrelease.')) continue;
        const release = tree.doc(file);
        seen++;
        if (oci.has(release.metadata.name)) expect(release.spec.chartRef, file).toMatchObject({ kind: 'OCIRepository' });
        else expect(release.spec.chart.spec.sourceRef, file).toMatchObject({ kind: 'HelmRepository' });
      }
    }
    expect(seen).toBeGreaterThanOrEqual(4);
  });

  it('keeps Flux from ever pruning the CNI and Flux itself (the operator release, its source, the FluxInstance), and nothing else', () => {
    const tree = rendered(threeServers);
    const never = { 'kustomize.toolkit.fluxcd.io/prune': 'disabled' };
    for (const file of ['kubernetes/platform/cilium/helmrelease.kube-system.cilium.yaml', 'kubernetes/platform/cilium/ocirepository.flux-system.cilium.yaml', 'kubernetes/flux-system/helmrelease.flux-system.flux-operator.yaml', 'kubernetes/flux-system/ocirepository.flux-system.flux-operator.yaml']) {
      expect(tree.doc(file).metadata.annotations, file).toEqual(never);
    }
    // Deleting the FluxInstance makes the operator uninstall Flux.
    expect(tree.doc('kubernetes/flux-system/fluxinstance.flux-system.flux.yaml').metadata.annotations).toMatchObject(never);
    const others = [...rendered(specs[2]!).files.keys()].filter((f) => f.includes('/helmrelease.') && !f.startsWith('kubernetes/flux-system/'));
    expect(others.length).toBeGreaterThan(0);
    for (const file of others) expect(rendered(specs[2]!).doc(file).metadata.annotations, file).toBeUndefined();
  });
});
