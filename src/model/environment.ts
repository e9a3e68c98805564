/**
 * The input an operator writes: one `EnvironmentSpec` per cluster, plain data, no logic.
 * One zod schema is the single source of the types (inferred below), of the runtime check at the
 * boundary (spec-check.ts) and of the editor's JSON Schema (schemas/environment.schema.json).
 * Types, enums and shapes live here; semantic rules (ranges, addresses, names) are the invariants.
 * Everything derived from a spec (founder, API addresses, SANs, token path) lives in resolve.ts.
 */
import type { Construct } from 'constructs';
import { z } from 'zod';
import { COMPONENT_SECTIONS } from '../components/sections';
import type { ComponentSections } from '../components/sections';
import { componentSwitchSchema } from '../components/switch-settings';
import type { SpecOf } from './spec-types';
import { versionOverridesSchema } from './version-overrides';

export type { DeepReadonly } from './spec-types';
export type { CiliumSpec } from '../components/cilium/settings';
export type { CapiProviderKind, CapiProviderSpec, ClusterApiSpec } from '../components/cluster-api/settings';
export type { DefaultDenySpec } from '../components/default-deny/settings';
export type { KyvernoSpec } from '../components/kyverno/settings';
export type { LonghornSpec } from '../components/longhorn/settings';
export type { MonitoringSpec } from '../components/monitoring/settings';
export type { ComponentSwitchSpec } from '../components/switch-settings';

const vmSizingShape = {
  vcpus: z.number(),
  memoryMiB: z.number(),
  osDiskGiB: z.number(),
  /** A second disk for Longhorn; none when unset. */
  dataDiskGiB: z.number().optional(),
};

/** The size of one VM. */
export const vmSizingSchema = z.strictObject(vmSizingShape);

export const nodeVmSchema = z.strictObject({
  vcpus: vmSizingShape.vcpus.optional(),
  memoryMiB: vmSizingShape.memoryMiB.optional(),
  osDiskGiB: vmSizingShape.osDiskGiB.optional(),
  dataDiskGiB: vmSizingShape.dataDiskGiB,
  /** Proxmox VM id; changing it replaces the VM. */
  vmId: z.number().optional(),
  /** @default derived from the node name (52:54:00 + the first three bytes of its SHA-256) */
  mac: z.string().optional(),
});

/** A k3s server. Agents are not modelled yet: every node is a control-plane member. */
export const nodeSchema = z.strictObject({
  /** Hostname and the key of every per-node resource (Terraform, k3s config). */
  name: z.string(),
  /** The IPv4 address k3s advertises (`node-ip`). */
  ip: z.string(),
  /**
   * `planned` nodes are addressed (their IPs are reserved and in the SANs) but not rendered as
   * members: no k3s config, no VM.
   */
  state: z.enum(['live', 'planned']).default('live'),
  /** The one server that runs `cluster-init`; the others join it. Exactly one per environment. */
  founder: z.boolean().default(false),
  /** Per-node VM settings over the environment's `infrastructure.vm` defaults. */
  vm: nodeVmSchema.optional(),
  /** How the runbook reaches the node over SSH, where that is not the node's own IP on port 22 (a NAT target). */
  ssh: z
    .strictObject({
      /** @default the node's IP */
      host: z.string().optional(),
      port: z.number().default(22),
      /** @default the VM user on VMs; on bare metal, whatever ~/.ssh/config says */
      user: z.string().optional(),
    })
    .prefault({}),
});

/** Who may log in to a VM: the cloud-init user and its SSH keys. */
export const vmAccessSchema = z.strictObject({
  user: z.string().default('ubuntu'),
  sshKeys: z.array(z.string()),
});

/** Bare metal: nodes exist already; no Terraform is produced. */
export const bareMetalSchema = z.strictObject({
  kind: z.literal('bare-metal'),
  /** RAM of each server, for the check that the platform's memory requests fit. @default unknown (not checked) */
  memoryMiB: z.number().optional(),
});

/** Domains and volumes that already run, imported into the state under their live names instead of created. */
export const libvirtAdoptSchema = z.strictObject({
  /** The storage pool's folder on the host (`virsh pool-dumpxml <pool>`): a volume's import id is its path there. */
  poolPath: z.string(),
  /** The live domain's UUID per node name (`virsh domuuid <node>`): a domain is imported by UUID. */
  domains: z.record(z.string(), z.string()),
});

/** VMs on a libvirt host (dmacvicar/libvirt 0.9), one set of resources per live node. */
export const libvirtSchema = z.strictObject({
  kind: z.literal('libvirt'),
  uri: z.string().default('qemu:///system'),
  /** Storage pool of every volume. */
  pool: z.string().default('default'),
  /** Host bridge the NICs attach to (nodes take static addresses on the LAN). */
  bridge: z.string(),
  /** Sizing of every node unless the node overrides it. */
  vm: vmSizingSchema,
  access: vmAccessSchema,
  /** The RAM the host can give the whole cluster; the live VMs must fit. */
  memoryBudgetMiB: z.number().optional(),
  /**
   * Node names in the index order of an older `count`-based module: generates `moved` blocks
   * from `<type>.<name>[i]` to `<type>.<name>["<node>"]` so adoption destroys nothing.
   */
  migrateFromCount: z.array(z.string()).optional(),
  /**
   * Data disks carry `prevent_destroy`: a plan that would delete one fails. Set false for the
   * one change that removes a node on purpose (its data disk goes with it), then back.
   */
  protectData: z.boolean().default(true),
  /** Adopt domains and volumes that exist without a Terraform state: import blocks, keyed by node. */
  adopt: libvirtAdoptSchema.optional(),
});

/** One VM per live node on a Proxmox VE host (bpg/proxmox). */
export const proxmoxSchema = z.strictObject({
  kind: z.literal('proxmox'),
  /** API endpoint, `https://host:8006/`; the token comes from the environment at apply time. */
  endpoint: z.string(),
  insecure: z.boolean().default(false),
  /** The Proxmox node (host) the VMs run on. */
  node: z.string(),
  /** Datastore of the VM disks and the cloud-init drive. */
  datastore: z.string(),
  /** File datastore with "Import" content enabled, where the cloud image is downloaded. */
  imageDatastore: z.string(),
  bridge: z.string(),
  /** VLAN tag on the bridge (a separate setting from the bridge), 1-4094. */
  vlan: z.number().optional(),
  vm: vmSizingSchema,
  access: vmAccessSchema,
  /** Adopt the VMs that already run (by node and `vm.vmId`) and the cloud image: import blocks, keyed by node. */
  adopt: z.boolean().default(false),
});

export const infrastructureSchema = z.discriminatedUnion('kind', [bareMetalSchema, libvirtSchema, proxmoxSchema]);

export const networkSchema = z.strictObject({
  /** The node subnet in canonical CIDR form, e.g. `192.168.1.0/24`. */
  subnet: z.string(),
  gateway: z.string(),
  /** DNS servers, a list (Proxmox and cloud-init both want a list, never a joined string). */
  dns: z.array(z.string()),
});

export const controlPlaneSchema = z.strictObject({
  /**
   * The kube-vip virtual IP. It becomes the apiserver endpoint every steady-state client and
   * Cilium use. Without it the API endpoint is the founder's IP (single-node environments).
   */
  vip: z.string().optional(),
  apiPort: z.number().default(6443),
  /** The host interface kube-vip announces the VIP on (ARP). Required when `vip` is set. */
  vipInterface: z.string().optional(),
});

export const oidcSchema = z.strictObject({
  /** Keycloak realm; the issuer is `https://<issuerHost>.<baseDomain>/realms/<realm>`. */
  realm: z.string(),
  issuerHost: z.string().default('auth'),
  clientId: z.string().default('kubernetes'),
});

export const k3sSchema = z.strictObject({
  /** Exact k3s release with its `+k3sN` suffix, e.g. `v1.36.4+k3s1`. */
  version: z.string(),
  /** An absolute path without a trailing slash. */
  dataDir: z.string().default('/var/lib/rancher/k3s'),
  /** Packaged components k3s must not deploy. @default ['traefik', 'servicelb'] with Cilium */
  disable: z.array(z.string()).optional(),
  /** An octal file mode. */
  writeKubeconfigMode: z.string().regex(/^0?[0-7]{3}$/, 'an octal file mode such as 0600').default('0644'),
  /**
   * `etcd`: embedded etcd (`cluster-init` on the founder), required for more than one server.
   * `sqlite`: k3s's default datastore, for a single server that stays single.
   */
  datastore: z.enum(['etcd', 'sqlite']).default('etcd'),
  /** Lets non-root KubeVirt/CDI pods open raw block devices. */
  nonrootDevices: z.boolean().default(true),
  oidc: oidcSchema.optional(),
});

export const fluxLayerSchema = z.strictObject({
  /** Folder and Flux Kustomization name, e.g. `platform`. */
  name: z.string(),
  /** Layers that must be ready first. */
  dependsOn: z.array(z.string()).default([]),
  /** Ship the layer paused until it is validated. */
  suspend: z.boolean().default(false),
  prune: z.boolean().default(true),
  /** Wait for every applied object to be ready. */
  wait: z.boolean().default(true),
  interval: z.string().default('10m'),
  /** Namespaces this layer creates (in `<layer>/namespaces/`). */
  namespaces: z.array(z.string()).default([]),
});

export const fluxSchema = z.strictObject({
  /** The Git repository Flux pulls this tree from. */
  url: z.string(),
  branch: z.string().default('main'),
  interval: z.string().default('1m'),
  /**
   * A Secret in `flux-system` (declared under `secrets`) with what Flux needs to pull the
   * repository: `username`/`password` or `bearerToken` (HTTPS), `identity`/`known_hosts` (SSH),
   * and `ca.crt` for a forge with a private CA. None for a public repository. @default none
   */
  pullSecret: z.string().optional(),
  /**
   * The cluster still runs Flux installed by `flux bootstrap` (its `flux-system/gotk-components.yaml`
   * is in the tree): the tree keeps bootstrap's sync objects and lists that file, until the
   * migration to flux-operator (README, "Migrating from flux bootstrap") is done.
   */
  bootstrapped: z.boolean().default(false),
  layers: z.array(fluxLayerSchema),
});

/**
 * A Secret a component needs, by reference only: its encrypted source lives at
 * `secrets/<env>/<namespace>.<name>.sops.yaml` and is written with `npm run secrets -- set`.
 */
export const secretRefSchema = z.strictObject({
  namespace: z.string(),
  name: z.string(),
  /** Keys its `data` must hold. */
  keys: z.array(z.string()),
  /**
   * Layer whose `secrets/` folder holds it; it must be the layer that creates its namespace or
   * one after it. @default the layer that creates its namespace (a layer listing it, or an app's), else 'platform'
   */
  layer: z.string().optional(),
});

/** SOPS settings: who can decrypt this environment's secrets. */
export const sopsSchema = z.strictObject({
  /** age recipients (public keys, `age1…`); Flux holds the matching identity in `sops-age`. */
  ageRecipients: z.array(z.string()),
});

/** A chart of the user's own, installed by Flux (a HelmRelease with its source). */
export const appHelmSchema = z.strictObject({
  /** The chart's name in its repository. */
  chart: z.string(),
  /** The exact chart version; keep it in src/versions.ts (with its `// renovate:` line) and reference it. */
  version: z.string(),
  /** The chart's OCI location without tag, `oci://ghcr.io/org/charts/name`: an OCIRepository. Set this or `repo`. */
  oci: z.string().optional(),
  /** The classic Helm repository URL (`https://…`): a HelmRepository. Set this or `oci`. */
  repo: z.string().optional(),
  /**
   * The release's values. Where the chart ships a values.schema.json, copy it to
   * `schemas/values/<chart>-<version>.values.schema.json`: synth and validate check the values against it.
   */
  values: z.record(z.string(), z.unknown()).default({}),
});

/** What a user construct receives: where its objects go. */
export interface AppContext {
  readonly name: string;
  readonly namespace: string;
  readonly environment: string;
}

/** Builds the app's objects under `scope` with cdk8s (any Chart, construct or cdk8s-plus object). */
export type AppConstruct = (scope: Construct, app: AppContext) => void;

/**
 * A workload of the user's own, in one of three forms (set exactly one): a Helm chart, a cdk8s
 * construct, or a folder of plain manifests. Rendered into `<layer>/<name>/`.
 */
export const appSchema = z.strictObject({
  /** The app's folder under its layer, and the Helm release name. */
  name: z.string(),
  /** One of `flux.layers`. */
  layer: z.string(),
  /** Namespace its objects run in, created with its layer unless a layer lists it. @default the app's name */
  namespace: z.string().optional(),
  /** Apps that must be ready first: Helm apps of the same layer, or apps of a layer this one depends on. */
  dependsOn: z.array(z.string()).default([]),
  helm: appHelmSchema.optional(),
  /** A cdk8s construct of the user's own. */
  construct: z.custom<AppConstruct>((value) => typeof value === 'function', { message: 'a function (scope, app) => void' }).optional(),
  /**
   * Repository path of a folder of plain manifests (`apps/dev/legacy`), copied verbatim: its YAML
   * files, and its kustomization.yaml if it has one. Secrets in it must be SOPS-encrypted.
   */
  manifests: z.string().optional(),
});

/** The components' sections, each optional: absent means the component is off. */
const componentSections = Object.fromEntries(Object.entries(COMPONENT_SECTIONS).map(([key, section]) => [key, section.schema.optional()])) as {
  [K in keyof ComponentSections]: z.ZodOptional<ComponentSections[K]['schema']>;
};

export const environmentSchema = z.strictObject({
  /** Folder name under `clusters/`, lowercase. */
  name: z.string(),
  /** DNS suffix of the environment's services (OIDC issuer, gateways). */
  baseDomain: z.string(),
  network: networkSchema,
  nodes: z.array(nodeSchema),
  controlPlane: controlPlaneSchema,
  /** The Gateway load-balancer address, announced by Cilium L2; distinct from the VIP. */
  ingressVip: z.string().optional(),
  k3s: k3sSchema,
  // Each component's own section (`cilium`: Cilium as CNI, absent means k3s's flannel; `longhorn`, …), from its folder.
  ...componentSections,
  flux: fluxSchema,
  /** The workstation's kubeconfig of this cluster, written by the runbook. */
  kubeconfig: z
    .strictObject({
      /** Cluster, user and context name in it. @default the environment's name */
      context: z.string().optional(),
      /** Where it is written, mode 0600; never another environment's. @default ~/.kube/<env>.kubeconfig */
      file: z.string().optional(),
    })
    .optional(),
  /**
   * How charts are installed: Flux `HelmRepository` + `HelmRelease`, or a k3s `HelmChart` that
   * k3s's own helm-controller keeps applied.
   */
  helmInstaller: z.enum(['flux', 'k3s']).default('flux'),
  /** Table components without a section of their own, by name. */
  components: z.record(z.string(), componentSwitchSchema).default({}),
  /** The user's own workloads. */
  apps: z.array(appSchema).default([]),
  /** Secrets needed beyond those components declare themselves. */
  secrets: z.array(secretRefSchema).default([]),
  sops: sopsSchema.optional(),
  /** Where the nodes run: bare metal, libvirt VMs or Proxmox VMs. */
  infrastructure: infrastructureSchema,
  /**
   * Pins this environment sets itself over the tool's tested defaults (src/versions.ts), e.g.
   * `{ charts: { cilium: { version: '1.20.1' } } }`; keep them in the fleet's versions.ts under
   * `// renovate:` comments. The compatibility rules judge the pins as overridden. @default none
   */
  versions: versionOverridesSchema.optional(),
});

type Spec<S extends z.ZodType> = SpecOf<S>;

export type VmSizing = Spec<typeof vmSizingSchema>;
export type NodeVmSpec = Spec<typeof nodeVmSchema>;
export type NodeSpec = Spec<typeof nodeSchema>;
export type VmAccessSpec = Spec<typeof vmAccessSchema>;
export type BareMetalSpec = Spec<typeof bareMetalSchema>;
export type LibvirtSpec = Spec<typeof libvirtSchema>;
export type LibvirtAdoptSpec = Spec<typeof libvirtAdoptSchema>;
export type ProxmoxSpec = Spec<typeof proxmoxSchema>;
export type InfrastructureSpec = Spec<typeof infrastructureSchema>;
export type NetworkSpec = Spec<typeof networkSchema>;
export type ControlPlaneSpec = Spec<typeof controlPlaneSchema>;
export type OidcSpec = Spec<typeof oidcSchema>;
export type K3sSpec = Spec<typeof k3sSchema>;
export type FluxLayerSpec = Spec<typeof fluxLayerSchema>;
export type FluxSpec = Spec<typeof fluxSchema>;
export type SecretRefSpec = Spec<typeof secretRefSchema>;
export type SopsSpec = Spec<typeof sopsSchema>;
export type AppHelmSpec = Spec<typeof appHelmSchema>;
export type AppSpec = Spec<typeof appSchema>;
export type EnvironmentSpec = Spec<typeof environmentSchema>;
