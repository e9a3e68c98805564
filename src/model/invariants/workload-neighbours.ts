import type { Environment } from '../resolve';
import type { Finding, Rule } from '../violation';
import type { WorkloadCluster } from '../workload';
import { sameNetwork } from './networks';
import { vmIds } from './vms';
import { proxmoxNodesOf } from './workload-fleet';
import { cidrRange } from './workload-addresses';

// A workload cluster against what its management environment runs and reaches: the fleet's VMs
// on the Proxmox cluster CAPMOX clones on, and the network its controllers dial the cluster's
// API on. Reported on the workload cluster, naming the other environment.

/**
 * The networks of a k3s management cluster's pods and Services: k3s's defaults, which the spec
 * cannot change (k3s `server --cluster-cidr` and `--service-cidr`, docs.k3s.io/cli/server).
 */
export const K3S_CLUSTER_NETWORKS: readonly { readonly what: string; readonly cidr: string }[] = [
  { what: 'pod network', cidr: '10.42.0.0/16' },
  { what: 'Service network', cidr: '10.43.0.0/16' },
];

interface Pair {
  readonly env: Environment;
  readonly w: WorkloadCluster;
  readonly mgmt: Environment;
}

/** Every workload cluster with the k3s environment it names as its management. */
function pairs(envs: readonly Environment[]): Pair[] {
  return envs.flatMap((env) => {
    const w = env.workload;
    // A workload cluster is never a management environment (workload.management-is-workload).
    const mgmt = w && envs.find((e) => e.name === w.management && !e.workload);
    return w && mgmt ? [{ env, w, mgmt }] : [];
  });
}

const overlapping = (a: string, b: string) => {
  const [x, y] = [cidrRange(a), cidrRange(b)];
  return x !== undefined && y !== undefined && x.first <= y.last && y.first <= x.last;
};

/**
 * Why the management cluster's pods cannot reach the workload cluster's subnet, where the spec
 * shows it: the subnet overlaps the management cluster's own pod or Service network (its routes
 * send those addresses to the CNI), or the management nodes' own subnet on another VLAN (they
 * take the addresses for on-link, and ask for them on their own VLAN).
 */
function unreachable(env: Environment, mgmt: Environment): { reason: string; fix: string } | undefined {
  const w = env.workload!;
  const inside = K3S_CLUSTER_NETWORKS.find(({ cidr }) => overlapping(env.network.subnet, cidr));
  if (inside) {
    return {
      reason: `it overlaps ${inside.cidr}, the ${inside.what} of ${mgmt.name} (k3s): from ${mgmt.name}'s pods (Cluster API's controllers, Flux) ${w.endpoint.host}, ${w.name}'s API, is routed into that network, never to the machines`,
      fix: `put ${w.name} on a subnet outside ${K3S_CLUSTER_NETWORKS.map((n) => n.cidr).join(' and ')}`,
    };
  }
  if (overlapping(env.network.subnet, mgmt.network.subnet) && !sameNetwork(env, mgmt)) {
    return {
      reason: `it overlaps ${mgmt.name}'s subnet ${mgmt.network.subnet} on another VLAN: ${mgmt.name}'s nodes take ${w.endpoint.host}, ${w.name}'s API, for an address of their own link and ask for it there, where no machine of ${w.name} answers`,
      fix: `decide: give ${w.name} the VLAN of ${mgmt.name}'s network (infrastructure.proxmox.vlan), or a subnet of its own that ${mgmt.network.gateway} routes to`,
    };
  }
  return undefined;
}

const prefixed = (env: Environment, findings: readonly Finding[]) => findings.map((f) => ({ ...f, path: `${env.name}.${f.path}` }));

export const workloadNeighbourRules: readonly Rule<readonly Environment[]>[] = [
  {
    code: 'workload.template-is-vm',
    severity: 'error',
    summary: "a workload cluster's template VM ids are no VM id of the fleet's Proxmox VMs on the nodes its management environment knows (Proxmox VM ids are one namespace per Proxmox cluster)",
    check: (envs) =>
      pairs(envs).flatMap(({ env, w, mgmt }) => {
        const known = new Set([...proxmoxNodesOf(mgmt), w.proxmox.sourceNode, ...w.proxmox.allowedNodes]);
        const vms = envs.flatMap((e) => {
          const infra = e.infrastructure;
          return infra.kind === 'proxmox' && known.has(infra.node) ? vmIds(e).map((h) => ({ e, host: infra.node, ...h })) : [];
        });
        return prefixed(
          env,
          Object.entries(w.proxmox.templates).flatMap(([version, id]) =>
            vms
              .filter((vm) => vm.vmId === id)
              .map((vm) => ({
                path: `infrastructure.proxmox.templates.${version}`,
                value: String(id),
                message: `${id} is the VM id of ${vm.e.name}'s ${vm.node.state === 'planned' ? 'planned ' : ''}node ${vm.node.name} (${vm.e.name}.nodes[${vm.node.index}].vm.vmId) on Proxmox node ${vm.host}: CAPMOX would clone ${w.name}'s ${version} machines from that VM, not from a template built for ${version}`,
                fix: `write the VM id of the template built for kubeadm ${version} (qm list on ${w.proxmox.sourceNode} shows it); decide which id that is`,
              })),
          ),
        );
      }),
  },
  {
    code: 'workload.network-unreachable',
    severity: 'error',
    summary: "a workload cluster's subnet is one its management cluster's pods can reach: outside the management cluster's pod and Service networks, and not its nodes' subnet on another VLAN",
    check: (envs) =>
      pairs(envs).flatMap(({ env, mgmt }) => {
        const found = unreachable(env, mgmt);
        return found ? prefixed(env, [{ path: 'network.subnet', value: env.network.subnet, message: `${mgmt.name} cannot reach ${env.network.subnet}: ${found.reason}`, fix: found.fix }]) : [];
      }),
  },
  {
    code: 'workload.network-routed',
    severity: 'warning',
    summary: "a workload cluster is on its management environment's network, or the spec cannot show that the management cluster reaches it (a router it does not describe)",
    check: (envs) =>
      pairs(envs)
        // A subnet that is no CIDR is the shape's (or network.invalid-subnet's) to report, once.
        .filter(({ env, mgmt }) => [env, mgmt].every((e) => cidrRange(e.network.subnet) !== undefined) && !sameNetwork(env, mgmt) && !unreachable(env, mgmt))
        .flatMap(({ env, w, mgmt }) =>
          prefixed(env, [{
            path: 'network.subnet',
            value: env.network.subnet,
            message: `${w.name}'s network ${env.network.subnet} is not ${mgmt.name}'s (${mgmt.network.subnet}): ${mgmt.name}'s Cluster API and Flux reach ${w.name}'s API at ${w.endpoint.host} only through ${mgmt.name}'s gateway ${mgmt.network.gateway}, and nothing in the spec says it routes there`,
            fix: `decide: put ${w.name} on ${mgmt.name}'s network ${mgmt.network.subnet}, or make sure ${mgmt.network.gateway} routes to ${env.network.subnet} (the spec cannot record it, so this warning stays)`,
          }]),
        ),
  },
];
