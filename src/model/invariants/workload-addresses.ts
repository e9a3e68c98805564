import ipaddr from 'ipaddr.js';
import { isHostIn, isIpv4, parseSubnet } from '../ipv4';
import { counted } from '../quorum';
import type { Environment } from '../resolve';
import { shown } from '../violation';
import type { Rule } from '../violation';
import type { WorkloadCluster } from '../workload';
import { allMachines } from '../workload';
import { onWorkload } from './kind-scope';

// A workload cluster's addresses: the pool its machines take theirs from (CAPMOX's in-cluster
// IPAM pool, made from the ProxmoxCluster's ipv4Config), its VIP, and its pod and service CIDRs.

/** An IPv4 address as a number, for ranges. */
export const ipNumber = (ip: string): number => ipaddr.IPv4.parse(ip).toByteArray().reduce((n, byte) => n * 256 + byte, 0);

/** An IPv4 CIDR as the first and last address numbers it spans. */
export function cidrRange(cidr: string): { first: number; last: number } | undefined {
  const parsed = parseSubnet(cidr);
  if (!parsed) return undefined;
  const first = ipNumber(ipaddr.IPv4.networkAddressFromCIDR(cidr).toString());
  return { first, last: first + 2 ** (32 - parsed[1]) - 1 };
}

const overlaps = (a: { first: number; last: number }, b: { first: number; last: number }) => a.first <= b.last && b.first <= a.last;

/** The machines' pool, where both ends are host addresses of the subnet in order; undefined otherwise (the pool rules say why). */
export function poolOf(env: Environment): { first: number; last: number; text: string } | undefined {
  const w = env.workload;
  const range = w?.addresses.ranges[0];
  if (!range || ![range.first, range.last].every((ip) => isHostIn(ip, env.network.subnet))) return undefined;
  const [first, last] = [ipNumber(range.first), ipNumber(range.last)];
  return first <= last ? { first, last, text: `${range.first}-${range.last}` } : undefined;
}

/** Whether an address lies in the pool. */
export const inPool = (pool: { first: number; last: number }, ip: string) => isIpv4(ip) && ipNumber(ip) >= pool.first && ipNumber(ip) <= pool.last;

/** The pool's ends, each with its path. */
const ends = (w: WorkloadCluster) => [
  { path: 'infrastructure.addresses.first', ip: w.addresses.ranges[0]!.first },
  { path: 'infrastructure.addresses.last', ip: w.addresses.ranges[0]!.last },
];

/** The pod and service CIDRs, each with its path and name. */
export const clusterCidrs = (w: WorkloadCluster) => [
  { path: 'infrastructure.podCidr', cidr: w.clusterNetwork.pods, what: 'the pod CIDR' },
  { path: 'infrastructure.serviceCidr', cidr: w.clusterNetwork.services, what: 'the service CIDR' },
];

/** A canonical IPv4 CIDR: the network address and its prefix. */
const canonicalCidr = (cidr: string) => (parseSubnet(cidr) ? `${ipaddr.IPv4.networkAddressFromCIDR(cidr).toString()}/${parseSubnet(cidr)![1]}` : undefined);

/**
 * The most machines a rolling update has at once: every set's replicas and one more per set
 * that has any. maxSurge defaults to 1 for a MachineDeployment (Cluster API v1.12.11
 * internal/webhooks/machinedeployment.go Default) and for a KubeadmControlPlane
 * (controlplane/kubeadm/internal/webhooks/kubeadmcontrolplane.go defaultKubeadmControlPlaneSpec);
 * the objects set neither, and a version bump rolls every set at once.
 */
export function machinesAtMost(w: WorkloadCluster): { replicas: number; surge: number } {
  const sets = [w.controlPlane, ...w.workers];
  return { replicas: allMachines(w), surge: sets.filter((s) => s.replicas > 0).length };
}

export const workloadAddressRules: readonly Rule[] = [
  {
    code: 'workload.pool-address-invalid',
    severity: 'error',
    summary: "the ends of a workload cluster's address pool are IPv4 addresses",
    check: onWorkload((_env, w) =>
      ends(w)
        .filter((e) => !isIpv4(e.ip))
        .map((e) => ({ path: e.path, value: shown(e.ip), message: `"${e.ip}" is not an IPv4 address`, fix: 'write a dotted-quad address without prefix, e.g. 192.168.1.100' })),
    ),
  },
  {
    code: 'workload.pool-outside-subnet',
    severity: 'error',
    summary: "the ends of a workload cluster's address pool are host addresses inside the node subnet",
    check: onWorkload((env, w) =>
      parseSubnet(env.network.subnet) === undefined
        ? []
        : ends(w)
            .filter((e) => isIpv4(e.ip) && !isHostIn(e.ip, env.network.subnet))
            .map((e) => ({ path: e.path, value: e.ip, message: `${e.ip} is not a host address in ${env.network.subnet}, the subnet the machines' addresses get their prefix and gateway from`, fix: `pick an address inside ${env.network.subnet}` })),
    ),
  },
  {
    code: 'workload.pool-reversed',
    severity: 'error',
    summary: "a workload cluster's address pool starts at or before its last address",
    // Ends that are no host of the subnet are the rules' above.
    check: onWorkload((env, w) => {
      const [first, last] = ends(w);
      return isHostIn(first!.ip, env.network.subnet) && isHostIn(last!.ip, env.network.subnet) && ipNumber(first!.ip) > ipNumber(last!.ip)
        ? [{ path: 'infrastructure.addresses.last', value: last!.ip, message: `the pool would end at ${last!.ip}, before its first address ${first!.ip}: it holds no address`, fix: `swap first and last, or set last to ${first!.ip} or later` }]
        : [];
    }),
  },
  {
    code: 'workload.vip-in-pool',
    severity: 'error',
    summary: "a workload cluster's VIP is outside its machines' address pool (CAPMOX refuses the ProxmoxCluster otherwise)",
    // CAPMOX v0.9.0 internal/webhook/proxmoxcluster_webhook.go validateControlPlaneEndpoint:
    // "addresses may not contain the endpoint IP" (spec.ipv4Config.addresses).
    check: onWorkload((env) => {
      const pool = poolOf(env);
      return pool && env.vip !== undefined && inPool(pool, env.vip)
        ? [{ path: 'controlPlane.vip', value: env.vip, message: `${env.vip} is inside the machines' pool ${pool.text}: CAPMOX's webhook refuses a ProxmoxCluster whose ipv4Config addresses contain the endpoint`, fix: `pick a VIP in ${env.network.subnet} outside ${pool.text}, or narrow the pool` }]
        : [];
    }),
  },
  {
    code: 'workload.address-in-pool',
    severity: 'error',
    summary: "the gateway, the DNS servers and the ingress VIP are outside a workload cluster's address pool",
    check: onWorkload((env) => {
      const pool = poolOf(env);
      if (!pool) return [];
      const held = [
        { path: 'network.gateway', ip: env.network.gateway, role: 'the gateway' },
        ...env.network.dns.map((ip, i) => ({ path: `network.dns[${i}]`, ip, role: 'a DNS server' })),
        ...(env.ingressVip !== undefined ? [{ path: 'ingressVip', ip: env.ingressVip, role: 'the ingress VIP' }] : []),
      ];
      return held
        .filter((a) => inPool(pool, a.ip))
        .map((a) => ({
          path: a.path,
          value: a.ip,
          // The in-cluster IPAM provider skips the pool's gateway (poolutil.PoolSpecToIPSet); anything else in it is given out.
          message: a.role === 'the gateway'
            ? `${a.ip} is the gateway and inside the machines' pool ${pool.text}: the in-cluster IPAM provider never gives it out, so the pool holds one address fewer than it spans`
            : `${a.ip} is ${a.role} and inside the machines' pool ${pool.text}: the in-cluster IPAM provider may give it to a machine`,
          fix: 'narrow the pool (infrastructure.addresses) to addresses nothing else holds',
        }));
    }),
  },
  {
    code: 'workload.pool-too-small',
    severity: 'error',
    summary: "a workload cluster's address pool holds every machine, and one more per machine set while a rolling update replaces one (maxSurge 1, Cluster API's default)",
    check: onWorkload((env, w) => {
      const pool = poolOf(env);
      if (!pool) return [];
      // The in-cluster IPAM provider never hands out the pool's gateway (poolutil.PoolSpecToIPSet);
      // a gateway inside the pool is workload.address-in-pool's, and not counted here.
      const size = pool.last - pool.first + 1 - (inPool(pool, env.network.gateway) ? 1 : 0);
      const { replicas, surge } = machinesAtMost(w);
      const workers = replicas - w.controlPlane.replicas;
      return size >= replicas + surge
        ? []
        : [{
            path: 'infrastructure.addresses',
            value: pool.text,
            message: `the pool gives out ${counted(size, 'address', 'addresses')}; the machines need ${replicas + surge}: ${w.controlPlane.replicas} control-plane and ${counted(workers, 'worker')}, and ${surge} more while a rolling update replaces one machine of each set (maxSurge 1, Cluster API's default for the KubeadmControlPlane and each MachineDeployment)`,
            fix: `widen the pool (infrastructure.addresses) to ${replicas + surge} addresses that nothing else holds, or run fewer machines`,
          }];
    }),
  },
  {
    code: 'workload.cidr-invalid',
    severity: 'error',
    summary: "a workload cluster's pod and service CIDRs are IPv4 CIDRs written as their network address",
    check: onWorkload((_env, w) =>
      clusterCidrs(w)
        .filter((c) => canonicalCidr(c.cidr) !== c.cidr)
        .map((c) => {
          const canonical = canonicalCidr(c.cidr);
          return canonical === undefined
            ? { path: c.path, value: shown(c.cidr), message: `"${c.cidr}" is not an IPv4 CIDR`, fix: `write ${c.what} as address/prefix, e.g. ${c.path.endsWith('podCidr') ? '10.244.0.0/16' : '10.96.0.0/12'}` }
            : { path: c.path, value: c.cidr, message: `${c.cidr} has host bits set; its network is ${canonical}`, fix: `write ${canonical}`, action: { set: c.path, to: canonical } };
        }),
    ),
  },
  {
    code: 'workload.cidr-overlap',
    severity: 'error',
    summary: "a workload cluster's pod CIDR, service CIDR and node subnet are disjoint",
    check: onWorkload((env, w) => {
      const [pods, services] = clusterCidrs(w);
      const nets = [{ ...pods!, range: cidrRange(pods!.cidr) }, { ...services!, range: cidrRange(services!.cidr) }];
      const subnet = cidrRange(env.network.subnet);
      return [
        ...(nets[0]!.range && nets[1]!.range && overlaps(nets[0]!.range, nets[1]!.range)
          ? [{ path: services!.path, value: services!.cidr, message: `the service CIDR ${services!.cidr} overlaps the pod CIDR ${pods!.cidr}: a Service's cluster IP could be a pod's address`, fix: 'pick two disjoint ranges, e.g. 10.244.0.0/16 for pods and 10.96.0.0/12 for services' }]
          : []),
        ...nets
          .filter((n) => n.range && subnet && overlaps(n.range, subnet))
          .map((n) => ({ path: n.path, value: n.cidr, message: `${n.what} ${n.cidr} overlaps the node subnet ${env.network.subnet}: inside ${w.name} the same addresses would be its ${n.path.endsWith('podCidr') ? "pods'" : "Services'"} and those of hosts on its machines' network`, fix: `pick a range outside ${env.network.subnet}` })),
      ];
    }),
  },
];

