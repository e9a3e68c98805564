import semver from 'semver';
import * as catalogue from '../../versions';
import { duplicates } from '../duplicates';
import { DNS_LABEL } from '../name-patterns';
import { counted, quorumOf, toleratedOf } from '../quorum';
import type { Environment } from '../resolve';
import { shown } from '../violation';
import type { Finding, Rule } from '../violation';
import type { MachineSet, WorkloadCluster } from '../workload';
import { ETCD_RECOMMENDED_MEMBERS } from './control-plane';
import { onWorkload } from './kind-scope';
import { isPinned, KUBEADM_RELEASE } from './versions';

// A `cluster-api` environment as a whole: the settings only k3s servers have, the control plane
// and the worker pools, the machines' sizes, the generations of their templates and the
// Kubernetes release. Every rule is silent on a k3s environment (k3s.missing aside, which is theirs).

/** The settings of a k3s environment, and why each has no effect on a workload cluster. */
const K3S_SETTINGS: readonly { readonly field: string; readonly why: (w: WorkloadCluster) => string }[] = [
  { field: 'nodes', why: (w) => `its machines are Cluster API's (${w.management}'s KubeadmControlPlane and MachineDeployments create them), and no k3s server is built` },
  { field: 'k3s', why: () => 'its machines run kubeadm (infrastructure.kubernetes is its release), not k3s' },
  { field: 'kubeconfig', why: (w) => `only the runbook of a k3s environment writes a kubeconfig, and none runs for this cluster; Cluster API writes its kubeconfig into the Secret ${w.namespace}/${w.kubeconfigSecret} on ${w.management}` },
  { field: 'handover', why: () => 'it retires an earlier install on k3s servers, and this cluster has none' },
  { field: 'helmInstaller', why: () => 'its charts are Flux HelmReleases, as a kubeadm cluster has no k3s helm-controller' },
];

/** What the spec sets of a field, `nodes: []` (the schema's default) counting as unset. */
function written(env: Environment, field: string): unknown {
  const value = (env.spec as unknown as Record<string, unknown>)[field];
  return Array.isArray(value) && value.length === 0 ? undefined : value;
}

/** The control plane and every worker pool. */
const machineSets = (w: WorkloadCluster): readonly MachineSet[] => [w.controlPlane, ...w.workers];

/** The longest a label value may be (Kubernetes' IsValidLabelValue): a pool's MachineDeployment name is one. */
const LABEL_VALUE_MAX = 63;


export const workloadRules: readonly Rule[] = [
  {
    code: 'k3s.missing',
    severity: 'error',
    summary: 'a k3s environment (bare metal, libvirt, Proxmox) has its k3s section: the release its servers run',
    check: (env) =>
      env.workload || env.spec.k3s !== undefined
        ? []
        : [{
            path: 'k3s',
            value: shown(undefined),
            message: `the servers of a ${env.infrastructure.kind} environment run k3s, and no k3s section says which release`,
            fix: `add k3s: { version: '${catalogue.k3s.tested}' } (the release this tool is tested with), or make it a workload cluster (infrastructure.kind: 'cluster-api')`,
            action: { set: 'k3s', to: { version: catalogue.k3s.tested } },
          }],
  },
  {
    code: 'workload.k3s-setting',
    severity: 'error',
    summary: 'a workload cluster sets none of what only k3s servers have (nodes, k3s, kubeconfig, handover, helmInstaller): there it would have no effect',
    check: onWorkload((env, w) =>
      K3S_SETTINGS.filter(({ field }) => written(env, field) !== undefined).map(({ field, why }) => {
        const value = written(env, field);
        return {
          path: field,
          value: Array.isArray(value) ? counted(value.length, 'node') : shown(value),
          message: `${field} has no effect on a workload cluster: ${why(w)}`,
          fix: `remove ${field}`,
          action: { unset: field },
        };
      }),
    ),
  },
  {
    code: 'workload.vip-missing',
    severity: 'error',
    summary: "a workload cluster has a control-plane VIP: the API endpoint kube-vip serves on its control-plane machines",
    check: onWorkload((env, w) =>
      env.vip !== undefined
        ? []
        : [{
            path: 'controlPlane.vip',
            value: shown(undefined),
            message: `${w.name}'s API endpoint is the VIP kube-vip announces from its control-plane machines (as CAPMOX's templates run it), and none is set`,
            fix: `set controlPlane.vip to a free address in ${env.network.subnet}, outside the machines' pool`,
          }],
    ),
  },
  {
    code: 'workload.cni-missing',
    severity: 'error',
    summary: 'a workload cluster runs Cilium: kubeadm installs no CNI, and its kube-proxy phase is skipped for Cilium to replace',
    check: onWorkload((env, w) =>
      env.cilium !== undefined
        ? []
        : [{
            path: 'cilium',
            value: shown(undefined),
            message: `${w.name}'s machines run kubeadm, which installs no CNI and here skips addon/kube-proxy, so its nodes stay NotReady until a CNI runs; the handover installs the workload tree's Cilium first, and none is set`,
            fix: 'add cilium: {}',
            action: { set: 'cilium', to: {} },
          }],
    ),
  },
  {
    code: 'workload.control-plane-replicas',
    severity: 'error',
    summary: 'a workload cluster has an odd, whole number of control-plane machines, at least one (stacked etcd quorum; KubeadmControlPlane refuses an even one)',
    // Cluster API v1.12.11 controlplane/kubeadm/internal/webhooks/kubeadmcontrolplane.go,
    // validateKubeadmControlPlaneSpec: replicas "cannot be less than or equal to 0", and
    // "cannot be an even number when etcd is stacked".
    check: onWorkload((_env, w) => {
      const n = w.controlPlane.replicas;
      const path = `${w.controlPlane.path}.replicas`;
      if (!Number.isInteger(n) || n < 1) {
        return [{ path, value: String(n), message: n < 1 ? `${n} control-plane machines: KubeadmControlPlane's webhook refuses fewer than one` : `${n} is not a whole number of machines`, fix: 'use 1, 3 or 5' }];
      }
      return n % 2 !== 0
        ? []
        : [{
            path,
            value: String(n),
            message: `${n} control-plane machines run ${n} stacked etcd members, which need ${quorumOf(n)} up and tolerate ${counted(toleratedOf(n), 'failure')}, as ${counted(n - 1, 'member')} ${n - 1 === 1 ? 'does' : 'do'}; KubeadmControlPlane's webhook refuses an even number with stacked etcd`,
            fix: `use ${n - 1} or ${n + 1}`,
          }];
    }),
  },
  {
    code: 'workload.control-plane-beyond-recommended',
    severity: 'warning',
    summary: "a workload cluster's control plane has at most the seven etcd members etcd recommends",
    // As quorum.beyond-recommended: etcd's FAQ, "What is maximum cluster size?".
    check: onWorkload((_env, w) => {
      const n = w.controlPlane.replicas;
      return n <= ETCD_RECOMMENDED_MEMBERS
        ? []
        : [{
            path: `${w.controlPlane.path}.replicas`,
            value: String(n),
            message: `${n} control-plane machines make an etcd cluster of ${n} members; etcd recommends at most ${ETCD_RECOMMENDED_MEMBERS}, as every write is replicated to each member`,
            fix: `use ${ETCD_RECOMMENDED_MEMBERS} or fewer (${ETCD_RECOMMENDED_MEMBERS} tolerate ${counted(toleratedOf(ETCD_RECOMMENDED_MEMBERS), 'failure')})`,
          }];
    }),
  },
  {
    code: 'workload.pool-duplicate-name',
    severity: 'error',
    summary: "a workload cluster's worker pools have names of their own (each names a MachineDeployment and its templates)",
    check: onWorkload((_env, w) =>
      duplicates(w.workers, (p) => p.name).map(({ item, first }) => ({
        path: `${item.path}.name`,
        value: item.name,
        message: `${item.name} is already the name of ${first.path}: both pools would write MachineDeployment ${w.name}-${item.name} and its templates`,
        fix: 'give every pool its own name',
      })),
    ),
  },
  {
    code: 'workload.pool-invalid-name',
    severity: 'error',
    summary: "a worker pool's name is a DNS label, and `<cluster>-<pool>` (its MachineDeployment, a label value on its Machines) at most 63 characters",
    check: onWorkload((_env, w) =>
      w.workers
        .filter((p) => !DNS_LABEL.test(p.name) || `${w.name}-${p.name}`.length > LABEL_VALUE_MAX)
        .map((p) => ({
          path: `${p.path}.name`,
          value: p.name,
          message: DNS_LABEL.test(p.name)
            ? `the pool's MachineDeployment ${w.name}-${p.name} has ${w.name.length + 1 + p.name.length} characters, and Cluster API sets it as the label cluster.x-k8s.io/deployment-name on the pool's Machines, whose values hold at most ${LABEL_VALUE_MAX}`
            : `"${p.name}" is not a DNS label: it names the MachineDeployment ${w.name}-${p.name} and its templates`,
          fix: `use lowercase letters, digits and hyphens, at most ${LABEL_VALUE_MAX - w.name.length - 1} characters, e.g. workers`,
        })),
    ),
  },
  {
    code: 'workload.pool-reserved-name',
    severity: 'error',
    summary: 'no worker pool is named control-plane (its objects would be named like the control plane\'s)',
    check: onWorkload((_env, w) =>
      w.workers
        .filter((p) => p.name === w.controlPlane.name)
        .map((p) => ({
          path: `${p.path}.name`,
          value: p.name,
          message: `the pool's machine template ${w.name}-${p.name}-g${p.generation} and health check ${w.name}-${p.name} would have the names of the control plane's`,
          fix: 'name the pool after what runs on it, e.g. workers',
        })),
    ),
  },
  {
    code: 'workload.memory-multiple',
    severity: 'error',
    summary: "a machine's memoryMiB is a multiple of 8, as CAPMOX's ProxmoxMachineTemplate requires",
    // CAPMOX v0.9.0 config/crd/bases/infrastructure.cluster.x-k8s.io_proxmoxmachinetemplates.yaml, memoryMiB multipleOf: 8.
    check: onWorkload((_env, w) =>
      machineSets(w)
        .filter((s) => s.sizes.memoryMiB % 8 !== 0)
        .map((s) => ({
          path: `${s.path}.machine.memoryMiB`,
          value: String(s.sizes.memoryMiB),
          message: `${s.sizes.memoryMiB} MiB is not a multiple of 8: the API server refuses the ProxmoxMachineTemplate (CAPMOX's CRD, memoryMiB multipleOf 8)`,
          fix: `use ${Math.floor(s.sizes.memoryMiB / 8) * 8} or ${Math.ceil(s.sizes.memoryMiB / 8) * 8}`,
        })),
    ),
  },
  {
    code: 'workload.retained-generation',
    severity: 'error',
    summary: 'a retained template generation is an earlier one than the current, listed once',
    check: onWorkload((_env, w) =>
      machineSets(w).flatMap((s) =>
        s.retainedGenerations.flatMap((g, i): Finding[] => {
          const path = `${s.path}.retainedGenerations[${i}]`;
          if (s.retainedGenerations.indexOf(g) < i) return [{ path, value: String(g), message: `generation ${g} is listed twice`, fix: 'list each generation once', action: { unset: path } }];
          if (g < s.generation) return [];
          return [{
            path,
            value: String(g),
            message: g === s.generation
              ? `generation ${g} is the current one, whose templates are written from the spec; a retained generation is an earlier one, copied from the committed tree`
              : `generation ${g} is after the current ${s.generation}: no committed template of it can exist`,
            fix: g === s.generation ? 'remove it' : `list only generations before ${s.generation}, or make ${g} the current generation`,
            ...(g === s.generation && { action: { unset: path } }),
          }];
        }),
      ),
    ),
  },
  {
    code: 'workload.kubernetes-version',
    severity: 'error',
    summary: "a workload cluster's Kubernetes version is a kubeadm release, vX.Y.Z",
    // An unpinned version (a range, a tag) is version.unpinned's to report.
    check: onWorkload((_env, w) =>
      !isPinned(w.kubernetesVersion) || KUBEADM_RELEASE.test(w.kubernetesVersion)
        ? []
        : [{
            path: 'infrastructure.kubernetes',
            value: w.kubernetesVersion,
            message: `"${w.kubernetesVersion}" names no kubeadm release: Kubernetes releases are tagged like v1.35.9`,
            // A pinned version always coerces.
            fix: `write v${semver.coerce(w.kubernetesVersion)!.version}`,
            // Applied only where a template VM of that release is listed: else workload.template-missing follows.
            ...(`v${semver.coerce(w.kubernetesVersion)!.version}` in w.proxmox.templates && { action: { set: 'infrastructure.kubernetes', to: `v${semver.coerce(w.kubernetesVersion)!.version}` } }),
          }],
    ),
  },
  {
    code: 'workload.template-missing',
    severity: 'error',
    summary: "the workload cluster's Kubernetes version has a template VM in proxmox.templates (a version bump without its template is an error)",
    // A version that is no kubeadm release is workload.kubernetes-version's (or version.unpinned's):
    // no template VM can be built for it, so asking for one would be a second, wrong fix.
    check: onWorkload((_env, w) =>
      w.kubernetesVersion in w.proxmox.templates || !KUBEADM_RELEASE.test(w.kubernetesVersion)
        ? []
        : [{
            path: 'infrastructure.proxmox.templates',
            value: Object.keys(w.proxmox.templates).join(', ') || '(none)',
            message: `no template VM is listed for ${w.kubernetesVersion}: CAPMOX clones every machine from the template VM of the cluster's release, and the templates listed are for ${Object.keys(w.proxmox.templates).join(', ') || 'no release'}`,
            fix: `build a template VM for ${w.kubernetesVersion} on ${w.proxmox.sourceNode} and add '${w.kubernetesVersion}': <its VM id> to infrastructure.proxmox.templates`,
          }],
    ),
  },
  {
    code: 'workload.no-schedulable-worker',
    severity: 'error',
    summary: 'a workload cluster has at least one worker machine: kubeadm taints its control plane NoSchedule, so without one no pod of the platform or the apps is scheduled',
    // Cluster API v1.12.11 api/bootstrap/kubeadm/v1beta2/kubeadm_types.go:400-406: unset taints
    // become kubeadm's control-plane taint; the tool leaves them unset.
    check: onWorkload((_env, w) => {
      if (w.workers.some((p) => p.replicas > 0)) return [];
      const pool = w.workers[0];
      return [{
        path: pool ? `${pool.path}.replicas` : 'infrastructure.workers',
        value: pool ? '0' : '(none)',
        message: `${w.name} has ${w.workers.length === 0 ? 'no worker pool' : 'no worker machine (every pool has 0 replicas)'}, and kubeadm taints its ${counted(w.controlPlane.replicas, 'control-plane machine')} NoSchedule: every pod without a toleration for that taint would stay Pending, and the tool's releases (Flux's among them) set none`,
        fix: pool ? `set ${pool.path}.replicas to 1 or more` : `add a worker pool, e.g. workers: [{ name: 'workers', replicas: 1, machine: <the control plane's sizes> }]`,
        action: pool
          ? { set: `${pool.path}.replicas`, to: 1 }
          : { set: 'infrastructure.workers', to: [{ name: 'workers', replicas: 1, machine: { ...w.controlPlane.sizes } }] },
      }];
    }),
  },
];
