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
}

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
}
