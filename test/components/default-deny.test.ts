import { describe, expect, it } from 'vitest';
import type { CiliumRule } from '../../src/components/default-deny/policy';
import { KUBE_DNS } from '../../src/components/default-deny/policy';
import { check } from '../../src/check/run';
import { codes, expectOnly } from '../fixtures/expect';
import { modify, threeServers } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { prod } from '../fixtures/fleet/prod';
import { rendered } from '../fixtures/render';
import { podinfo } from '../fixtures/corpus';
import type { EnvironmentSpec } from '../../src/model/environment';

/** The port and protocol of a connection (TCP unless said). */
type Port = { port?: number; protocol?: 'TCP' | 'UDP' };
/** Who talks to a pod, or whom a pod talks to: a Cilium entity, or a pod (namespace, labels), on a port. */
type Peer = ({ entity: string } | { namespace: string; labels?: Record<string, string> }) & Port;

/**
 * A rule's `toPorts`, as Cilium reads it: none lets every port through; with ports, the
 * connection passes only on one of them, of its protocol (`ANY` is either).
 */
function portAllowed(rule: CiliumRule, peer: Port): boolean {
  const ports = rule.toPorts?.flatMap((p) => p.ports);
  if (ports === undefined) return true;
  const protocol = peer.protocol ?? 'TCP';
  return peer.port !== undefined && ports.some((p) => Number(p.port) === peer.port && (p.protocol === 'ANY' || p.protocol === protocol));
}

/**
 * Cilium's verdict for the rules this project writes (default enforcement mode): with rules
 * selecting the endpoint in that direction, a peer passes when one rule allows it, else it is
 * dropped. Entities, same-namespace selectors, label selectors and ports (for entities and pods
 * alike): what the baseline uses.
 */
function allowed(rules: readonly CiliumRule[], direction: 'ingress' | 'egress', policyNamespace: string, peer: Peer): boolean {
  return rules.some((rule) => {
    const entities = direction === 'ingress' ? rule.fromEntities : rule.toEntities;
    const endpoints = direction === 'ingress' ? rule.fromEndpoints : rule.toEndpoints;
    if ('entity' in peer) return ((entities ?? []).includes(peer.entity) || (entities ?? []).includes('all')) && portAllowed(rule, peer);
    // `cluster` is every endpoint of the cluster, pods of any namespace included.
    if ((entities ?? []).some((e) => e === 'cluster' || e === 'all')) return true;
    const selected = (endpoints ?? []).some((selector) => {
      const labels: Record<string, string> = { 'k8s:io.kubernetes.pod.namespace': peer.namespace, ...Object.fromEntries(Object.entries(peer.labels ?? {}).map(([k, v]) => [`k8s:${k}`, v])) };
      const wanted = selector.matchLabels ?? {};
      // An empty selector is every endpoint of the policy's own namespace (a CiliumNetworkPolicy is namespaced).
      const namespace = wanted['k8s:io.kubernetes.pod.namespace'] ?? policyNamespace;
      return namespace === peer.namespace && Object.entries(wanted).every(([k, v]) => labels[k] === v);
    });
    return selected && portAllowed(rule, peer);
  });
}

function policies(spec: EnvironmentSpec): Map<string, { ingress: CiliumRule[]; egress: CiliumRule[]; file: string }> {
  const tree = rendered(spec);
  return new Map(
    [...tree.files.keys()]
      .filter((p) => /\/default-deny\/ciliumnetworkpolicy\./.test(p))
      .map((p) => tree.doc(p))
      .map((doc) => [doc.metadata.namespace, { ...doc.spec, file: doc.metadata.name }]),
  );
}

const withApps = modify(dev, (e) => { e.apps = [podinfo]; });
const dns = { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } };

describe('the default-deny baseline', () => {
  it("covers every namespace of the platform and the apps, and none of the cluster's own", () => {
    expect([...policies(withApps).keys()].sort()).toEqual(['apps', 'cert-manager', 'kyverno', 'longhorn-system', 'monitoring', 'podinfo']);
    expect([...policies(prod).keys()].sort()).toEqual(['apps', 'cert-manager', 'kyverno', 'longhorn-system', 'monitoring']);
  });

  it.each(['apps', 'kyverno', 'longhorn-system', 'podinfo'])('lets kubelet probes, DNS, the namespace itself, the API server, the Gateway and the metrics scraper through in %s, and nothing else', (namespace) => {
    const p = policies(withApps).get(namespace)!;
    const ingress = (peer: Peer) => allowed(p.ingress, 'ingress', namespace, peer);
    const egress = (peer: Peer) => allowed(p.egress, 'egress', namespace, peer);
    // Allowed: probes from the local kubelet, the API server's webhook calls, the namespace's own
    // pods, the Gateway's Envoy; out to DNS (53 only), the API server, the namespace's own pods.
    expect(ingress({ entity: 'host' })).toBe(true);
    expect(ingress({ entity: 'remote-node' })).toBe(true);
    expect(ingress({ namespace, labels: { app: 'anything' } })).toBe(true);
    expect(ingress({ entity: 'ingress' })).toBe(true);
    expect(ingress({ namespace: 'monitoring', labels: { app: 'prometheus' } })).toBe(true);
    expect(egress({ ...dns, port: 53 })).toBe(true);
    expect(egress({ entity: 'kube-apiserver' })).toBe(true);
    expect(egress({ namespace, port: 8080 })).toBe(true);
    // Denied: everything else.
    expect(ingress({ entity: 'world' })).toBe(false);
    expect(ingress({ namespace: 'other', labels: { app: 'x' } })).toBe(false);
    expect(ingress({ ...dns })).toBe(false);
    expect(egress({ entity: 'world' })).toBe(false);
    expect(egress({ namespace: 'other', port: 53 })).toBe(false);
    expect(egress({ ...dns, port: 80 })).toBe(false);
    expect(egress({ namespace: 'kube-system', labels: { 'k8s-app': 'metrics-server' }, port: 53 })).toBe(false);
    expect(egress({ entity: 'host' })).toBe(false);
  });

  it('lets monitoring out to the nodes and every pod (kubelets, node exporters, metrics), and in as every other namespace', () => {
    const p = policies(withApps).get('monitoring')!;
    const ingress = (peer: Peer) => allowed(p.ingress, 'ingress', 'monitoring', peer);
    const egress = (peer: Peer) => allowed(p.egress, 'egress', 'monitoring', peer);
    expect(egress({ entity: 'host' })).toBe(true);
    expect(egress({ entity: 'remote-node' })).toBe(true);
    expect(egress({ namespace: 'podinfo', port: 9898 })).toBe(true);
    expect(ingress({ entity: 'host' })).toBe(true);
    expect(ingress({ entity: 'ingress' })).toBe(true);
    expect(egress({ entity: 'world' })).toBe(false);
    expect(ingress({ entity: 'world' })).toBe(false);
    expect(ingress({ namespace: 'podinfo' })).toBe(false);
  });

  it("lets cert-manager out to the world on 443 only, with an ACME issuer (Let's Encrypt, the DNS API, the DoH self-check)", () => {
    const acme = modify(withApps, (e) => {
      e.baseDomain = 'lab.example.net';
      e.tls = { issuer: { kind: 'acme', email: 'ops@lab.example.net', dns01: { provider: 'cloudflare' } } };
    });
    const p = policies(acme).get('cert-manager')!;
    const egress = (peer: Peer) => allowed(p.egress, 'egress', 'cert-manager', peer);
    expect(egress({ entity: 'world', port: 443 })).toBe(true);
    expect(egress({ entity: 'world', port: 443, protocol: 'UDP' })).toBe(false);
    expect(egress({ entity: 'world', port: 53, protocol: 'UDP' })).toBe(false);
    expect(egress({ entity: 'world', port: 80 })).toBe(false);
    expect(egress({ entity: 'world' })).toBe(false);
    // Only cert-manager's namespace: nobody else reaches the world.
    expect(allowed(policies(acme).get('podinfo')!.egress, 'egress', 'podinfo', { entity: 'world', port: 443 })).toBe(false);
    // The private CA needs nothing outside the cluster.
    expect(allowed(policies(withApps).get('cert-manager')!.egress, 'egress', 'cert-manager', { entity: 'world', port: 443 })).toBe(false);
  });

  it('lets cert-manager keep what every namespace has: the API server, DNS, and the API server calling its webhook', () => {
    const p = policies(withApps).get('cert-manager')!;
    expect(allowed(p.egress, 'egress', 'cert-manager', { entity: 'kube-apiserver' })).toBe(true);
    expect(allowed(p.egress, 'egress', 'cert-manager', { ...dns, port: 53, protocol: 'UDP' })).toBe(true);
    expect(allowed(p.ingress, 'ingress', 'cert-manager', { entity: 'remote-node', port: 10250 })).toBe(true);
  });

  it('judges ports on entity rules as on pod rules: a rule with toPorts lets only its ports through', () => {
    const rules: CiliumRule[] = [{ toEntities: ['world'], toPorts: [{ ports: [{ port: '443', protocol: 'TCP' }, { port: '53', protocol: 'ANY' }] }] }];
    expect(allowed(rules, 'egress', 'x', { entity: 'world', port: 443 })).toBe(true);
    expect(allowed(rules, 'egress', 'x', { entity: 'world', port: 53, protocol: 'UDP' })).toBe(true);
    expect(allowed(rules, 'egress', 'x', { entity: 'world', port: 443, protocol: 'UDP' })).toBe(false);
    expect(allowed(rules, 'egress', 'x', { entity: 'world', port: 8443 })).toBe(false);
    expect(allowed(rules, 'egress', 'x', { entity: 'world' })).toBe(false);
    expect(allowed([{ toEntities: ['world'] }], 'egress', 'x', { entity: 'world', port: 8443 })).toBe(true);
  });

  it('lets no other namespace in where nothing scrapes', () => {
    const p = policies(modify(withApps, (e) => { delete e.monitoring; })).get('podinfo')!;
    expect(allowed(p.ingress, 'ingress', 'podinfo', { namespace: 'monitoring' })).toBe(false);
  });

  it('selects kube-dns by the labels Cilium gives it', () => {
    expect(KUBE_DNS).toEqual({ 'k8s:io.kubernetes.pod.namespace': 'kube-system', 'k8s:k8s-app': 'kube-dns' });
  });

  it("puts a platform namespace's policy in Cilium's custom-resource layer, an app namespace's in the app's layer", () => {
    const files = [...rendered(withApps).files.keys()].filter((p) => p.includes('/default-deny/'));
    expect(files).toContain('kubernetes/network/default-deny/ciliumnetworkpolicy.monitoring.baseline.yaml');
    expect(files).toContain('kubernetes/apps/default-deny/ciliumnetworkpolicy.podinfo.baseline.yaml');
  });

  it('leaves exempt namespaces alone, and is off without the setting or without Cilium', () => {
    expect(policies(modify(withApps, (e) => { e.defaultDeny = { exempt: ['podinfo'] }; })).has('podinfo')).toBe(false);
    expect(policies(modify(withApps, (e) => { delete e.defaultDeny; })).size).toBe(0);
    const threeWith = modify(threeServers, (e) => { e.defaultDeny = {}; });
    expect(codes(threeWith)).toEqual([]);
    expect(policies(modify(threeWith, (e) => { delete (e as any).cilium; })).size).toBe(0);
  });

  it("refuses a namespace whose layer is not ordered with Cilium's custom-resource layer", () => {
    const spec = modify(threeServers, (e) => {
      e.defaultDeny = {};
      e.flux.layers.push({ name: 'side', namespaces: ['side'] });
    });
    const [v] = expectOnly(spec, 'default-deny.unordered');
    expect(v).toMatchObject({ path: 'fixture.flux.layers[4].dependsOn', value: 'side' });
  });

  it("leaves the ordering to flux.layer-missing when the baseline's layer is not declared", () => {
    const spec = modify(threeServers, (e: any) => {
      e.defaultDeny = {};
      e.cilium = { ...e.cilium, layers: { ...e.cilium?.layers, network: 'absent' } };
      e.flux.layers.push({ name: 'side', namespaces: ['side'] });
    });
    expect(codes(spec)).not.toContain('default-deny.unordered');
    expect(codes(spec)).toContain('flux.layer-missing');
  });

  it("leaves an exempt namespace of an unordered layer alone (the baseline writes it no policy)", () => {
    const spec = modify(threeServers, (e) => {
      e.defaultDeny = { exempt: ['side'] };
      e.flux.layers.push({ name: 'side', namespaces: ['side'] });
    });
    expect(codes(spec)).toEqual([]);
  });
});

describe('the namespaces exempted from the baseline', () => {
  const exempting = (exempt: string[]) => modify(threeServers, (e) => { e.defaultDeny = { exempt }; });

  it('fails on a name the tree creates no namespace of, proposing the nearest one it does', () => {
    const all = check(exempting(['apps', 'monitorin', 'kube-system', 'nowhere-near-anything'])).filter((x) => x.code === 'default-deny.exempt-unknown');
    expect(all.map((x) => [x.path, x.value, x.fix])).toEqual([
      ['fixture.defaultDeny.exempt[1]', 'monitorin', 'write monitoring'],
      ['fixture.defaultDeny.exempt[3]', 'nowhere-near-anything', 'remove it, or list the namespace in the namespaces of the layer that creates it'],
    ]);
    expect(all[0]!.message).toMatch(/^the tree creates no namespace monitorin, and the baseline covers only those it creates \(([a-z-]+, )*apps(, [a-z-]+)*\): the entry exempts nothing$/);
  });

  it('never proposes a namespace the list exempts already', () => {
    const [v] = check(exempting(['apps', 'app'])).filter((x) => x.code === 'default-deny.exempt-unknown');
    expect(v!.fix).toBe('remove it, or list the namespace in the namespaces of the layer that creates it');
  });

  it('passes every namespace the tree creates', () => {
    expect(check(exempting(['apps', 'monitoring'])).map((x) => x.code)).not.toContain('default-deny.exempt-unknown');
  });
});
