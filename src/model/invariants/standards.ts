import { CLUSTER_NAMESPACES } from '../../tree/kinds';
import ipaddr from 'ipaddr.js';
import { isIpv4, parseSubnet } from '../ipv4';
import type { Environment } from '../resolve';
import { shown } from '../violation';
import type { Finding, Rule } from '../violation';
import { addressRoles } from './addresses';
import type { AddressRole } from './addresses';
import { DNS_LABEL, DNS_SUBDOMAIN } from '../name-patterns';
import { K3S_DISABLE_ITEMS, KUBE_VIP_MANIFEST } from '../k3s-packaged';
import { didYouMean } from '../spec-check';
import { k3sOnly } from './kind-scope';

// Each field held to its own standard: what no real network, kernel or API server accepts fails
// here, before anything is rendered.

/** ipaddr.js ranges no host, VIP, gateway or resolver can have (RFC 6890 special-purpose blocks). */
const NOT_A_HOST: Readonly<Record<string, string>> = {
  unspecified: '0.0.0.0/8 means "this network" (RFC 1122)',
  loopback: '127.0.0.0/8 is loopback: every node would reach itself',
  linkLocal: '169.254.0.0/16 is link-local: never routed, assigned by the host itself',
  multicast: '224.0.0.0/4 is multicast, not a host address',
  broadcast: '255.255.255.255 is the limited broadcast address',
  reserved: 'it is in a reserved block (documentation, benchmarking or 240.0.0.0/4, RFC 6890)',
};

/** Hostnames that resolve to something else on every Linux host (/etc/hosts defaults). */
const RESERVED_HOSTNAMES = ['localhost', 'broadcasthost', 'ip6-localhost', 'ip6-loopback', 'ip6-localnet', 'ip6-mcastprefix', 'ip6-allnodes', 'ip6-allrouters', 'ip6-allhosts'];

/** Namespaces Kubernetes or Flux own: a layer that created one would prune it when it moved. */

/** Linux interface names: at most 15 bytes (IFNAMSIZ - 1), no '/', ':' or white space, not '.' or '..'. */
export const INTERFACE = /^(?!\.{1,2}$)[^/:\s]{1,15}$/;

/** Every address with the role it plays, for the role and uniqueness rules. */
function roles(env: Environment): AddressRole[] {
  const host = proxmoxHost(env);
  return [...addressRoles(env), ...(host !== undefined ? [{ path: 'infrastructure.endpoint', ip: host, role: 'the Proxmox host' }] : [])];
}

/** The Proxmox host's address, where the endpoint names it by IP. */
function proxmoxHost(env: Environment): string | undefined {
  const endpoint = env.infrastructure.kind === 'proxmox' ? env.infrastructure.endpoint : '';
  const host = URL.canParse(endpoint) ? new URL(endpoint).hostname : '';
  return isIpv4(host) ? host : undefined;
}

/** Pairs the older, specific rules already report (vip.is-node-ip, vip.is-gateway, ingress-vip.conflict, node.duplicate-ip). */
const reportedElsewhere = (a: string, b: string) => {
  const kinds = [a, b].map((r) => (r.startsWith('node ') ? 'node' : r)).sort().join('+');
  return ['node+node', 'node+the control-plane VIP', 'the control-plane VIP+the gateway', 'the control-plane VIP+the ingress VIP', 'node+the ingress VIP'].includes(kinds);
};

/** Each name `pattern` refuses, as a finding: the path, the name, what it is not, and the fix. */
export const invalidNames = (items: readonly { path: string; name: string }[], pattern: RegExp, what: string, fix: string): Finding[] =>
  items.filter((i) => !pattern.test(i.name)).map((i) => ({ path: i.path, value: i.name, message: `"${i.name}" is not ${what}`, fix }));

/** What makes `name` no DNS name (RFC 1035 §2.3.4: labels of at most 63 octets, 253 in all), the first thing found. */
function whyNotDnsName(name: string): string {
  if (name.length > 253) return `it is ${name.length} characters long, and a name holds at most 253`;
  const long = name.split('.').find((label) => label.length > 63);
  if (long !== undefined) return `its label ${long.slice(0, 12)}… is ${long.length} characters long, and a label holds at most 63`;
  if (/[A-Z]/.test(name)) return 'it holds upper-case letters (Kubernetes names take lower case only)';
  return 'each label is letters, digits and inner hyphens, joined by single dots';
}

/** An absolute directory path with nothing to normalise: no trailing slash, no whitespace, no empty, `.` or `..` segment. */
const normalDir = (dir: string): boolean => dir.startsWith('/') && !dir.endsWith('/') && !/\s/.test(dir) && !dir.includes('//') && !dir.split('/').some((s) => s === '.' || s === '..');

export const standardRules: readonly Rule[] = [
  {
    code: 'network.subnet-not-canonical',
    severity: 'error',
    summary: 'the subnet is written as its network address (no host bits set)',
    check: (env) => {
      const range = parseSubnet(env.spec.network.subnet);
      if (!range) return [];
      const canonical = `${ipaddr.IPv4.networkAddressFromCIDR(env.spec.network.subnet).toString()}/${range[1]}`;
      return canonical === env.spec.network.subnet
        ? []
        : [{ path: 'network.subnet', value: env.spec.network.subnet, message: `${env.spec.network.subnet} has host bits set; its network is ${canonical}`, fix: `write ${canonical}`, action: { set: 'network.subnet', to: canonical } }];
    },
  },
  {
    code: 'network.subnet-size',
    severity: 'error',
    summary: 'the node subnet is a LAN: a prefix from /8 to /30 (room for a gateway, nodes and VIPs)',
    check: (env) => {
      const range = parseSubnet(env.spec.network.subnet);
      return range && (range[1] < 8 || range[1] > 30)
        ? [{ path: 'network.subnet', value: env.spec.network.subnet, message: `a /${range[1]} ${range[1] > 30 ? 'has no room for a gateway, nodes and a VIP' : 'is not one LAN'}`, fix: 'use the prefix of the real LAN, e.g. /24' }]
        : [];
    },
  },
  {
    code: 'address.not-unicast',
    severity: 'error',
    summary: 'node IPs, VIPs, the gateway and DNS servers are unicast host addresses (no loopback, link-local, multicast or reserved block)',
    check: (env) =>
      [...roles(env), ...env.spec.network.dns.map((ip, i) => ({ path: `network.dns[${i}]`, ip, role: 'a DNS server' }))]
        .filter((a) => isIpv4(a.ip) && NOT_A_HOST[ipaddr.IPv4.parse(a.ip).range()] !== undefined)
        .map((a) => ({
          path: a.path,
          value: a.ip,
          message: `${a.ip} cannot be ${a.role}: ${NOT_A_HOST[ipaddr.IPv4.parse(a.ip).range()]}`,
          fix: a.role === 'a DNS server' ? "list the resolver's LAN address, e.g. the gateway" : `pick a host address in ${env.spec.network.subnet}`,
        })),
  },
  {
    code: 'address.in-use',
    severity: 'error',
    summary: 'every address has one role: no node IP or ingress VIP is the gateway, nothing is the Proxmox host',
    check: (env) => {
      const all = roles(env).filter((a) => isIpv4(a.ip));
      return all.flatMap((a, i) =>
        all
          .slice(0, i)
          .filter((b) => b.ip === a.ip && !reportedElsewhere(a.role, b.role))
          .map((b) => ({ path: a.path, value: a.ip, message: `${a.ip} is already ${b.role} (${b.path}); it cannot also be ${a.role}`, fix: `pick a free address in ${env.spec.network.subnet}` })),
      );
    },
  },
  k3sOnly({
    code: 'node.reserved-name',
    severity: 'error',
    summary: 'no node is named like a host every machine already knows (localhost, …) or with digits only',
    check: (env) =>
      env.nodes
        .filter((n) => RESERVED_HOSTNAMES.includes(n.name) || /^\d+$/.test(n.name))
        .map((n) => ({ path: `nodes[${n.index}].name`, value: n.name, message: /^\d+$/.test(n.name) ? `${n.name} is all digits: resolvers and tools read it as an address` : `${n.name} is already defined in every host's /etc/hosts`, fix: 'name the node after its cluster, e.g. k3s-dev-4' })),
  }),
  {
    code: 'environment.invalid-base-domain',
    severity: 'error',
    summary: 'the base domain is a DNS name (lowercase labels of at most 63 characters, 253 in all)',
    check: (env) => {
      const name = env.spec.baseDomain;
      if (DNS_SUBDOMAIN.test(name)) return [];
      return [{ path: 'baseDomain', value: name, message: `"${name}" is not a DNS name: ${whyNotDnsName(name)}`, fix: 'write a domain of lowercase labels (letters, digits, inner hyphens) of at most 63 characters each, 253 in all, e.g. home.arpa' }];
    },
  },
  {
    code: 'kubernetes.invalid-name',
    severity: 'error',
    summary: "namespaces (a workload cluster's too) are DNS labels and object names DNS subdomains, as the API server requires",
    check: (env) => {
      const namespaces = [
        ...env.spec.flux.layers.flatMap((l, i) => (l.namespaces ?? []).map((name, j) => ({ path: `flux.layers[${i}].namespaces[${j}]`, name }))),
        ...(env.spec.secrets ?? []).map((s, i) => ({ path: `secrets[${i}].namespace`, name: s.namespace })),
        ...(env.spec.clusterApi?.providers ?? []).map((p, i) => ({ path: `clusterApi.providers[${i}].namespace`, name: p.namespace })),
        // A workload cluster's objects live in this namespace of its management cluster.
        ...(env.workload ? [{ path: 'infrastructure.namespace', name: env.workload.namespace }] : []),
        // An app's name is its folder, its release and its default namespace: a DNS label too.
        ...(env.spec.apps ?? []).flatMap((a, i) => [{ path: `apps[${i}].name`, name: a.name }, ...(a.namespace === undefined ? [] : [{ path: `apps[${i}].namespace`, name: a.namespace }])]),
      ];
      const names = [
        ...(env.spec.secrets ?? []).map((s, i) => ({ path: `secrets[${i}].name`, name: s.name })),
        ...(env.spec.clusterApi?.providers ?? []).flatMap((p, i) => [{ path: `clusterApi.providers[${i}].name`, name: p.name }, ...(p.configSecret ? [{ path: `clusterApi.providers[${i}].configSecret.name`, name: p.configSecret.name }] : [])]),
        // A Secret a section names itself (the ACME issuer's DNS token): `secrets -- set` would refuse it.
        ...env.secrets.filter((s) => s.declaredAt === 'tls.issuer.dns01.tokenSecret').map((s) => ({ path: s.declaredAt, name: s.name })),
      ];
      return [
        ...invalidNames(namespaces, DNS_LABEL, 'a namespace name (a DNS label)', 'use lowercase letters, digits and hyphens, at most 63 characters'),
        ...invalidNames(names, DNS_SUBDOMAIN, 'an object name (a DNS subdomain)', "use lowercase letters, digits, '-' and '.', at most 253 characters"),
      ];
    },
  },
  {
    code: 'namespace.system',
    severity: 'error',
    summary: 'no layer creates a namespace Kubernetes or Flux owns (pruning the layer would delete it)',
    check: (env) =>
      env.spec.flux.layers.flatMap((l, i) =>
        (l.namespaces ?? [])
          .map((name, j) => ({ name, path: `flux.layers[${i}].namespaces[${j}]` }))
          .filter((n) => CLUSTER_NAMESPACES.includes(n.name))
          .map((n) => ({ path: n.path, value: n.name, message: `${n.name} exists on every cluster; created by layer ${l.name}, it would be deleted when the layer prunes it`, fix: `remove ${n.name} from the list: objects may use it without creating it`, action: { unset: n.path } })),
      ),
  },
  {
    code: 'network.invalid-interface',
    severity: 'error',
    summary: 'the VIP interface and the bridges are Linux interface names (at most 15 characters, no / : or space)',
    check: (env) => {
      const infra = env.infrastructure;
      const names = [
        ...(env.vipInterface !== undefined ? [{ path: 'controlPlane.vipInterface', name: env.vipInterface }] : []),
        ...(infra.kind === 'bare-metal' ? [] : infra.kind === 'cluster-api' ? [{ path: 'infrastructure.proxmox.bridge', name: infra.proxmox.bridge }] : [{ path: 'infrastructure.bridge', name: infra.bridge }]),
      ];
      return invalidNames(names, INTERFACE, 'a Linux interface name', 'use the name `ip link` shows, e.g. eth0, enp1s0 or br0 (at most 15 characters)');
    },
  },
  k3sOnly({
    code: 'k3s.invalid-data-dir',
    severity: 'error',
    summary: 'the k3s data dir is an absolute path without a trailing slash, . or .. segments, or white space',
    check: (env) => {
      if (!env.k3s) return [];
      const dir = env.k3s.dataDir;
      if (normalDir(dir)) return [];
      // Trailing slashes its only fault: the path without them.
      const trimmed = dir.replace(/\/+$/, '');
      return [{ path: 'k3s.dataDir', value: dir, message: `${dir} is not an absolute, normalised directory path`, fix: normalDir(trimmed) ? `write it as ${trimmed}` : 'write it like /data/k3s', ...(normalDir(trimmed) && { action: { set: 'k3s.dataDir', to: trimmed } }) }];
    },
  }),
  k3sOnly({
    code: 'oidc.invalid-issuer',
    severity: 'error',
    summary: 'the parts of the OIDC issuer URL https://<issuerHost>.<baseDomain>/realms/<realm> are a host name and one path segment',
    check: (env) => {
      const oidc = env.spec.k3s?.oidc;
      if (!oidc || !env.k3s?.oidc) return [];
      const issuer = env.k3s.oidc.issuerUrl;
      const host = oidc.issuerHost ?? 'auth';
      return [
        // Labels of a host name (RFC 1123): it is joined to baseDomain with a dot.
        ...(host.split('.').every((l) => DNS_LABEL.test(l)) ? [] : [{ path: 'k3s.oidc.issuerHost', value: shown(host), message: `the issuer would be ${issuer}, and "${host}" is not a host name under ${env.spec.baseDomain}`, fix: 'use lowercase DNS labels joined by dots, e.g. auth' }]),
        // One path segment of RFC 3986's unreserved characters: the tool writes it into the URL as it is.
        ...(/^[A-Za-z0-9._~-]+$/.test(oidc.realm) && oidc.realm !== '.' && oidc.realm !== '..' ? [] : [{ path: 'k3s.oidc.realm', value: shown(oidc.realm), message: `the issuer would be ${issuer}, and "${oidc.realm}" is not one URL path segment`, fix: "use the realm's name as Keycloak shows it in its URLs: letters, digits, -, _, . and ~, e.g. lab" }]),
      ];
    },
  }),
  k3sOnly({
    code: 'k3s.disable-unknown',
    severity: 'warning',
    // A warning: `disable` also removes a manifest of that base name placed on the servers by hand.
    summary: 'what k3s.disable lists names a component k3s packages',
    check: (env) => {
      const k3s = env.k3s;
      if (!k3s) return [];
      return (env.spec.k3s?.disable ?? [])
        .map((name, i) => ({ name, i }))
        .filter(({ name }) => !K3S_DISABLE_ITEMS.includes(name) && !(name === KUBE_VIP_MANIFEST && env.vip))
        .map(({ name, i }) => {
          const near = didYouMean(name.trim(), K3S_DISABLE_ITEMS);
          const listed = near !== undefined && k3s.disable.includes(near);
          return {
            path: `k3s.disable[${i}]`,
            value: shown(name),
            message: `"${name}" is no component k3s packages (${K3S_DISABLE_ITEMS.join(', ')}): k3s disables it only if a manifest ${name}.yaml sits in ${k3s.dataDir}/server/manifests on the servers`,
            fix: near === undefined
              ? `remove it, unless it names a manifest you place in ${k3s.dataDir}/server/manifests yourself`
              : listed ? `remove it: ${near} is listed already` : `write ${near}`,
          };
        });
    },
  }),
  k3sOnly({
    code: 'k3s.disable-own-manifest',
    severity: 'error',
    summary: 'k3s.disable does not name kube-vip, the manifest the runbook places on the servers for the VIP',
    check: (env) =>
      env.vip === undefined || !env.k3s
        ? []
        : (env.spec.k3s?.disable ?? [])
            .map((name, i) => ({ name, i }))
            .filter(({ name }) => name === KUBE_VIP_MANIFEST)
            .map(({ i }) => ({
              path: `k3s.disable[${i}]`,
              value: KUBE_VIP_MANIFEST,
              message: `the runbook places kube-vip.yaml in ${env.k3s?.dataDir}/server/manifests for the VIP ${env.vip}, and k3s deletes a disabled manifest and what it applied: the VIP would go`,
              fix: 'remove it from k3s.disable',
              action: { unset: `k3s.disable[${i}]` },
            })),
  }),
  {
    code: 'vm.mac-not-unicast',
    severity: 'error',
    summary: 'VM MAC addresses are unicast (the multicast bit of the first octet clear) and not all zeros',
    check: (env) =>
      env.vms
        .filter((vm) => /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/.test(vm.mac) && ((parseInt(vm.mac.slice(0, 2), 16) & 1) === 1 || /^(00:){5}00$/.test(vm.mac)))
        .map((vm) => ({ path: `nodes[${vm.node.index}].vm.mac`, value: vm.mac, message: `${vm.mac} is ${/^(00:){5}00$/.test(vm.mac) ? 'the all-zero address' : 'a multicast address (its first octet is odd)'}; no NIC can have it`, fix: 'use a locally administered unicast MAC such as 52:54:00:xx:yy:zz, or leave it unset' })),
  },
  {
    code: 'vm.vlan-invalid',
    severity: 'error',
    summary: 'a VLAN tag is a whole number from 1 to 4094 (IEEE 802.1Q)',
    check: (env) => {
      const infra = env.infrastructure;
      if (infra.kind !== 'proxmox' || infra.vlan === undefined) return [];
      return Number.isInteger(infra.vlan) && infra.vlan >= 1 && infra.vlan <= 4094
        ? []
        : [{ path: 'infrastructure.vlan', value: String(infra.vlan), message: `${infra.vlan} is not a VLAN ID (0 and 4095 are reserved)`, fix: 'use the tag of the VLAN, 1-4094, or leave vlan unset for an untagged bridge' }];
    },
  },
  {
    code: 'vm.invalid-endpoint',
    severity: 'error',
    summary: 'the Proxmox endpoint is an https:// URL',
    check: (env) => {
      const infra = env.infrastructure;
      if (infra.kind !== 'proxmox') return [];
      return URL.canParse(infra.endpoint) && new URL(infra.endpoint).protocol === 'https:' ? [] : [{ path: 'infrastructure.endpoint', value: infra.endpoint, message: `${infra.endpoint} is not an https:// URL`, fix: 'write it as https://<host>:8006/' }];
    },
  },
];
