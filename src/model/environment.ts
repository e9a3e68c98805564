/**
 * The input an operator writes: one `EnvironmentSpec` per cluster, plain data, no logic.
 * Everything derived from it (founder, API addresses, SANs, token path) lives in resolve.ts.
 */

/** A k3s server. Agents are not modelled yet: every node is a control-plane member. */
export interface NodeSpec {
  /** Hostname and the key of every per-node resource (Terraform, k3s config). */
  readonly name: string;
  /** The IPv4 address k3s advertises (`node-ip`). */
  readonly ip: string;
  /**
   * `planned` nodes are addressed (their IPs are reserved and in the SANs) but not rendered as
   * members: no k3s config, no VM.
   * @default 'live'
   */
  readonly state?: 'live' | 'planned';
  /** The one server that runs `cluster-init`; the others join it. Exactly one per environment. */
  readonly founder?: boolean;
  /** Per-node VM settings over the environment's `infrastructure.vm` defaults. */
  readonly vm?: NodeVmSpec;
}

/** The size of one VM. */
export interface VmSizing {
  readonly vcpus: number;
  readonly memoryMiB: number;
  readonly osDiskGiB: number;
  /** A second disk for Longhorn; none when unset. */
  readonly dataDiskGiB?: number;
}

export interface NodeVmSpec extends Partial<VmSizing> {
  /** Proxmox VM id; changing it replaces the VM. */
  readonly vmId?: number;
  /** @default derived from the node name (52:54:00 + the first three bytes of its SHA-256) */
  readonly mac?: string;
}

/** Who may log in to a VM: the cloud-init user and its SSH keys. */
export interface VmAccessSpec {
  /** @default 'ubuntu' */
  readonly user?: string;
  readonly sshKeys: readonly string[];
}

/** Bare metal: nodes exist already; no Terraform is produced. */
export interface BareMetalSpec {
  readonly kind: 'bare-metal';
}

/** VMs on a libvirt host (dmacvicar/libvirt 0.9), one set of resources per live node. */
export interface LibvirtSpec {
  readonly kind: 'libvirt';
  /** @default 'qemu:///system' */
  readonly uri?: string;
  /** Storage pool of every volume. @default 'default' */
  readonly pool?: string;
  /** Host bridge the NICs attach to (nodes take static addresses on the LAN). */
  readonly bridge: string;
  /** Sizing of every node unless the node overrides it. */
  readonly vm: VmSizing;
  readonly access: VmAccessSpec;
  /** The RAM the host can give the whole cluster; the live VMs must fit. */
  readonly memoryBudgetMiB?: number;
  /**
   * Node names in the index order of an older `count`-based module: generates `moved` blocks
   * from `<type>.<name>[i]` to `<type>.<name>["<node>"]` so adoption destroys nothing.
   */
  readonly migrateFromCount?: readonly string[];
}

/** One VM per live node on a Proxmox VE host (bpg/proxmox). */
export interface ProxmoxSpec {
  readonly kind: 'proxmox';
  /** API endpoint, `https://host:8006/`; the token comes from the environment at apply time. */
  readonly endpoint: string;
  /** @default false */
  readonly insecure?: boolean;
  /** The Proxmox node (host) the VMs run on. */
  readonly node: string;
  /** Datastore of the VM disks and the cloud-init drive. */
  readonly datastore: string;
  /** File datastore with "Import" content enabled, where the cloud image is downloaded. */
  readonly imageDatastore: string;
  readonly bridge: string;
  /** VLAN tag on the bridge (a separate setting from the bridge). */
  readonly vlan?: number;
  readonly vm: VmSizing;
  readonly access: VmAccessSpec;
}

export type InfrastructureSpec = BareMetalSpec | LibvirtSpec | ProxmoxSpec;

export interface NetworkSpec {
  /** The node subnet in CIDR form, e.g. `192.168.1.0/24`. */
  readonly subnet: string;
  readonly gateway: string;
  /** DNS servers, a list (Proxmox and cloud-init both want a list, never a joined string). */
  readonly dns: readonly string[];
}

export interface ControlPlaneSpec {
  /**
   * The kube-vip virtual IP. It becomes the apiserver endpoint every steady-state client and
   * Cilium use. Without it the API endpoint is the founder's IP (single-node environments).
   */
  readonly vip?: string;
  /** @default 6443 */
  readonly apiPort?: number;
  /** The host interface kube-vip announces the VIP on (ARP). Required when `vip` is set. */
  readonly vipInterface?: string;
}

export interface OidcSpec {
  /** Keycloak realm; the issuer is `https://<issuerHost>.<baseDomain>/realms/<realm>`. */
  readonly realm: string;
  /** @default 'auth' */
  readonly issuerHost?: string;
  /** @default 'kubernetes' */
  readonly clientId?: string;
}

export interface K3sSpec {
  /** Exact k3s release with its `+k3sN` suffix, e.g. `v1.36.4+k3s1`. */
  readonly version: string;
  /** @default '/var/lib/rancher/k3s' */
  readonly dataDir?: string;
  /** Packaged components k3s must not deploy. @default ['traefik', 'servicelb'] with Cilium */
  readonly disable?: readonly string[];
  /** @default '0644' */
  readonly writeKubeconfigMode?: string;
  /** Lets non-root KubeVirt/CDI pods open raw block devices. @default true */
  readonly nonrootDevices?: boolean;
  readonly oidc?: OidcSpec;
}

export interface FluxLayerSpec {
  /** Folder and Flux Kustomization name, e.g. `platform`. */
  readonly name: string;
  /** Layers that must be ready first. @default [] */
  readonly dependsOn?: readonly string[];
  /** Ship the layer paused until it is validated. @default false */
  readonly suspend?: boolean;
  /** @default true */
  readonly prune?: boolean;
  /** Wait for every applied object to be ready. @default true */
  readonly wait?: boolean;
  /** @default '10m' */
  readonly interval?: string;
  /** Namespaces this layer creates (in `<layer>/namespaces/`). @default [] */
  readonly namespaces?: readonly string[];
}

export interface FluxSpec {
  /** The Git repository Flux pulls this tree from. */
  readonly url: string;
  /** @default 'main' */
  readonly branch?: string;
  /** @default '1m' */
  readonly interval?: string;
  /**
   * Set once `flux bootstrap` has committed `flux-system/gotk-components.yaml`: from then on the
   * generated `flux-system/kustomization.yaml` lists it, so Flux manages itself from Git.
   * @default false
   */
  readonly bootstrapped?: boolean;
  readonly layers: readonly FluxLayerSpec[];
}

export interface CiliumSpec {
  /** The layer the HelmRelease lives in. @default 'platform' */
  readonly layer?: string;
}

/** The cluster-api-operator kinds, one per provider type. */
export type CapiProviderKind = 'CoreProvider' | 'BootstrapProvider' | 'ControlPlaneProvider' | 'InfrastructureProvider' | 'IPAMProvider';

/** A Cluster API provider installed by cluster-api-operator. */
export interface CapiProviderSpec {
  readonly kind: CapiProviderKind;
  /** The provider's name (`cluster-api`, `kubeadm`, `proxmox`, `in-cluster`): the object's name. */
  readonly name: string;
  /** Install namespace: the object's namespace, created in the tree before it. */
  readonly namespace: string;
  readonly version: string;
  /** The Cluster API contract the release declares, e.g. `v1beta2`. */
  readonly contract: string;
  /** Secret in the same namespace holding the provider's variables; a reference, never values. */
  readonly configSecret?: { readonly name: string; readonly keys: readonly string[] };
}

/**
 * A Secret a component needs, by reference only: its encrypted source lives at
 * `secrets/<env>/<namespace>.<name>.sops.yaml` and is written with `npm run secrets -- set`.
 */
export interface SecretRefSpec {
  readonly namespace: string;
  readonly name: string;
  /** Keys its `data` must hold. */
  readonly keys: readonly string[];
  /** Layer whose `secrets/` folder holds it. @default 'platform' */
  readonly layer?: string;
}

/** SOPS settings: who can decrypt this environment's secrets. */
export interface SopsSpec {
  /** age recipients (public keys, `age1…`); Flux holds the matching identity in `sops-age`. */
  readonly ageRecipients: readonly string[];
}

/** Cluster API through cluster-api-operator, after cert-manager, each in its own Flux layer. */
export interface ClusterApiSpec {
  /** Values of the cluster-api-operator chart; never providers (they would become Helm hooks). @default {} */
  readonly operatorValues?: Readonly<Record<string, unknown>>;
  readonly providers: readonly CapiProviderSpec[];
  /** Layer of each part. @default cert-manager, capi-operator, capi-providers */
  readonly layers?: { readonly certManager?: string; readonly operator?: string; readonly providers?: string };
  /** The read-only `capi-readonly` role and its `capi-inspector` ServiceAccount. @default true */
  readonly inspector?: boolean;
}

export interface EnvironmentSpec {
  /** Folder name under `clusters/`, lowercase. */
  readonly name: string;
  /** DNS suffix of the environment's services (OIDC issuer, gateways). */
  readonly baseDomain: string;
  readonly network: NetworkSpec;
  readonly nodes: readonly NodeSpec[];
  readonly controlPlane: ControlPlaneSpec;
  /** The Gateway load-balancer address, announced by Cilium L2; distinct from the VIP. */
  readonly ingressVip?: string;
  readonly k3s: K3sSpec;
  /** Cilium as CNI and kube-proxy replacement; absent means k3s's own flannel. */
  readonly cilium?: CiliumSpec;
  readonly flux: FluxSpec;
  /**
   * How charts are installed: Flux `HelmRepository` + `HelmRelease`, or a k3s `HelmChart` that
   * k3s's own helm-controller keeps applied. @default 'flux'
   */
  readonly helmInstaller?: 'flux' | 'k3s';
  readonly clusterApi?: ClusterApiSpec;
  /** Secrets needed beyond those components declare themselves. @default [] */
  readonly secrets?: readonly SecretRefSpec[];
  readonly sops?: SopsSpec;
  /** Where the nodes run: bare metal, libvirt VMs or Proxmox VMs. */
  readonly infrastructure: InfrastructureSpec;
}
