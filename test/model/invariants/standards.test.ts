import { describe, expect, it } from 'vitest';
import { fiveServersTwoPlanned, modify, singleServer, threeServers } from '../../fixtures/environments';
import { codes, expectOnly } from '../../fixtures/expect';
import { check } from '../../../src/check/run';
import { mgmt } from '../../fixtures/fleet/mgmt';
import { OTHER_AGE_RECIPIENT } from '../../fixtures/environments';

const mgmtClean = modify(mgmt, (e) => { e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; });

describe('each field held to its standard', () => {
  it('passes the valid fixtures clean', () => {
    for (const spec of [threeServers, singleServer, fiveServersTwoPlanned]) expect(codes(spec)).toEqual([]);
  });

  it('fails when the subnet has host bits set, and names its network', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.network.subnet = '10.20.0.5/24'; }), 'network.subnet-not-canonical');
    expect(v).toMatchObject({ path: 'fixture.network.subnet', fix: 'write 10.20.0.0/24' });
  });

  it.each([['10.20.0.0/31', '10.20.0.0'], ['10.0.0.0/7', '10.20.0.2']])('fails when the subnet %s is no LAN', (subnet, ip) => {
    const spec = modify(threeServers, (e) => {
      e.network.subnet = subnet;
      e.nodes = [{ name: 'fx-1', ip, founder: true, vm: { image: '20260926' } }];
      e.controlPlane = {};
      delete e.ingressVip;
    });
    expectOnly(spec, 'network.subnet-size');
  });

  it.each([
    ['a loopback DNS server', (e: any) => { e.network.dns = ['127.0.0.53']; }, 'fixture.network.dns[0]'],
    ['a link-local DNS server', (e: any) => { e.network.dns = ['169.254.169.254']; }, 'fixture.network.dns[0]'],
    ['a multicast DNS server', (e: any) => { e.network.dns = ['224.0.0.251']; }, 'fixture.network.dns[0]'],
    ['a documentation-range DNS server', (e: any) => { e.network.dns = ['192.0.2.53']; }, 'fixture.network.dns[0]'],
    ['an unspecified DNS server', (e: any) => { e.network.dns = ['0.0.0.0']; }, 'fixture.network.dns[0]'],
  ])('fails on %s', (_what, change, path) => {
    const [v] = expectOnly(modify(threeServers, change), 'address.not-unicast');
    expect(v!.path).toBe(path);
  });

  it('fails on a node, VIP and gateway in a reserved block, each named', () => {
    const spec = modify(threeServers, (e) => {
      e.network = { subnet: '198.18.0.0/24', gateway: '198.18.0.1', dns: ['10.0.0.53'] };
      e.nodes = [{ name: 'fx-1', ip: '198.18.0.11', founder: true, vm: { image: '20260926' } }, { name: 'fx-2', ip: '198.18.0.12', vm: { image: '20260926' } }, { name: 'fx-3', ip: '198.18.0.13', vm: { image: '20260926' } }];
      e.controlPlane.vip = '198.18.0.10';
      delete e.ingressVip;
    });
    const paths = expectOnly(spec, 'address.not-unicast').map((v) => v.path);
    expect(paths).toEqual(['fixture.nodes[0].ip', 'fixture.nodes[1].ip', 'fixture.nodes[2].ip', 'fixture.network.gateway', 'fixture.controlPlane.vip']);
  });

  it('fails when a node IP is the gateway', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.nodes[1]!.ip = '10.20.0.1'; }), 'address.in-use');
    expect(v).toMatchObject({ path: 'fixture.network.gateway', value: '10.20.0.1' });
    expect(v!.message).toBe('10.20.0.1 is already node fx-2 (nodes[1].ip); it cannot also be the gateway');
  });

  it('fails when the ingress VIP is the gateway', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.ingressVip = '10.20.0.1'; }), 'address.in-use');
    expect(v!.path).toBe('fixture.ingressVip');
  });

  it('fails when a node takes the Proxmox host address', () => {
    const [v] = expectOnly(modify(singleServer, (e) => { e.nodes[0]!.ip = '10.30.0.2'; }), 'address.in-use');
    expect(v!.path).toBe('single.infrastructure.endpoint');
  });

  it.each([['localhost'], ['ip6-loopback'], ['1234']])('fails when a node is named %s', (name) => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.nodes[2]!.name = name; if (e.infrastructure.kind === 'libvirt') e.infrastructure.migrateFromCount = undefined; }), 'node.reserved-name');
    expect(v!.path).toBe('fixture.nodes[2].name');
  });

  it.each([
    ['Fixture.Test', 'it holds upper-case letters (Kubernetes names take lower case only)'],
    ['fixture..test', 'each label is letters, digits and inner hyphens, joined by single dots'],
    ['-fixture.test', 'each label is letters, digits and inner hyphens, joined by single dots'],
    [`${'a'.repeat(64)}.test`, 'its label aaaaaaaaaaaa… is 64 characters long, and a label holds at most 63'],
    [`${'abcdefghi.'.repeat(25)}home.arpa`, 'it is 259 characters long, and a name holds at most 253'],
  ])('fails when the base domain is %s, saying why', (domain, why) => {
    const [found] = expectOnly(modify(threeServers, (e) => { e.baseDomain = domain; }), 'environment.invalid-base-domain');
    expect(found!.message).toBe(`"${domain}" is not a DNS name: ${why}`);
  });

  it('fails on namespace and object names the API server rejects', () => {
    const spec = modify(threeServers, (e) => {
      // The secret's namespace is one a layer lists (else secret.namespace-unknown stands beside).
      e.flux.layers[0]!.namespaces = ['Monitoring', 'apps_db'];
      e.secrets = [{ namespace: 'apps_db', name: 'DB', keys: ['PASSWORD'] }];
      e.sops = { ageRecipients: ['age1qyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqs3290gq'] };
    });
    const paths = expectOnly(spec, 'kubernetes.invalid-name').map((v) => v.path);
    expect(paths).toEqual(['fixture.flux.layers[0].namespaces[0]', 'fixture.flux.layers[0].namespaces[1]', 'fixture.secrets[0].namespace', 'fixture.secrets[0].name']);
  });

  it.each([['kube-system'], ['default'], ['flux-system']])('fails when a layer creates the system namespace %s', (ns) => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.flux.layers[1]!.namespaces = ['apps', ns]; }), 'namespace.system');
    expect(v!.path).toBe('fixture.flux.layers[1].namespaces[1]');
  });

  it.each([['enp1s0-way-too-long'], ['eth 0'], ['vlan/4'], ['..']])('fails when the VIP interface is %s', (name) => {
    expectOnly(modify(threeServers, (e) => { e.controlPlane.vipInterface = name; }), 'network.invalid-interface');
  });

  it('fails when a bridge is no interface name', () => {
    const [v] = expectOnly(modify(singleServer, (e) => { if (e.infrastructure.kind === 'proxmox') e.infrastructure.bridge = 'vmbr0:1'; }), 'network.invalid-interface');
    expect(v!.path).toBe('single.infrastructure.bridge');
  });

  it.each([['data/k3s'], ['/data/k3s/'], ['/data/../k3s'], ['/data//k3s'], ['/data/k 3s'], ['/']])('fails when the data dir is %s', (dir) => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.k3s.dataDir = dir; }), 'k3s.invalid-data-dir');
    expect(v!.path).toBe('fixture.k3s.dataDir');
  });

  it('names the trailing-slash fix', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.k3s.dataDir = '/data/k3s/'; }), 'k3s.invalid-data-dir');
    expect(v!.fix).toBe('write it as /data/k3s');
    // Every trailing slash goes, not just the last; a path with other faults gets the example.
    const [twice] = expectOnly(modify(threeServers, (e) => { e.k3s.dataDir = '/opt/k3s//'; }), 'k3s.invalid-data-dir');
    expect(twice!.fix).toBe('write it as /opt/k3s');
    for (const dir of ['data/k3s/', '/data/../k3s/', '/']) {
      const [other] = expectOnly(modify(threeServers, (e) => { e.k3s.dataDir = dir; }), 'k3s.invalid-data-dir');
      expect(other!.fix, dir).toBe('write it like /data/k3s');
    }
  });

  it.each([['01:00:5e:00:00:01'], ['00:00:00:00:00:00'], ['53:54:00:aa:bb:cc']])('fails when a MAC is not unicast: %s', (mac) => {
    expectOnly(modify(threeServers, (e) => { e.nodes[0]!.vm = { image: '20260926', mac }; }), 'vm.mac-not-unicast');
  });

  it.each([[0], [4095], [4.5]])('fails when the VLAN tag is %s', (vlan) => {
    expectOnly(modify(singleServer, (e) => { if (e.infrastructure.kind === 'proxmox') e.infrastructure.vlan = vlan; }), 'vm.vlan-invalid');
  });

  it('accepts the VLAN tags 1 and 4094', () => {
    for (const vlan of [1, 4094]) expect(codes(modify(singleServer, (e) => { if (e.infrastructure.kind === 'proxmox') e.infrastructure.vlan = vlan; }))).toEqual([]);
  });

  it.each([['http://10.30.0.2:8006/'], ['10.30.0.2:8006']])('fails when the Proxmox endpoint is %s', (endpoint) => {
    expectOnly(modify(singleServer, (e) => { if (e.infrastructure.kind === 'proxmox') e.infrastructure.endpoint = endpoint; }), 'vm.invalid-endpoint');
  });
});

describe('standards at their edges', () => {
  it.each([['10.0.0.0/8'], ['10.20.0.0/30']])('accepts the subnet %s (the ends of the LAN range)', (subnet) => {
    const spec = modify(threeServers, (e) => {
      e.network = { subnet, gateway: '10.20.0.1', dns: ['10.20.0.1'] };
      e.nodes = [{ name: 'fx-1', ip: '10.20.0.2', founder: true, vm: { image: '20260926' } }];
      e.controlPlane = {};
      delete e.ingressVip;
    });
    expect(codes(spec)).toEqual([]);
  });

  it('names why a node name is reserved', () => {
    const [hosts] = expectOnly(modify(threeServers, (e) => { e.nodes[2]!.name = 'localhost'; e.infrastructure.kind === 'libvirt' && (e.infrastructure.migrateFromCount = undefined); }), 'node.reserved-name');
    expect(hosts!.message).toBe("localhost is already defined in every host's /etc/hosts");
    const [digits] = expectOnly(modify(threeServers, (e) => { e.nodes[2]!.name = '1234'; }), 'node.reserved-name');
    expect(digits!.message).toBe('1234 is all digits: resolvers and tools read it as an address');
  });

  it.each([['1fx'], ['fx1'], ['k3s-1']])('accepts %s, digits beside letters', (name) => {
    expect(codes(modify(threeServers, (e) => { e.nodes[2]!.name = name; }))).toEqual([]);
  });

  it('rejects a . segment in the data dir but accepts a dot inside a name', () => {
    expectOnly(modify(threeServers, (e) => { e.k3s.dataDir = '/data/./k3s'; }), 'k3s.invalid-data-dir');
    expect(codes(modify(threeServers, (e) => { e.k3s.dataDir = '/data/k3s.d'; }))).toEqual([]);
  });

  it('checks provider namespaces, names and config Secret names as Kubernetes names', () => {
    const spec = modify(mgmtClean, (e) => {
      e.clusterApi!.providers[3] = { ...e.clusterApi!.providers[3]!, namespace: 'CapMox', name: 'prox_mox', configSecret: { name: 'Cap_Vars', keys: ['PROXMOX_URL'] } };
    });
    const paths = check(spec).filter((v) => v.code === 'kubernetes.invalid-name').map((v) => v.path);
    expect(paths).toEqual(['mgmt.clusterApi.providers[3].namespace', 'mgmt.clusterApi.providers[3].name', 'mgmt.clusterApi.providers[3].configSecret.name']);
  });

  it("checks the ACME issuer's token Secret name as a Kubernetes name (secrets -- set would refuse it)", () => {
    const spec = modify(threeServers, (e) => { e.baseDomain = 'lab.example.net'; e.tls = { issuer: { kind: 'acme', email: 'ops@lab.example.net', dns01: { provider: 'cloudflare', tokenSecret: 'cf_token' } } }; });
    const found = check(spec).filter((v) => v.code === 'kubernetes.invalid-name');
    expect(found.map((v) => [v.path, v.value])).toEqual([['fixture.tls.issuer.dns01.tokenSecret', 'cf_token']]);
  });

  it('leaves addresses that are no IPv4 to address.invalid, even when two roles share the same bad text', () => {
    const spec = modify(threeServers, (e) => { e.nodes[1]!.ip = 'not-an-ip'; e.network.gateway = 'not-an-ip'; });
    expect(check(spec).map((v) => v.code)).not.toContain('address.in-use');
  });
});

describe('what k3s.disable names', () => {
  const disabling = (names: string[], edit: (e: any) => void = () => {}) => modify(threeServers, (e: any) => { e.k3s.disable = names; edit(e); });

  it('passes every component k3s packages', () => {
    expect(codes(disabling(['coredns', 'servicelb', 'traefik', 'local-storage', 'metrics-server', 'runtimes', 'snapshot-controller', 'ccm']))).toEqual([]);
  });

  it('warns on a name k3s packages no component of, proposing the nearest one', () => {
    const [v] = expectOnly(disabling(['traefik', 'servicelb', 'metric-server']), 'k3s.disable-unknown');
    expect(v).toMatchObject({
      severity: 'warning',
      path: 'fixture.k3s.disable[2]',
      value: 'metric-server',
      message: '"metric-server" is no component k3s packages (coredns, servicelb, traefik, local-storage, metrics-server, runtimes, snapshot-controller, ccm): k3s disables it only if a manifest metric-server.yaml sits in /var/lib/rancher/k3s/server/manifests on the servers',
      fix: 'write metrics-server',
    });
  });

  it('never proposes a name the list holds already, and proposes nothing for a name far from every component', () => {
    const fixes = check(disabling(['traefik', 'servicelb', 'traefk', 'my-addon'])).map((v) => [v.path, v.fix]);
    expect(fixes).toEqual([
      ['fixture.k3s.disable[2]', 'remove it: traefik is listed already'],
      ['fixture.k3s.disable[3]', 'remove it, unless it names a manifest you place in /var/lib/rancher/k3s/server/manifests yourself'],
    ]);
  });

  it('fails on kube-vip while the runbook deploys it for the VIP, and only warns without a VIP', () => {
    const [v] = expectOnly(disabling(['traefik', 'servicelb', 'kube-vip']), 'k3s.disable-own-manifest');
    expect(v).toMatchObject({
      path: 'fixture.k3s.disable[2]',
      message: 'the runbook places kube-vip.yaml in /var/lib/rancher/k3s/server/manifests for the VIP 10.20.0.10, and k3s deletes a disabled manifest and what it applied: the VIP would go',
      fix: 'remove it from k3s.disable',
    });
    expect(codes(modify(singleServer, (e) => { e.k3s.disable = ['traefik', 'kube-vip']; }))).toEqual(['k3s.disable-unknown']);
  });
});

describe('the parts of the OIDC issuer URL', () => {
  const oidc = (o: Record<string, string>) => modify(threeServers, (e: any) => { e.k3s.oidc = o; });

  // An empty part is the spec family's (spec.empty), which stops the run before this rule.
  it.each(['realm', 'issuerHost'])('leaves an empty %s to spec.empty', (field) => {
    expect(codes(oidc(field === 'realm' ? { realm: '' } : { realm: 'lab', issuerHost: '' }))).toEqual(['spec.empty']);
  });

  it.each(['lab ops', 'a/b', '.', '..', 'a?b', 'a%2Fb'])('fails on the realm %j', (realm) => {
    const [v] = expectOnly(oidc({ realm }), 'oidc.invalid-issuer');
    expect(v).toMatchObject({
      path: 'fixture.k3s.oidc.realm',
      message: `the issuer would be https://auth.fixture.test/realms/${realm}, and "${realm}" is not one URL path segment`,
      fix: "use the realm's name as Keycloak shows it in its URLs: letters, digits, -, _, . and ~, e.g. lab",
    });
  });

  it.each(['auth.', 'a..b', 'Auth', 'au th'])('fails on the issuer host %j', (issuerHost) => {
    const [v] = expectOnly(oidc({ realm: 'lab', issuerHost }), 'oidc.invalid-issuer');
    expect(v).toMatchObject({ path: 'fixture.k3s.oidc.issuerHost', message: `the issuer would be https://${issuerHost}.fixture.test/realms/lab, and "${issuerHost}" is not a host name under fixture.test`, fix: 'use lowercase DNS labels joined by dots, e.g. auth' });
  });

  it('passes a realm of unreserved characters under a host of several labels', () => {
    expect(codes(oidc({ realm: 'Lab_1.x~y', issuerHost: 'sso.id' }))).toEqual([]);
  });
});
