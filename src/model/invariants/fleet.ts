import { isIpv4 } from '../ipv4';
import { addressRoles } from './addresses';
import { macHolders, vmIds } from './vms';
import { sameHost, sameNetwork } from './networks';
import { workloadFleetRules } from './workload-fleet';
import { workloadNeighbourRules } from './workload-neighbours';
import type { Environment } from '../resolve';
import { runRules } from '../violation';
import type { Finding, Rule, Violation } from '../violation';

// Rules across environments: two clusters of one fleet must not fight over a name or an address.
// Each clash is reported once, on the environment later by name, naming the other.

export { sameHost, sameNetwork } from './networks';

/** Each environment paired with every environment before it (by name). */
function pairs(envs: readonly Environment[]): [Environment, Environment][] {
  const sorted = [...envs].sort((a, b) => (a.name < b.name ? -1 : 1));
  return sorted.flatMap((later, i) => sorted.slice(0, i).map((earlier): [Environment, Environment] => [later, earlier]));
}

/** The addresses one environment claims on its network (a shared gateway is expected). */
const addresses = (env: Environment) => addressRoles(env).filter((a) => a.path !== 'network.gateway' && isIpv4(a.ip));

/** The k3s servers of an environment: a workload cluster's machines are Cluster API's, named by it. */
const servers = (env: Environment) => (env.workload ? [] : env.nodes);

const prefixed = (env: Environment, findings: Finding[]) => findings.map((f) => ({ ...f, path: `${env.name}.${f.path}` }));

export const fleetRules: readonly Rule<readonly Environment[]>[] = [
  {
    code: 'fleet.shared-node-name',
    severity: 'error',
    summary: 'two environments on one network or one hypervisor never share a node name (hostnames, VM and domain names)',
    check: (envs) =>
      pairs(envs)
        .filter(([a, b]) => sameNetwork(a, b) || sameHost(a, b))
        .flatMap(([env, other]) =>
          prefixed(
            env,
            servers(env)
              .filter((n) => servers(other).some((o) => o.name === n.name))
              .map((n) => ({ path: `nodes[${n.index}].name`, value: n.name, message: `${n.name} is also a node of ${other.name}, on the same ${sameHost(env, other) ? 'hypervisor' : 'network'}`, fix: `name the nodes after their environment, e.g. k3s-${env.name}-1` })),
          ),
        ),
  },
  {
    code: 'fleet.shared-address',
    severity: 'error',
    summary: 'two environments on one network never share a node IP, VIP or ingress VIP',
    check: (envs) =>
      pairs(envs)
        .filter(([a, b]) => sameNetwork(a, b))
        .flatMap(([env, other]) =>
          prefixed(
            env,
            addresses(env).flatMap((a) =>
              addresses(other)
                .filter((o) => o.ip === a.ip)
                .map((o) => ({ path: a.path, value: a.ip, message: `${a.ip} (${a.role}) is also ${o.role} of ${other.name} (${other.name}.${o.path}) on the same network`, fix: `pick an address in ${env.spec.network.subnet} that no environment uses` })),
            ),
          ),
        ),
  },
  {
    code: 'fleet.shared-vm-identity',
    severity: 'error',
    summary: "two environments on one network or hypervisor never give two nodes one MAC, nor two on one Proxmox node one VM id (live and planned nodes alike)",
    check: (envs) =>
      pairs(envs).flatMap(([env, other]) => {
        const where = sameHost(env, other) ? 'hypervisor' : 'network';
        // One node name in both has the same derived MAC: fleet.shared-node-name reports that node.
        const macs = sameNetwork(env, other) || sameHost(env, other)
          ? macHolders(env).flatMap((h) =>
              macHolders(other)
                .filter((o) => o.mac === h.mac && o.node.name !== h.node.name)
                .map((o) => ({ path: `nodes[${h.node.index}].vm.mac`, value: h.mac, message: `${h.node.name}'s MAC ${h.mac} is also that of ${o.node.name} of ${other.name}, on the same ${where}: the two would fight over one address`, fix: 'remove the explicit mac (it is derived from the node name) or pick another' })),
            )
          : [];
        const ids = sameHost(env, other)
          ? vmIds(env).flatMap((h) =>
              vmIds(other)
                .filter((o) => h.vmId !== undefined && o.vmId === h.vmId)
                .map((o) => ({ path: `nodes[${h.node.index}].vm.vmId`, value: String(h.vmId), message: `VM id ${h.vmId} of ${h.node.name} is also that of ${o.node.name} of ${other.name}, on the same Proxmox node: it holds one VM per id`, fix: `give ${h.node.name} a VM id no environment on that Proxmox node uses` })),
            )
          : [];
        return prefixed(env, [...macs, ...ids]);
      }),
  },
  {
    code: 'fleet.shared-kubeconfig',
    severity: 'error',
    summary: "no two environments write the same kubeconfig file (prod's must never overwrite dev's)",
    check: (envs) =>
      pairs(envs)
        // Only the runbook of a k3s environment writes one.
        .filter(([a, b]) => !a.workload && !b.workload && a.kubeconfig.file === b.kubeconfig.file)
        .flatMap(([env, other]) => prefixed(env, [{ path: 'kubeconfig.file', value: env.kubeconfig.file, message: `${other.name} writes its kubeconfig to ${env.kubeconfig.file} too: one runbook would overwrite the other's credentials`, fix: `leave it unset (~/.kube/${env.name}.kubeconfig) or pick a file of its own` }])),
  },
  ...workloadFleetRules,
  ...workloadNeighbourRules,
];

/** Every clash between the environments of one fleet; paths carry their environment's name. */
export function checkFleet(envs: readonly Environment[]): Violation[] {
  return runRules(fleetRules, envs);
}
