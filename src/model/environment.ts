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
import { emptyMeaning } from './spec-walk';
import { versionOverridesSchema } from './version-overrides';
import { clusterApiInfrastructureSchema } from './workload-spec';

export type { DeepReadonly } from './spec-types';
export type { CiliumSpec } from '../components/cilium/settings';
export type { CapiProviderKind, CapiProviderSpec, ClusterApiSpec } from '../components/cluster-api/settings';
export type { DefaultDenySpec } from '../components/default-deny/settings';
export type { KyvernoSpec } from '../components/kyverno/settings';
export type { LonghornSpec } from '../components/longhorn/settings';
export type { MonitoringSpec } from '../components/monitoring/settings';
export type { TlsSpec } from '../components/tls/settings';
export type { ComponentSwitchSpec } from '../components/switch-settings';

/**
 * The RAM of a server or of a libvirt host's budget, in MiB: no rule of its own bounds it, so the
 * schema does (spec.out-of-range). From 1 GiB (the least VM_BOUNDS lets a VM have) to 16 TiB (docs/decisions/0098-matrix-whitespace-empty-strings-number-bounds-and-the-field.md).
 */
const MEMORY_MIB = { min: 1024, max: 16 * 1024 * 1024 } as const;

const vmSizingShape = {
  vcpus: z.number().describe('Virtual CPUs of each VM.'),
  memoryMiB: z.number().describe('RAM of each VM, in MiB.'),
  osDiskGiB: z.number().describe('The OS disk of each VM, in GiB.'),
  dataDiskGiB: z.number().optional().describe('A second disk for Longhorn; none when unset.'),
};

/** The size of one VM. */
export const vmSizingSchema = z.strictObject(vmSizingShape);

export const nodeVmSchema = z.strictObject({
  vcpus: vmSizingShape.vcpus.optional(),
  memoryMiB: vmSizingShape.memoryMiB.optional(),
  osDiskGiB: vmSizingShape.osDiskGiB.optional(),
  dataDiskGiB: vmSizingShape.dataDiskGiB,
  vmId: z.number().optional().describe('Proxmox VM id; changing it replaces the VM.'),
  mac: z.string().optional().describe('Default: derived from the node name (52:54:00 + the first three bytes of its SHA-256).'),
  image: z
    .string()
    .optional()
    .describe("libvirt: the cloud image serial this node's OS disk was created from (an overlay of that serial's base volume). Record it on every node that runs, so a new serial in the catalogue does not rebuild it; changing it rebuilds this node's OS disk (its data disk is kept). Default: the environment's cloud image."),
});

/** A k3s server. Agents are not modelled yet: every node is a control-plane member. */
export const nodeSchema = z.strictObject({
  name: z.string().describe('Hostname and the key of every per-node resource (Terraform, k3s config).'),
  ip: z.string().describe('The IPv4 address k3s advertises (`node-ip`).'),
  state: z.enum(['live', 'planned']).default('live').describe('`planned` nodes are addressed (their IPs are reserved and in the SANs) but not rendered as members: no k3s config, no VM.'),
  founder: z.boolean().default(false).describe('The one server that runs `cluster-init`; the others join it. Exactly one per environment.'),
  vm: nodeVmSchema.optional().describe("Per-node VM settings over the environment's `infrastructure.vm` defaults."),
  ssh: z
    .strictObject({
      host: z.string().optional().describe("Default: the node's IP."),
      port: z.number().default(22).describe('The SSH port.'),
      user: z.string().optional().describe('Default: the VM user on VMs; on bare metal, whatever ~/.ssh/config says.'),
    })
    .prefault({})
    .describe("How the runbook reaches the node over SSH, where that is not the node's own IP on port 22 (a NAT target)."),
});

/** Who may log in to a VM: the cloud-init user and its SSH keys. */
export const vmAccessSchema = z.strictObject({
  user: z.string().default('ubuntu').describe('The cloud-init login user, with passwordless sudo.'),
  sshKeys: z.array(z.string()).describe('Public SSH keys (`ssh-ed25519 AAAA… you@host`) the login user trusts; never a private key.'),
});

/** Bare metal: nodes exist already; no Terraform is produced. */
export const bareMetalSchema = z.strictObject({
  kind: z.literal('bare-metal').describe('The servers exist already; no Terraform is written.'),
  memoryMiB: z.number().int().min(MEMORY_MIB.min).max(MEMORY_MIB.max).optional().describe("RAM of each server, for the check that the platform's memory requests fit. Default: unknown (not checked)."),
});

/** One running domain, as `virsh dumpxml <node>` shows it. */
export const libvirtAdoptedDomainSchema = z.strictObject({
  uuid: z.string().describe('`virsh domuuid <node>`: libvirt 0.9.7 imports a domain by its UUID.'),
  osDisk: z.string().describe("The system disk's file (`virsh domblklist <node>`, target vda): attached by path, never managed."),
  dataDisk: z.string().optional().describe("The data disk's file (target vdb), when the environment has data disks: attached by path, never managed, never created over."),
  seed: z.string().optional().describe("The cloud-init ISO the domain has attached as a cdrom, if any: attached by path as it is."),
});

/**
 * Domains that already run without a Terraform state: each imported by UUID, its disks attached by
 * path and left unmanaged (libvirt 0.9.7 cannot import a volume), the domain itself never updated.
 */
export const libvirtAdoptSchema = z.strictObject({
  domains: z.record(z.string(), libvirtAdoptedDomainSchema).describe('The live domains by node name.'),
});

/** VMs on a libvirt host (dmacvicar/libvirt 0.9), one set of resources per live node. */
export const libvirtSchema = z.strictObject({
  kind: z.literal('libvirt').describe('VMs on a libvirt host (dmacvicar/libvirt).'),
  uri: z.string().default('qemu:///system').describe('The libvirt connection URI.'),
  pool: z.string().default('default').describe('Storage pool of every volume.'),
  bridge: z.string().describe('Host bridge the NICs attach to (nodes take static addresses on the LAN).'),
  vm: vmSizingSchema.describe('Sizing of every node unless the node overrides it.'),
  access: vmAccessSchema.describe('Who may log in to the VMs.'),
  memoryBudgetMiB: z.number().int().min(MEMORY_MIB.min).max(MEMORY_MIB.max).optional().describe('The RAM the host can give the whole cluster; the live VMs must fit.'),
  migrateFromCount: z.array(z.string()).optional().describe('Node names in the index order of an older `count`-based module: generates `moved` blocks from `<type>.<name>[i]` to `<type>.<name>["<node>"]` so adoption destroys nothing.'),
  protectData: z.boolean().default(true).describe('Data disks carry `prevent_destroy`: a plan that would delete one fails. Set false for the one change that removes a node on purpose (its data disk goes with it), then back.'),
  adopt: libvirtAdoptSchema.optional().describe('Adopt domains and volumes that exist without a Terraform state: import blocks, keyed by node.'),
});

/**
 * A running Proxmox VM as `qm config <vmid>` shows it: what the first plan after its import
 * would otherwise change (and reboot it for). Each default is what `qm config` shows when the
 * line is absent.
 */
export const proxmoxLiveVmSchema = z.strictObject({
  mac: z.string().describe('`net0: virtio=<MAC>,…`: the guest\'s netplan matches this MAC.'),
  machine: emptyMeaning(z.string(), "Proxmox's default machine type (i440fx), as `qm config` shows it by leaving the line out").default('').describe("`machine:`; empty for Proxmox's default (i440fx)."),
  cpuType: z.string().default('qemu64').describe('`cpu:` (its type); qemu64 when the line is absent.'),
  osType: z.string().default('other').describe('`ostype:`; other when absent.'),
  onBoot: z.boolean().default(false).describe('`onboot: 1`; false when absent.'),
  discard: z.enum(['on', 'ignore']).default('ignore').describe('`discard=on` in the `scsi0:` line; ignore when absent.'),
  sshKeys: z.array(z.string()).optional().describe("`sshkeys:` (URL-encoded), one public key per entry. Default: the environment's `access.sshKeys`."),
});

export const proxmoxAdoptSchema = z.strictObject({
  vms: z.record(z.string(), proxmoxLiveVmSchema).describe('The live VMs by node name.'),
});

/** One VM per live node on a Proxmox VE host (bpg/proxmox). */
export const proxmoxSchema = z.strictObject({
  kind: z.literal('proxmox').describe('VMs on a Proxmox VE host (bpg/proxmox).'),
  endpoint: z.string().describe('API endpoint, `https://host:8006/`; the token comes from the environment at apply time.'),
  insecure: z.boolean().default(false).describe("Accept the API's certificate without verifying it (a self-signed Proxmox)."),
  node: z.string().describe('The Proxmox node (host) the VMs run on.'),
  datastore: z.string().describe('Datastore of the VM disks and the cloud-init drive.'),
  imageDatastore: z.string().describe('File datastore with "Import" content enabled, where the cloud image is downloaded.'),
  bridge: z.string().describe('Host bridge the NICs attach to.'),
  vlan: z.number().optional().describe('VLAN tag on the bridge (a separate setting from the bridge), 1-4094.'),
  vm: vmSizingSchema.describe('Sizing of every node unless the node overrides it.'),
  access: vmAccessSchema.describe('Who may log in to the VMs.'),
  adopt: proxmoxAdoptSchema.optional().describe('Adopt the VMs that already run (by node and `vm.vmId`): import blocks keyed by node, each VM described as it runs.'),
});

export const infrastructureSchema = z.discriminatedUnion('kind', [bareMetalSchema, libvirtSchema, proxmoxSchema, clusterApiInfrastructureSchema]);

export const networkSchema = z.strictObject({
  subnet: z.string().describe('The node subnet in canonical CIDR form, e.g. `192.168.1.0/24`.'),
  gateway: z.string().describe('The default gateway of the node subnet.'),
  dns: z.array(z.string()).describe('DNS servers, a list (Proxmox and cloud-init both want a list, never a joined string).'),
});

export const controlPlaneSchema = z.strictObject({
  vip: z.string().optional().describe("The kube-vip virtual IP. It becomes the apiserver endpoint every steady-state client and Cilium use. Without it the API endpoint is the founder's IP (single-node environments)."),
  apiPort: z.number().default(6443).describe("The port every server serves the API on (k3s's https-listen-port) and every client, kube-vip and Cilium dial."),
  vipInterface: z.string().optional().describe('The host interface kube-vip announces the VIP on (ARP). Required when `vip` is set.'),
});

export const oidcSchema = z.strictObject({
  realm: z.string().describe('Keycloak realm; the issuer is `https://<issuerHost>.<baseDomain>/realms/<realm>`.'),
  issuerHost: z.string().default('auth').describe("The issuer's host name under `baseDomain`."),
  clientId: z.string().default('kubernetes').describe('The OIDC client the API server accepts tokens for.'),
});

export const k3sSchema = z.strictObject({
  version: z.string().describe('Exact k3s release with its `+k3sN` suffix, e.g. `v1.36.4+k3s1`.'),
  dataDir: z.string().default('/var/lib/rancher/k3s').describe('An absolute path without a trailing slash.'),
  disable: z.array(z.string()).optional().describe("Packaged components k3s must not deploy. Default: ['traefik', 'servicelb'] with Cilium (else ['traefik']), and 'local-storage' with Longhorn."),
  writeKubeconfigMode: z
    .string()
    .regex(/^0?[0-7]{3}$/, 'an octal file mode such as 0600')
    .default('0600')
    .describe("The mode k3s gives the admin kubeconfig (`/etc/rancher/k3s/k3s.yaml`) each time it starts: it holds the cluster-admin credentials, so 0600 (root only; the runbook reads it with sudo). A mode others may read is `k3s.kubeconfig-readable`, a warning."),
  datastore: z.enum(['etcd', 'sqlite']).default('etcd').describe("`etcd`: embedded etcd (`cluster-init` on the founder), required for more than one server. `sqlite`: k3s's default datastore, for a single server that stays single."),
  nonrootDevices: z.boolean().default(true).describe('Lets non-root KubeVirt/CDI pods open raw block devices.'),
  oidc: oidcSchema.optional().describe('Sign-in to the API server through an OIDC issuer (Keycloak); none when unset.'),
});

export const fluxLayerSchema = z.strictObject({
  name: z.string().describe('Folder and Flux Kustomization name, e.g. `platform`.'),
  dependsOn: z.array(z.string()).default([]).describe('Layers that must be ready first.'),
  suspend: z.boolean().default(false).describe('Ship the layer paused until it is validated.'),
  prune: z.boolean().default(true).describe('Delete from the cluster what the layer no longer holds.'),
  wait: z.boolean().default(true).describe('Wait for every applied object to be ready.'),
  interval: z.string().default('10m').describe('How often Flux reconciles the layer (a Go duration).'),
  namespaces: z.array(z.string()).default([]).describe('Namespaces this layer creates (in `<layer>/namespaces/`).'),
});

export const fluxSchema = z.strictObject({
  url: z.string().describe('The Git repository Flux pulls this tree from.'),
  branch: z.string().default('main').describe('The branch Flux follows.'),
  interval: z.string().default('1m').describe('How often Flux fetches the repository (a Go duration).'),
  pullSecret: z.string().optional().describe('A Secret in `flux-system` (declared under `secrets`) with what Flux needs to pull the repository: `username`/`password` or `bearerToken` (HTTPS), `identity`/`known_hosts` (SSH), and `ca.crt` for a forge with a private CA. None for a public repository. Default: none.'),
  bootstrapped: z.boolean().default(false).describe('The cluster still runs Flux installed by `flux bootstrap` (its `flux-system/gotk-components.yaml` is in the tree): the tree keeps bootstrap\'s sync objects and lists that file, until the migration to flux-operator (docs/guides/flux.md, "Migrating from flux bootstrap") is done.'),
  layers: z.array(fluxLayerSchema).describe('The Flux layers of the tree, one Kustomization each, ordered by `dependsOn`.'),
});

/** A file an earlier install left on the founder, holding credentials. */
export const handoverFileSchema = z.strictObject({
  path: z.string().describe('Absolute path on the founder, e.g. `/opt/lab-mgmt/capi-providers.yaml`: shredded by the runbook.'),
  held: z.array(z.string()).default([]).describe('Secrets (`<namespace>/<name>`, declared ones) whose values the file held in plain text: the runbook has them rotated, as shredding proves nothing on a journaled or copy-on-write disk.'),
});

/**
 * What an earlier install (the operators' Ansible playbook) left on the servers, for the runbook to
 * retire once Flux owns what it installed. Remove the section once the runbook's steps have run.
 */
export const handoverSchema = z.strictObject({
  helmCharts: z.array(z.string()).default([]).describe("HelmCharts in kube-system that the earlier install applied from files in k3s's manifests folder and the tree now holds: their files are removed (k3s re-applies that folder at every start) and k3s's ownership is taken off the objects, which stay."),
  files: z.array(handoverFileSchema).default([]).describe('Files on the founder holding credentials, shredded, each with the Secrets to rotate.'),
});

/**
 * A Secret a component needs, by reference only: its encrypted source lives at
 * `secrets/<env>/<namespace>.<name>.sops.yaml` and is written with `npm run secrets -- set`.
 */
export const secretRefSchema = z.strictObject({
  namespace: z.string().describe('Namespace of the Secret.'),
  name: z.string().describe('Name of the Secret.'),
  keys: z.array(z.string()).describe('Keys its `data` must hold.'),
  layer: z.string().optional().describe("Layer whose `secrets/` folder holds it; it must be the layer that creates its namespace or one after it. Default: the layer that creates its namespace (a layer listing it, or an app's), else 'platform'."),
});

/** SOPS settings: who can decrypt this environment's secrets. */
export const sopsSchema = z.strictObject({
  ageRecipients: z.array(z.string()).describe('age recipients (public keys, `age1…`); Flux holds the matching identity in `sops-age`.'),
});

/** A chart of the user's own, installed by Flux (a HelmRelease with its source). */
export const appHelmSchema = z.strictObject({
  chart: z.string().describe("The chart's name in its repository."),
  version: z.string().describe("The exact chart version; keep it in the fleet's environments/versions.ts (with its `// renovate:` line) and reference it."),
  oci: z.string().optional().describe("The chart's OCI location without tag, `oci://ghcr.io/org/charts/name`: an OCIRepository. Set this or `repo`."),
  repo: z.string().optional().describe('The classic Helm repository URL (`https://…`): a HelmRepository. Set this or `oci`.'),
  values: z.record(z.string(), z.unknown()).default({}).describe("The release's values. Where the chart ships a values.schema.json, copy it to `schemas/values/<chart>-<version>.values.schema.json`: synth and validate check the values against it."),
  timeout: z.string().optional().describe("Helm's timeout for each install or upgrade, hooks and the wait for readiness included (a Go duration: `10m`, `1h`); its layer waits as long. Default: 5m."),
});

/** A hostname of the app's on the ingress Gateway's HTTPS listener: an HTTPRoute to one of its Services. */
export const appRouteSchema = z.strictObject({
  host: z.string().describe("Its name under `baseDomain`, one DNS label: `podinfo` serves `podinfo.<baseDomain>`, which the Gateway's wildcard certificate covers."),
  service: z.string().optional().describe("The Service the route sends to, in the app's namespace. Default: the app's name (a Helm app's release name, which most charts give their Service)."),
  port: z.number().describe('The port of that Service.'),
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
  name: z.string().describe("The app's folder under its layer, and the Helm release name."),
  layer: z.string().describe('One of `flux.layers`.'),
  namespace: z.string().optional().describe("Namespace its objects run in, created with its layer unless a layer lists it. Default: the app's name."),
  dependsOn: z.array(z.string()).default([]).describe('Apps that must be ready first: Helm apps of the same layer, or apps of a layer this one depends on.'),
  helm: appHelmSchema.optional().describe("A chart of the user's own, installed by Flux."),
  construct: z.custom<AppConstruct>((value) => typeof value === 'function', { message: 'a function (scope, app) => void' }).optional().describe("A cdk8s construct of the user's own."),
  manifests: z.string().optional().describe('Repository path of a folder of plain manifests (`apps/dev/legacy`), copied verbatim: its YAML files, and its kustomization.yaml if it has one. Secrets in it must be SOPS-encrypted.'),
  route: appRouteSchema.optional().describe("A hostname on the ingress Gateway's HTTPS listener, routed to one of the app's Services. Default: none."),
});

/** The components' sections, each optional: absent means the component is off. */
const componentSections = Object.fromEntries(Object.entries(COMPONENT_SECTIONS).map(([key, section]) => [key, section.schema.optional()])) as {
  [K in keyof ComponentSections]: z.ZodOptional<ComponentSections[K]['schema']>;
};

export const environmentSchema = z.strictObject({
  name: z.string().describe('Folder name under `clusters/`, lowercase.'),
  baseDomain: z.string().describe("DNS suffix of the environment's services (OIDC issuer, gateways)."),
  network: networkSchema.describe("The nodes' network."),
  nodes: z.array(nodeSchema).default([]).describe('The k3s servers, live and planned. None on a `cluster-api` environment, whose machines Cluster API creates.'),
  controlPlane: controlPlaneSchema.describe('The API endpoint: the VIP, its interface and the port.'),
  ingressVip: z.string().optional().describe('The Gateway load-balancer address, announced by Cilium L2; distinct from the VIP.'),
  k3s: k3sSchema.optional().describe('The k3s release and its server settings. Required, except on a `cluster-api` environment (kubeadm).'),
  // Each component's own section (`cilium`: Cilium as CNI, absent means k3s's flannel; `longhorn`, …), from its folder.
  ...componentSections,
  flux: fluxSchema.describe('Where Flux pulls the tree from, and its layers.'),
  kubeconfig: z
    .strictObject({
      context: z.string().optional().describe("Cluster, user and context name in it. Default: the environment's name."),
      file: z.string().optional().describe("Where it is written, mode 0600; never another environment's. Default: ~/.kube/<env>.kubeconfig, the tool's own file, written whole. A file set here may be one other tools share (~/.kube/config): it needs `merge: true`."),
      merge: z.boolean().default(false).describe("Merge into the file instead of writing it whole: only this environment's cluster, user and context entries are added or replaced, everything else it holds stays, and current-context becomes this environment's. Without it a `file` set here is `kubeconfig.shared-file`, an error."),
    })
    .optional()
    .describe("The workstation's kubeconfig of this cluster, written by the runbook."),
  helmInstaller: z.enum(['flux', 'k3s']).default('flux').describe("How charts are installed: Flux `HelmRepository` + `HelmRelease`, or a k3s `HelmChart` that k3s's own helm-controller keeps applied."),
  handover: handoverSchema.optional().describe('What an earlier install left on the servers, retired by the runbook after Flux owns its objects (docs/guides/workload-clusters.md, "Handing over from an earlier install"). Default: nothing to retire.'),
  components: z.record(z.string(), componentSwitchSchema).default({}).describe('Table components without a section of their own, by name.'),
  apps: z.array(appSchema).default([]).describe("The user's own workloads."),
  secrets: z.array(secretRefSchema).default([]).describe('Secrets needed beyond those components declare themselves.'),
  sops: sopsSchema.optional().describe("Who can decrypt this environment's secrets; none when unset."),
  infrastructure: infrastructureSchema.describe('Where the nodes run: bare metal, libvirt VMs or Proxmox VMs; or `cluster-api`, a workload cluster whose machines a management environment creates.'),
  versions: versionOverridesSchema.optional().describe("Pins this environment sets itself over the tool's tested defaults (the tool's src/versions.ts), e.g. `{ charts: { cilium: { version: '1.20.1' } } }`; keep them in the fleet's environments/versions.ts under `// renovate:` comments. The compatibility rules judge the pins as overridden. Default: none."),
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
export type HandoverSpec = Spec<typeof handoverSchema>;
export type SopsSpec = Spec<typeof sopsSchema>;
export type AppHelmSpec = Spec<typeof appHelmSchema>;
export type AppRouteSpec = Spec<typeof appRouteSchema>;
export type AppSpec = Spec<typeof appSchema>;
/** Every field an environment may hold, as the one runtime schema checks them (the rules say which belong together). */
export type EnvironmentFields = Spec<typeof environmentSchema>;
/** What only a k3s environment sets: its servers, k3s, the runbook's kubeconfig and an earlier install. */
type K3sOnlyField = 'nodes' | 'k3s' | 'kubeconfig' | 'helmInstaller' | 'handover';
export type ClusterApiInfrastructureSpec = Extract<InfrastructureSpec, { kind: 'cluster-api' }>;
/** A k3s cluster on bare metal, libvirt or Proxmox VMs: servers the runbook builds. */
export type K3sEnvironmentSpec = Omit<EnvironmentFields, 'nodes' | 'k3s' | 'infrastructure'> & {
  readonly nodes: readonly NodeSpec[];
  readonly k3s: K3sSpec;
  readonly infrastructure: Exclude<InfrastructureSpec, { kind: 'cluster-api' }>;
};
/** A kubeadm workload cluster whose machines a management environment's Cluster API creates. */
export type ClusterApiEnvironmentSpec = Omit<EnvironmentFields, K3sOnlyField | 'infrastructure'> & {
  readonly infrastructure: ClusterApiInfrastructureSpec;
} & { readonly [K in K3sOnlyField]?: never };
/** One environment as the operator writes it: a k3s cluster, or a Cluster API workload cluster. */
export type EnvironmentSpec = K3sEnvironmentSpec | ClusterApiEnvironmentSpec;
