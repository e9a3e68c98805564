/**
 * The spec of a `cluster-api` environment's infrastructure: a workload cluster whose machines the
 * management environment's Cluster API creates (CAPMOX clones Proxmox VMs, kubeadm bootstraps
 * them, CAPMOX's in-cluster IPAM pool addresses them). Shapes only; the rules are in
 * invariants/workload.ts, the derived values in workload-resolve.ts.
 */
import { z } from 'zod';

/**
 * The bounds of a machine's size and of the ids the spec names, checked by the schema
 * (spec.out-of-range). The lower ones are CAPMOX v0.9.0's ProxmoxMachineTemplate CRD (numSockets
 * and numCores >= 1, bootVolume.sizeGb >= 5, vlan 1-4094) and Proxmox's VM ids (100-999999999,
 * as vm.id-invalid); the upper ones of sizes are typo guards, VM_BOUNDS' (src/model/invariants/vms.ts)
 * where a VM has the same field, since upstream sets none (docs/decisions/0129-the-invariants-of-a-workload-cluster.md).
 */
export const WORKLOAD_BOUNDS = {
  sockets: { min: 1, max: 8 },
  cores: { min: 1, max: 64 },
  memoryMiB: { min: 1024, max: 262144 },
  diskGiB: { min: 5, max: 4096 },
  generation: { min: 1, max: 9999 },
  templateId: { min: 100, max: 999999999 },
  vlan: { min: 1, max: 4094 },
  // A typo guard: what the address pool holds is the real limit (workload.pool-too-small).
  workerReplicas: { min: 0, max: 1000 },
} as const;

const bounded = (b: { readonly min: number; readonly max: number }) => z.number().int().min(b.min).max(b.max);

/** One machine's size, as CAPMOX's ProxmoxMachineTemplate takes it. */
export const machineSizesSchema = z.strictObject({
  sockets: bounded(WORKLOAD_BOUNDS.sockets).default(1).describe('CPU sockets of each machine (`numSockets`).'),
  cores: bounded(WORKLOAD_BOUNDS.cores).describe('CPU cores per socket (`numCores`).'),
  memoryMiB: bounded(WORKLOAD_BOUNDS.memoryMiB).describe('RAM of each machine in MiB, a multiple of 8 (`memoryMiB`).'),
  diskGiB: bounded(WORKLOAD_BOUNDS.diskGiB).describe('The boot volume in GiB, at least 5 (`bootVolume.sizeGb`).'),
});

const generationShape = {
  generation: bounded(WORKLOAD_BOUNDS.generation)
    .default(1)
    .describe('The generation of its machine templates, part of their names (`<cluster>-<set>-g<N>`): Cluster API templates are immutable, so any change to the machines (sizes, placement, network) needs the next generation, which rolls every machine of the set.'),
  retainedGenerations: z
    .array(bounded(WORKLOAD_BOUNDS.generation))
    .default([])
    .describe('Earlier generations whose templates stay in the tree, copied unchanged from the committed tree, until nothing uses them (a rollout in progress, a MachineSet kept for rollback). Remove them once the rollout is done.'),
};

export const workloadControlPlaneSchema = z.strictObject({
  // Bounded by its rules: workload.control-plane-replicas (odd, whole, at least one) and -beyond-recommended.
  replicas: z.number().describe('Control-plane machines: 1, 3 or 5 (an odd etcd member count).'),
  machine: machineSizesSchema.describe('The size of each control-plane machine.'),
  ...generationShape,
});

export const workerPoolSchema = z.strictObject({
  name: z.string().describe('The pool, part of its MachineDeployment and template names (`<cluster>-<name>`), one DNS label.'),
  replicas: bounded(WORKLOAD_BOUNDS.workerReplicas).describe('Worker machines of the pool.'),
  machine: machineSizesSchema.describe('The size of each worker machine.'),
  ...generationShape,
});

export const workloadProxmoxSchema = z.strictObject({
  sourceNode: z.string().describe('The Proxmox node that holds the template VMs.'),
  templates: z
    .record(z.string(), bounded(WORKLOAD_BOUNDS.templateId))
    .describe('The template VM id per Kubernetes version (`v1.35.9: 9035`): an image built for that kubeadm release. The cluster\'s version must have one; keep the previous one listed until its machines are gone.')
    .meta({ examples: [{ 'v1.35.9': 9035 }] }),
  allowedNodes: z.array(z.string()).optional().describe('Proxmox nodes CAPMOX may clone machines onto. Default: the source node only.'),
  bridge: z.string().describe('The bridge of each machine\'s NIC, e.g. `vmbr0`.'),
  vlan: bounded(WORKLOAD_BOUNDS.vlan).optional().describe('The VLAN tag of each machine\'s NIC. Default: untagged.'),
  bootDevice: z.string().default('scsi0').describe('The boot disk\'s device in the template, e.g. `scsi0`.'),
});

export const workloadAddressesSchema = z.strictObject({
  first: z.string().describe('The first address of the machines\' pool, inside `network.subnet`.'),
  last: z.string().describe('The last address of the pool (inclusive); the VIP and every other environment\'s addresses stay outside it.'),
});

/** `infrastructure` of a workload cluster that a management environment's Cluster API creates. */
export const clusterApiInfrastructureSchema = z.strictObject({
  kind: z.literal('cluster-api').describe("A workload cluster whose machines a management environment's Cluster API creates (CAPMOX, kubeadm, in-cluster IPAM)."),
  management: z.string().describe('The environment whose Cluster API creates the machines (its `clusterApi` section installs the providers); its tree holds this cluster\'s Cluster API objects.'),
  namespace: z.string().default('default').describe('Namespace of the Cluster and its objects on the management cluster.'),
  kubernetes: z.string().describe('The exact kubeadm Kubernetes release, e.g. `v1.35.9`; keep it in the fleet\'s environments/versions.ts under its `// renovate:` comment.'),
  controlPlane: workloadControlPlaneSchema.describe('The control-plane machines (KubeadmControlPlane).'),
  workers: z.array(workerPoolSchema).default([]).describe('Worker pools, one MachineDeployment each.'),
  proxmox: workloadProxmoxSchema.describe('Where CAPMOX clones the machines from and places them.'),
  addresses: workloadAddressesSchema.describe("The machines' addresses: CAPMOX's in-cluster IPAM pool (created by CAPMOX from the ProxmoxCluster). Gateway and DNS servers are `network`'s."),
  podCidr: z.string().describe('The pod network (`clusterNetwork.pods`), a CIDR clear of every subnet of the fleet.'),
  serviceCidr: z.string().describe('The service network (`clusterNetwork.services`), a CIDR clear of every subnet of the fleet and of the pods.'),
  sshKeys: z.array(z.string()).describe('Public SSH keys root trusts on every machine (`ssh-ed25519 AAAA… you@host`); never a private key.'),
  handedOver: z
    .boolean()
    .default(false)
    .describe("Set once the cluster's own Flux is Ready (docs/guides/workload-clusters.md, \"Adding a workload cluster\"): the management environment's Flux stops reconciling what it installed there (suspended, never deleted) and the cluster's own Cilium and flux-operator HelmReleases, suspended until then, take their releases over in the same commit. One-way: never unset it."),
});

export type MachineSizesSpec = z.input<typeof machineSizesSchema>;
export type WorkerPoolSpec = z.input<typeof workerPoolSchema>;
export type ClusterApiInfrastructureSpec = z.input<typeof clusterApiInfrastructureSchema>;
