/**
 * A workload cluster as resolve() derives it from a `cluster-api` environment: everything the
 * Cluster API objects on its management environment and the handover to its own Flux are built
 * from. Plain data, computed once; the objects restate nothing of the spec.
 */

/** The size of one machine (a Proxmox VM CAPMOX clones). */
export interface MachineSizes {
  readonly sockets: number;
  readonly cores: number;
  /** RAM in MiB (CAPMOX wants a multiple of 8). */
  readonly memoryMiB: number;
  /** The boot volume in GiB (CAPMOX's `sizeGb`, at least 5). */
  readonly diskGiB: number;
}

/** The control plane or one worker pool: its machines and the generation of their templates. */
export interface MachineSet {
  /** `control-plane`, or the pool's name. */
  readonly name: string;
  readonly replicas: number;
  /** Bumped by the operator for every change of the machines' template: templates are immutable. */
  readonly generation: number;
  /** Earlier generations still listed in the spec: kept in the tree, byte for byte, until removed. */
  readonly retainedGenerations: readonly number[];
  readonly sizes: MachineSizes;
  /** Spec path of this set, for messages: `infrastructure.controlPlane`, `infrastructure.workers[0]`. */
  readonly path: string;
}

/** Where and from what CAPMOX clones the machines. */
export interface ProxmoxPlacement {
  /** The Proxmox node holding the template VM. */
  readonly sourceNode: string;
  /** The template VM of the cluster's Kubernetes version. */
  readonly templateId: number;
  /** Every template VM the spec lists, by Kubernetes version. */
  readonly templates: Readonly<Record<string, number>>;
  /** Proxmox nodes CAPMOX may place machines on (source node included). */
  readonly allowedNodes: readonly string[];
  readonly bridge: string;
  readonly vlan?: number;
  /** The boot disk's device, `scsi0`. */
  readonly bootDevice: string;
}

/** The machines' addresses: CAPMOX's in-cluster pool from the ProxmoxCluster's `ipv4Config`. */
export interface MachineAddresses {
  /** `first-last` ranges as CAPMOX's templates pass them. */
  readonly ranges: readonly { readonly first: string; readonly last: string }[];
  readonly prefix: number;
  readonly gateway: string;
  readonly dns: readonly string[];
}

/** Resolved `infrastructure` of a `cluster-api` environment. */
export interface WorkloadCluster {
  /** The Cluster's name: the environment's. */
  readonly name: string;
  /** The environment whose Cluster API creates the machines, and whose tree holds the objects. */
  readonly management: string;
  /** Namespace of the Cluster and its objects on the management cluster. */
  readonly namespace: string;
  /** The management environment's layer that holds the objects (after its providers' layer). */
  readonly layer: string;
  /** The kubeadm Kubernetes release, `v1.35.9`. */
  readonly kubernetesVersion: string;
  /** The API endpoint kube-vip serves: the VIP and the port. */
  readonly endpoint: { readonly host: string; readonly port: number };
  /** The interface kube-vip announces the VIP on; '' lets kube-vip take the default route's. */
  readonly vipInterface: string;
  readonly controlPlane: MachineSet;
  readonly workers: readonly MachineSet[];
  readonly addresses: MachineAddresses;
  /** Explicit pod and service CIDRs (kubeadm's `clusterNetwork`). */
  readonly clusterNetwork: { readonly pods: string; readonly services: string };
  readonly proxmox: ProxmoxPlacement;
  /** Public SSH keys root trusts on every machine. */
  readonly sshKeys: readonly string[];
  /** The Secret Cluster API writes with the cluster's admin kubeconfig (key `value`). */
  readonly kubeconfigSecret: string;
  /** The cluster's own Flux owns it: the management environment's handover objects are inert. */
  readonly handedOver: boolean;
}

/**
 * A workload cluster whose management environment still releases its Cilium and flux-operator
 * (the handover's remote HelmReleases): its own tree's HelmReleases of those releases stay
 * suspended until `handedOver`, so that each release has one controller at every commit.
 */
export const handoverPending = (env: { readonly workload?: WorkloadCluster }): boolean => env.workload !== undefined && !env.workload.handedOver;

/** Name of a machine set's template of one generation: `<cluster>-<set>-g<generation>`. */
export const templateName = (cluster: string, set: string, generation: number): string => `${cluster}-${set}-g${generation}`;

/** The machines of a cluster's worker pools. */
export const workerMachines = (cluster: WorkloadCluster): number => cluster.workers.reduce((sum, pool) => sum + pool.replicas, 0);

/** Every machine of a cluster: its control plane and its worker pools. */
export const allMachines = (cluster: WorkloadCluster): number => cluster.controlPlane.replicas + workerMachines(cluster);
