import path from 'node:path';
import { counted } from '../../model/quorum';
import type { Environment } from '../../model/resolve';
import { workerMachines } from '../../model/workload';
import type { Rule } from '../../model/violation';

/** The replica counts of Longhorn's two StorageClasses, by field. */
const replicaCounts = (longhorn: { readonly replicas: number; readonly bulkReplicas: number }) => [
  { path: 'longhorn.replicas', value: longhorn.replicas },
  { path: 'longhorn.bulkReplicas', value: longhorn.bulkReplicas },
];

/**
 * The nodes that can hold a replica: every k3s server (they all schedule workloads), or a workload
 * cluster's worker machines (kubeadm taints its control plane NoSchedule, and Longhorn's chart
 * gives its managers no toleration for it).
 */
const replicaHolders = (env: Environment): number =>
  env.workload ? workerMachines(env.workload) : env.nodes.length;

/** Longhorn's invariants: replicas the servers can hold, a data disk where there are VMs, a sane data path. */
export const longhornRules: readonly Rule[] = [
  {
    code: 'longhorn.replicas-exceed-servers',
    severity: 'error',
    summary: 'no Longhorn StorageClass asks for more replicas than the environment has servers (planned ones included)',
    check: (env) => {
      if (!env.longhorn) return [];
      const all = replicaHolders(env);
      return replicaCounts(env.longhorn)
        .filter((r) => r.value > all)
        .map((r) => ({
          path: r.path,
          value: String(r.value),
          message: `${r.value} replicas need ${r.value} nodes; ${env.name} has ${all}, so every volume stays degraded and new ones never schedule`,
          fix: all === 1 ? 'set 1 (one server holds one replica)' : `set a whole number from 1 to ${all}`,
        }));
    },
  },
  {
    // Split from longhorn.replicas-exceed-servers, which also fired for these: a count too low exceeds nothing.
    code: 'longhorn.replicas-invalid',
    severity: 'error',
    summary: 'every Longhorn StorageClass asks for a whole number of replicas, at least one',
    aliases: ['longhorn.replicas-exceed-servers'],
    check: (env) => {
      if (!env.longhorn) return [];
      // The range longhorn.replicas-exceed-servers accepts, so the fix never proposes what it refuses.
      const all = replicaHolders(env);
      return replicaCounts(env.longhorn)
        .filter((r) => !Number.isInteger(r.value) || r.value < 1)
        .map((r) => ({
          path: r.path,
          value: String(r.value),
          message: Number.isInteger(r.value) ? `${r.value} replicas: a volume needs at least one` : `${r.value} is not a whole number of replicas`,
          fix: all === 1 ? 'set 1 (one server holds one replica)' : `set a whole number from 1 to ${all}`,
        }));
    },
  },
  {
    code: 'longhorn.replicas-exceed-live',
    severity: 'warning',
    summary: 'while servers are planned, volumes run degraded if the default class wants more replicas than live servers',
    check: (env) =>
      env.longhorn && env.longhorn.replicas <= env.nodes.length && env.longhorn.replicas > env.liveNodes.length
        ? [{
            path: 'longhorn.replicas',
            value: String(env.longhorn.replicas),
            message: `${env.longhorn.replicas} replicas on ${counted(env.liveNodes.length, 'live server')}: volumes stay degraded until ${env.longhorn.replicas - env.liveNodes.length} of the ${counted(env.nodes.length - env.liveNodes.length, 'planned server')} ${env.longhorn.replicas - env.liveNodes.length === 1 ? 'is' : 'are'} live`,
            fix: 'bring the planned servers live, or lower longhorn.replicas until they are',
          }]
        : [],
  },
  {
    code: 'longhorn.data-disk-missing',
    severity: 'error',
    summary: 'where the VM layer makes the nodes, every VM has a data disk for Longhorn',
    check: (env) =>
      env.longhorn
        ? env.vms
            .filter((vm) => vm.sizing.dataDiskGiB === undefined)
            .map((vm) => ({
              path: `nodes[${vm.node.index}].vm.dataDiskGiB`,
              value: '(not set)',
              message: `${vm.node.name} gets no data disk: Longhorn would fill its OS disk`,
              fix: 'set infrastructure.vm.dataDiskGiB (or this node\'s vm.dataDiskGiB), e.g. 100',
              action: { set: `nodes[${vm.node.index}].vm.dataDiskGiB`, to: 100 },
            }))
        : [],
  },
  {
    code: 'longhorn.data-path',
    severity: 'error',
    summary: "Longhorn's data path is an absolute, normalised directory, set only on bare metal (the VM layer decides it on VMs)",
    check: (env) => {
      const set = env.spec.longhorn?.dataPath;
      if (!env.longhorn || set === undefined) return [];
      if (env.infrastructure.kind !== 'bare-metal') {
        return [{ path: 'longhorn.dataPath', value: set, message: `the VM layer mounts the data disk at ${env.longhorn.dataPath}; ${set} would be an empty folder on the OS disk`, fix: 'remove longhorn.dataPath (it is for bare metal)', action: { unset: 'longhorn.dataPath' } }];
      }
      return path.posix.isAbsolute(set) && path.posix.normalize(set) === set && !set.endsWith('/')
        ? []
        : [{ path: 'longhorn.dataPath', value: set, message: `"${set}" is not an absolute, normalised directory`, fix: 'write it like /var/lib/longhorn' }];
    },
  },
];
