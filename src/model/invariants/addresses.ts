import { isHostIn, isIpv4, parseSubnet } from '../ipv4';
import { duplicates } from '../duplicates';
import type { Environment } from '../resolve';
import { shown } from '../violation';
import type { Finding, Rule } from '../violation';
import { DNS_LABEL } from '../name-patterns';
import { k3sOnly } from './kind-scope';

// RFC 1123 label: hostnames, Terraform keys and k3s node names all accept it.

/** An address the environment names: where it is written and the role it plays. */
export interface AddressRole {
  readonly path: string;
  readonly ip: string;
  readonly role: string;
}

/**
 * Every address the environment gives a host: node IPs, the gateway, the VIPs. The address,
 * standards and fleet rules all read this one list. A workload cluster has no nodes of its own
 * (its machines' addresses come from its pool, workload.k3s-setting reports any it lists).
 */
export function addressRoles(env: Environment): AddressRole[] {
  return [
    ...(env.workload ? [] : env.nodes).map((n) => ({ path: `nodes[${n.index}].ip`, ip: n.ip, role: `node ${n.name}` })),
    { path: 'network.gateway', ip: env.spec.network.gateway, role: 'the gateway' },
    ...(env.vip !== undefined ? [{ path: 'controlPlane.vip', ip: env.vip, role: 'the control-plane VIP' }] : []),
    ...(env.ingressVip !== undefined ? [{ path: 'ingressVip', ip: env.ingressVip, role: 'the ingress VIP' }] : []),
  ];
}

/** The nameservers glibc's resolver reads (MAXNS) and the kubelet passes to pods. */
const MAX_NAMESERVERS = 3;

export const addressRules: readonly Rule[] = [
  k3sOnly({
    code: 'nodes.empty',
    severity: 'error',
    summary: 'an environment has at least one node',
    check: (env) =>
      env.nodes.length > 0
        ? []
        : [{ path: 'nodes', value: '[]', message: 'the environment has no nodes', fix: 'add at least one server node with founder: true' }],
  }),
  k3sOnly({
    code: 'node.invalid-name',
    severity: 'error',
    summary: 'node names are DNS labels (hostnames, Terraform keys)',
    check: (env) =>
      env.nodes
        .filter((n) => !DNS_LABEL.test(n.name))
        .map((n) => ({
          path: `nodes[${n.index}].name`,
          value: n.name,
          message: `"${n.name}" is not a valid hostname`,
          fix: 'use lowercase letters, digits and hyphens, at most 63 characters, e.g. k3s-dev-4',
        })),
  }),
  k3sOnly({
    code: 'node.duplicate-name',
    severity: 'error',
    summary: 'node names are unique',
    check: (env) =>
      duplicates(env.nodes, (n) => n.name).map(({ item: n, first }) => ({
        path: `nodes[${n.index}].name`,
        value: n.name,
        message: `${n.name} is already the name of nodes[${first.index}]`,
        fix: 'give every node its own name',
      })),
  }),
  k3sOnly({
    code: 'node.duplicate-ip',
    severity: 'error',
    summary: 'node IPs are unique',
    check: (env) =>
      duplicates(env.nodes, (n) => n.ip).map(({ item: n, first }) => ({
        path: `nodes[${n.index}].ip`,
        value: n.ip,
        message: `${n.ip} is already the IP of node ${first.name} (nodes[${first.index}])`,
        fix: `pick a free address in ${env.spec.network.subnet}`,
      })),
  }),
  {
    code: 'network.invalid-subnet',
    severity: 'error',
    summary: 'the subnet is an IPv4 CIDR',
    check: (env) =>
      parseSubnet(env.spec.network.subnet)
        ? []
        : [{
            path: 'network.subnet',
            value: env.spec.network.subnet,
            message: `"${env.spec.network.subnet}" is not an IPv4 CIDR`,
            fix: 'write the node subnet as address/prefix, e.g. 192.168.1.0/24',
          }],
  },
  {
    code: 'address.invalid',
    severity: 'error',
    summary: 'node IPs, VIPs, gateway and DNS servers are IPv4 addresses',
    check: (env) =>
      [...addressRoles(env), ...env.spec.network.dns.map((ip, i) => ({ path: `network.dns[${i}]`, ip }))]
        .filter((a) => !isIpv4(a.ip))
        .map((a) => ({
          path: a.path,
          value: shown(a.ip),
          // Environments written in plain JavaScript can leave an address out.
          message: a.ip === undefined ? 'the address is not set' : `"${a.ip}" is not an IPv4 address`,
          fix: 'write a dotted-quad address without prefix, e.g. 192.168.1.50',
        })),
  },
  {
    code: 'address.outside-subnet',
    severity: 'error',
    summary: 'node IPs, VIPs and the gateway are host addresses inside the subnet',
    check: (env) =>
      parseSubnet(env.spec.network.subnet) === undefined
        ? []
        : addressRoles(env)
            .filter((a) => isIpv4(a.ip) && !isHostIn(a.ip, env.spec.network.subnet))
            .map((a) => ({
              path: a.path,
              value: a.ip,
              message: `${a.ip} is not a host address in ${env.spec.network.subnet}`,
              fix: `pick an address inside ${env.spec.network.subnet}, or correct network.subnet`,
            })),
  },
  {
    code: 'network.no-dns',
    severity: 'error',
    summary: 'at least one DNS server is listed',
    check: (env) =>
      env.spec.network.dns.length > 0
        ? []
        : [{ path: 'network.dns', value: '[]', message: 'no DNS server is listed', fix: `list at least one, e.g. dns: ['${env.spec.network.gateway}'] (the gateway, where it resolves)`, action: { set: 'network.dns', to: [env.spec.network.gateway] } }],
  },
  {
    code: 'network.dns-beyond-three',
    severity: 'warning',
    summary: "the VMs are given at most three DNS servers: the nodes' resolver and the kubelet read no more",
    // glibc reads MAXNS = 3 nameservers from resolv.conf, and the kubelet keeps as many
    // (kubernetes/kubernetes pkg/apis/core/validation/validation.go, MaxDNSNameservers = 3, "derived
    // from restrictions in Linux libc name resolution handling"). Bare metal's resolver is not ours.
    check: (env) => {
      const dns = env.spec.network.dns;
      return env.infrastructure.kind === 'bare-metal' || dns.length <= MAX_NAMESERVERS
        ? []
        : [{
            path: `network.dns[${MAX_NAMESERVERS}]`,
            value: dns.slice(MAX_NAMESERVERS).join(', '),
            message: `${dns.length} DNS servers are listed and written into every VM's network config; the nodes' resolver and the kubelet use the first ${MAX_NAMESERVERS} (${dns.slice(0, MAX_NAMESERVERS).join(', ')}) and never ask ${dns.slice(MAX_NAMESERVERS).join(', ')}`,
            fix: `list at most ${MAX_NAMESERVERS} DNS servers in network.dns`,
          }];
    },
  },
];
