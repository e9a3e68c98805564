import { createHash } from 'node:crypto';
import * as catalogue from '../versions';
import type { z } from 'zod';
import { providerSecrets } from '../components/cluster-api/settings';
import { LONGHORN_DATA_PATH } from '../components/longhorn/settings';
import { notificationSecrets } from '../components/notifications/settings';
import { tlsSecrets } from '../components/tls/settings';
import { COMPONENT_SECTIONS } from '../components/sections';
import type { ComponentSections } from '../components/sections';
import type { ComponentSwitch } from '../components/switch-settings';
import { fluxDir } from '../tree/paths';
import { environmentSchema } from './environment';
import { K3S_LOCAL_STORAGE } from './k3s-packaged';
import type { AppConstruct, AppHelmSpec, EnvironmentSpec, VmSizing } from './environment';
import type { ResolvedSection, SectionContext } from './section';
import type { DeepReadonly } from './spec-types';
import type { WorkloadCluster } from './workload';
import { FLUX_SYSTEM, SOPS_AGE_KEY, SOPS_AGE_SECRET_NAME, resolveWorkload } from './workload-resolve';
import { effectiveVersions } from './version-overrides';
import type { Catalogue } from './version-overrides';

export type { ComponentSwitch } from '../components/switch-settings';

/** The spec with every default of the schema applied: what resolve() derives from. */
type Parsed = DeepReadonly<z.output<typeof environmentSchema>>;

/** Where the nodes run, every default applied. */
export type Infrastructure = Parsed['infrastructure'];
export type LibvirtInfrastructure = Extract<Infrastructure, { kind: 'libvirt' }>;
export type ProxmoxInfrastructure = Extract<Infrastructure, { kind: 'proxmox' }>;
export type ProxmoxLiveVm = NonNullable<ProxmoxInfrastructure['adopt']>['vms'][string];
export type ClusterApiInfrastructure = Extract<Infrastructure, { kind: 'cluster-api' }>;
/** Infrastructure of an environment whose servers the runbook builds (not Cluster API's machines). */
export type ServerInfrastructure = Exclude<Infrastructure, { kind: 'cluster-api' }>;

/** A node with its defaults applied and its position in the spec (for error paths). */
export interface Node {
  readonly name: string;
  readonly ip: string;
  readonly state: 'live' | 'planned';
  readonly founder: boolean;
  /** Index in `spec.nodes`, so every message can name `<env>.nodes[i]`. */
  readonly index: number;
}

/** Where the runbook reaches a node over SSH. */
export interface SshTarget {
  readonly host: string;
  readonly port: number;
  /** Unset: whatever the workstation's ~/.ssh/config says. */
  readonly user?: string;
}

/** A live node's VM, sizing merged from the environment defaults and the node's overrides. */
export interface Vm {
  readonly node: Node;
  readonly sizing: VmSizing;
  readonly mac: string;
  readonly vmId?: number;
  /** The cloud image serial its OS disk is an overlay of (libvirt): recorded, or the environment's. */
  readonly image: string;
  /** Whether the spec records `image`; unrecorded nodes follow the environment's cloud image. */
  readonly imageRecorded: boolean;
}

/** A Secret some component needs, where its source is and where its copy goes. */
export interface SecretRef {
  readonly namespace: string;
  readonly name: string;
  readonly keys: readonly string[];
  readonly layer: string;
  /** The folder under the layer that receives the copy: the declaring component's, or `secrets`. */
  readonly folder: string;
  /** Repository-relative path of the encrypted source. */
  readonly source: string;
  /** Who declared it, as a spec path (for error messages). */
  readonly declaredAt: string;
  /**
   * The management environment whose Flux delivers it (a workload cluster's own SOPS identity):
   * encrypted to that environment's recipients, and never copied into this environment's tree.
   * @default none: encrypted to this environment's recipients, copied into its tree
   */
  readonly deliveredBy?: { readonly environment: string; readonly recipients: readonly string[] };
}

export interface FluxLayer {
  readonly name: string;
  readonly dependsOn: readonly string[];
  readonly suspend: boolean;
  readonly prune: boolean;
  readonly wait: boolean;
  readonly interval: string;
  readonly namespaces: readonly string[];
  /** Repository-relative path the layer's Flux Kustomization applies. */
  readonly path: string;
}

/** A workload of the user's own, defaults applied. */
export interface App {
  readonly name: string;
  readonly layer: string;
  readonly namespace: string;
  readonly dependsOn: readonly string[];
  /** Index in `spec.apps`, so messages can name `<env>.apps[i]`. */
  readonly index: number;
  readonly helm?: AppHelmSpec & { readonly values: Readonly<Record<string, unknown>> };
  readonly construct?: AppConstruct;
  /** Repository-relative folder of plain manifests, no trailing slash. */
  readonly manifests?: string;
  readonly route?: AppRoute;
}

/** An app's hostname on the ingress Gateway, defaults applied. */
export interface AppRoute {
  /** The label under the base domain, as the spec writes it. */
  readonly host: string;
  /** `<host>.<baseDomain>`. */
  readonly hostname: string;
  readonly service: string;
  readonly port: number;
}

export interface Network {
  readonly subnet: string;
  readonly prefixLength: number;
  readonly gateway: string;
  readonly dns: readonly string[];
}

export interface Oidc {
  readonly issuerUrl: string;
  readonly clientId: string;
}

/** Each component section's resolved settings, where the spec sets the section (`env.longhorn`). */
export type ComponentSettings = { readonly [K in keyof ComponentSections]?: ResolvedSection<ComponentSections[K]> };

/** The resolved environment: the spec with defaults applied and every derived value computed once. */
export interface Environment extends ComponentSettings {
  readonly spec: EnvironmentSpec;
  readonly name: string;
  readonly network: Network;
  readonly nodes: readonly Node[];
  readonly liveNodes: readonly Node[];
  readonly plannedNodes: readonly Node[];
  /** The server that runs `cluster-init`. */
  readonly founder: Node;
  readonly apiPort: number;
  /** The founder's own IP: the join target and a SAN. A cold build has no VIP yet. */
  readonly apiHost: string;
  /** What steady-state clients (Cilium first) dial: the VIP, or the founder where there is none. */
  readonly apiServerEndpoint: string;
  readonly vip?: string;
  readonly vipInterface?: string;
  readonly ingressVip?: string;
  readonly tlsSans: readonly string[];
  /** The pins this environment runs: the tool's catalogue with the environment's overrides. */
  readonly versions: Catalogue;
  /** The catalogue keys the environment overrides (`charts.cilium.version`), sorted. */
  readonly versionOverrides: readonly string[];
  /** The Kubernetes release the cluster runs: k3s's (`v1.36.4+k3s1`) or kubeadm's (`v1.35.9`). */
  readonly kubernetesVersion: string;
  /** k3s and its server settings; none on a `cluster-api` environment (kubeadm). */
  readonly k3s?: {
    readonly version: string;
    readonly dataDir: string;
    readonly tokenPath: string;
    readonly disable: readonly string[];
    readonly writeKubeconfigMode: string;
    readonly nonrootDevices: boolean;
    readonly datastore: 'etcd' | 'sqlite';
    readonly oidc?: Oidc;
  };
  /** RAM of each node the platform runs on where the spec tells it (live servers' VM sizes or bare metal's memoryMiB, a workload's worker machines), by name. */
  readonly nodeMemoryMiB: ReadonlyMap<string, number>;
  readonly helmInstaller: 'flux' | 'k3s';
  /** What an earlier install left on the servers for the runbook to retire; none when the spec says nothing. */
  readonly handover?: {
    readonly helmCharts: readonly string[];
    readonly files: readonly { readonly path: string; readonly held: readonly string[] }[];
  };
  /** Table components switched on by name (`spec.components`). */
  readonly components: Readonly<Record<string, ComponentSwitch>>;
  readonly apps: readonly App[];
  /** Every Secret the environment's components need (never their values). */
  readonly secrets: readonly SecretRef[];
  readonly ageRecipients: readonly string[];
  readonly infrastructure: Infrastructure;
  /** The workload cluster a `cluster-api` environment is; none on any other. */
  readonly workload?: WorkloadCluster;
  /** The workload clusters this environment's Cluster API creates (their objects go in its tree), by name. */
  readonly workloads: readonly WorkloadCluster[];
  /** The same workload clusters as environments of their own (their trees' Cilium, Flux and secrets), by name. */
  readonly managed: readonly Environment[];
  /** One VM per live node on VM-backed environments, in node order; empty on bare metal. */
  readonly vms: readonly Vm[];
  /**
   * The cloud image serials whose checksum the environment knows, so it can fetch them: its own
   * image and the tool's catalogue's (nodes built on the catalogue's stay buildable from an empty
   * pool when the environment pins a newer serial).
   */
  readonly cloudImages: ReadonlyMap<string, string>;
  /** Where a VM's data disk is mounted: Longhorn's data path. */
  readonly dataDiskMount: string;
  /** The cloud-init login user of VM-backed environments. */
  readonly vmUser: string;
  /** How the runbook reaches each node, by node name. */
  readonly ssh: ReadonlyMap<string, SshTarget>;
  /** The same, one per entry of `nodes` in spec order: the rules judge each entry, duplicate names included. */
  readonly sshTargets: readonly SshTarget[];
  /** The workstation's kubeconfig of this cluster: its context name, its file, and whether the runbook merges into it. */
  readonly kubeconfig: { readonly context: string; readonly file: string; readonly merge: boolean };
  readonly flux: {
    readonly url: string;
    readonly branch: string;
    readonly interval: string;
    readonly bootstrapped: boolean;
    /** The Secret in flux-system Flux pulls the repository with; none for a public one. */
    readonly pullSecret?: string;
    /** The path `flux bootstrap --path` points at: the only folder Flux syncs. */
    readonly path: string;
    readonly layers: readonly FluxLayer[];
  };
}

/** An environment of k3s servers the runbook builds: what `bootstrap/` and `terraform/` are made from. */
export type K3sEnvironment = Environment & { readonly k3s: NonNullable<Environment['k3s']>; readonly infrastructure: ServerInfrastructure };

/** Whether the environment is k3s servers (bare metal, libvirt, Proxmox), not a Cluster API workload cluster. */
export const isK3s = (env: Environment): env is K3sEnvironment => env.k3s !== undefined && env.infrastructure.kind !== 'cluster-api';

/** Where the spec sets the Kubernetes release the environment runs. */
export const kubernetesVersionPath = (env: Environment): string => (env.workload ? 'infrastructure.kubernetes' : 'k3s.version');

// A placeholder founder keeps resolve() total on an environment without nodes; check()
// reports `nodes.empty` and synth never renders such an environment.
const NO_NODE: Node = { name: '', ip: '', state: 'live', founder: true, index: -1 };

/** A locally administered, stable MAC: QEMU's 52:54:00 prefix and three bytes of the name's hash. */
export function macFor(name: string): string {
  const hash = createHash('sha256').update(name).digest();
  return ['52', '54', '00', ...[...hash.subarray(0, 3)].map((b) => b.toString(16).padStart(2, '0'))].join(':');
}

function resolveVms(spec: Parsed, liveNodes: readonly Node[], serial: string): Vm[] {
  const infra = spec.infrastructure;
  if (infra.kind === 'bare-metal' || infra.kind === 'cluster-api') return [];
  return liveNodes.map((node) => {
    const own = spec.nodes[node.index]!.vm ?? {};
    const { vmId, mac, image, ...sizing } = own;
    // An adopted Proxmox VM keeps the NIC it runs with: its guest matches that MAC.
    const live = infra.kind === 'proxmox' ? infra.adopt?.vms[node.name]?.mac : undefined;
    return {
      node,
      sizing: { ...infra.vm, ...sizing } as VmSizing,
      mac: live ?? mac ?? macFor(node.name),
      vmId,
      image: image ?? serial,
      imageRecorded: image !== undefined,
    };
  });
}

/** The layer that creates a namespace as the spec says (a layer's list, else an app's own), if any. */
function creatingLayer(spec: Parsed, apps: readonly App[], namespace: string): string | undefined {
  return spec.flux.layers.find((l) => l.namespaces.includes(namespace))?.name ?? apps.find((a) => a.namespace === namespace)?.layer;
}

/** Secret references declared by components (provider config secrets, notification receivers) and by the environment. */
function resolveSecrets(spec: Parsed, apps: readonly App[], management: Parsed | undefined): SecretRef[] {
  const source = (namespace: string, name: string) => `secrets/${spec.name}/${namespace}.${name}.sops.yaml`;
  const fromProviders = (spec.clusterApi ? providerSecrets(spec.clusterApi) : []).map((s) => ({ ...s, source: source(s.namespace, s.name) }));
  const fromNotifications = (spec.notifications ? notificationSecrets(spec.notifications, spec.monitoring?.layer) : []).map((s) => ({ ...s, source: source(s.namespace, s.name) }));
  // An ACME issuer's DNS token; the Gateway's layer (Cilium's custom resources) is the issuer's default.
  const fromTls = tlsSecrets(spec.tls, spec.cilium?.layers.network ?? 'network').map((s) => ({ ...s, source: source(s.namespace, s.name) }));
  const infra = spec.infrastructure;
  const delivery = infra.kind === 'cluster-api' ? { environment: infra.management, recipients: management?.sops?.ageRecipients ?? [] } : undefined;
  const declared = spec.secrets.map((s, i): SecretRef => ({
    namespace: s.namespace,
    name: s.name,
    keys: s.keys,
    // With its namespace, so Flux never applies it before the namespace exists.
    layer: s.layer ?? creatingLayer(spec, apps, s.namespace) ?? 'platform',
    folder: 'secrets',
    source: source(s.namespace, s.name),
    declaredAt: `secrets[${i}]`,
    // A workload cluster's Flux pulls its tree with it before it decrypts anything: mgmt delivers it with the SOPS identity.
    ...(delivery && s.namespace === FLUX_SYSTEM && s.name === spec.flux.pullSecret ? { deliveredBy: delivery } : {}),
  }));
  // A workload cluster's own SOPS identity: its Flux decrypts its tree with it, and mgmt's Flux applies it there first.
  const identity: SecretRef[] = delivery && infra.kind === 'cluster-api'
    ? [{
        namespace: FLUX_SYSTEM,
        name: SOPS_AGE_SECRET_NAME,
        keys: [SOPS_AGE_KEY],
        layer: '',
        folder: '',
        source: source(FLUX_SYSTEM, SOPS_AGE_SECRET_NAME),
        // The management environment's handover delivers it: the field naming that environment declares it.
        declaredAt: 'infrastructure.management',
        deliveredBy: delivery,
      }]
    : [];
  return [...fromProviders, ...fromNotifications, ...fromTls, ...declared, ...identity];
}

function resolveApps(spec: Parsed): App[] {
  return spec.apps.map((app, index): App => ({
    name: app.name,
    layer: app.layer,
    namespace: app.namespace ?? app.name,
    dependsOn: app.dependsOn,
    index,
    helm: app.helm,
    construct: app.construct,
    manifests: app.manifests?.replace(/\/+$/, ''),
    route: app.route && { host: app.route.host, hostname: `${app.route.host}.${spec.baseDomain}`, service: app.route.service ?? app.name, port: app.route.port },
  }));
}

/** A layer's namespaces: those it lists, then those of its apps that no layer lists. */
function layerNamespaces(spec: Parsed, apps: readonly App[], layer: string): string[] {
  const listed = new Set(spec.flux.layers.flatMap((l) => l.namespaces));
  const own = spec.flux.layers.find((l) => l.name === layer)?.namespaces ?? [];
  const fromApps = apps.filter((a) => a.layer === layer && !listed.has(a.namespace)).map((a) => a.namespace);
  return [...new Set([...own, ...fromApps])];
}

/**
 * RAM of each node the platform's pods run on where the spec tells it: a live server's VM size or
 * bare metal's memoryMiB, or a workload cluster's worker machines (`<pool>-<n>`; kubeadm taints
 * its control plane NoSchedule).
 */
function nodeMemory(spec: Parsed, liveNodes: readonly Node[]): Map<string, number> {
  const infra = spec.infrastructure;
  if (infra.kind === 'cluster-api') {
    return new Map(infra.workers.flatMap((pool) => Array.from({ length: pool.replicas }, (_, i) => [`${pool.name}-${i + 1}`, pool.machine.memoryMiB] as const)));
  }
  if (infra.kind !== 'bare-metal') return new Map(resolveVms(spec, liveNodes, '').map((vm) => [vm.node.name, vm.sizing.memoryMiB]));
  return new Map(infra.memoryMiB === undefined ? [] : liveNodes.map((n) => [n.name, infra.memoryMiB!]));
}

/** Every component section the spec sets, resolved by its own folder's section. */
function componentSettings(s: Parsed): ComponentSettings {
  const context: SectionContext = { infrastructureKind: s.infrastructure.kind };
  return Object.fromEntries(
    Object.entries(COMPONENT_SECTIONS).flatMap(([key, section]) => {
      const parsed = s[key as keyof ComponentSections];
      if (parsed === undefined) return [];
      const resolveSection = section.resolve as ((settings: unknown, context: SectionContext) => unknown) | undefined;
      return [[key, resolveSection ? resolveSection(parsed, context) : parsed]];
    }),
  );
}

/** Thrown by resolve() for a spec its schema refuses: check() or checkSpec() names what is wrong. */
export class UncheckedSpecError extends Error {}

/**
 * Applies defaults and derives founder, API addresses, SANs and paths. Pure and total on every
 * spec checkSpec() accepts. Every default of the schema is applied by the schema itself (written
 * once, beside its field, and shown by the JSON Schema); what depends on other fields is derived here.
 */
export function resolve(spec: EnvironmentSpec, fleet: readonly unknown[] = []): Environment {
  const result = environmentSchema.safeParse(spec);
  if (!result.success) throw new UncheckedSpecError(`resolve() needs a spec its schema accepts; check() names what is wrong with ${String((spec as { name?: unknown })?.name)}`);
  const s: Parsed = result.data;
  // The other environments as far as their schema accepts them: a spec it refuses links nothing (check() reports it).
  const fleetSpecs = fleet.flatMap((o): Parsed[] => {
    const parsed = o === spec ? undefined : environmentSchema.safeParse(o);
    return parsed?.success ? [parsed.data] : [];
  });
  const management = s.infrastructure.kind === 'cluster-api' ? fleetSpecs.find((o) => o.name === (s.infrastructure as ClusterApiInfrastructure).management) : undefined;
  const workload = resolveWorkload(s, management);
  // The fleet's specs naming this environment their management: linked where the schema accepts
  // them, else only their names kept. A workload cluster manages none
  // (workload.management-is-workload): two naming each other never recurse.
  const naming = s.infrastructure.kind === 'cluster-api'
    ? []
    : fleet.filter((o) => {
        const raw = o as { infrastructure?: { kind?: unknown; management?: unknown } };
        return o !== spec && raw?.infrastructure?.kind === 'cluster-api' && raw.infrastructure.management === s.name;
      });
  const workloadSpecs = naming
    .flatMap((o) => {
      const parsed = environmentSchema.safeParse(o);
      return parsed.success ? [{ spec: o as EnvironmentSpec, parsed: parsed.data }] : [];
    })
    .sort((a, b) => (a.parsed.name < b.parsed.name ? -1 : 1));
  const workloads = workloadSpecs.map((o) => resolveWorkload(o.parsed, s)!);
  // Resolved against this environment alone: the workload's own workloads are none.
  const managed = workloadSpecs.map((o) => resolve(o.spec, [spec]));
  const nodes = s.nodes.map((node, index): Node => ({ name: node.name, ip: node.ip, state: node.state, founder: node.founder, index }));
  const liveNodes = nodes.filter((n) => n.state === 'live');
  const founder = nodes.find((n) => n.founder) ?? liveNodes[0] ?? nodes[0] ?? NO_NODE;
  const vip = s.controlPlane.vip;
  const others = nodes.filter((n) => n !== founder).map((n) => n.ip);
  // SAN order: founder, VIP, loopback, then every other server, planned ones included, so that
  // neither moving clients to the VIP nor adding a server needs a certificate reissue.
  // Without a VIP only the node addresses are listed (k3s always adds loopback itself).
  const tlsSans = vip ? [founder.ip, vip, '127.0.0.1', ...others] : [founder.ip, ...others];
  const dataDir = s.k3s?.dataDir ?? '';
  const oidc = s.k3s?.oidc;
  const fluxPath = fluxDir(s.name);
  const apps = resolveApps(s);
  const vmUser = s.infrastructure.kind === 'bare-metal' || s.infrastructure.kind === 'cluster-api' ? '' : s.infrastructure.access.user;
  const pins = effectiveVersions(s.versions);
  const sshTargets = s.nodes.map((n): SshTarget => ({ host: n.ssh.host ?? n.ip, port: n.ssh.port, user: n.ssh.user ?? (vmUser === '' ? undefined : vmUser) }));

  return {
    ...componentSettings(s),
    spec,
    name: s.name,
    versions: pins.versions,
    versionOverrides: pins.overridden,
    network: {
      subnet: s.network.subnet,
      prefixLength: Number(s.network.subnet.split('/')[1]),
      gateway: s.network.gateway,
      dns: s.network.dns,
    },
    nodes,
    liveNodes,
    plannedNodes: nodes.filter((n) => n.state === 'planned'),
    founder,
    apiPort: s.controlPlane.apiPort,
    // A workload cluster has no founder: kubeadm's first machine joins nothing, and every client dials the VIP.
    apiHost: workload ? (vip ?? '') : founder.ip,
    apiServerEndpoint: vip ?? founder.ip,
    vip,
    vipInterface: s.controlPlane.vipInterface,
    ingressVip: s.ingressVip,
    tlsSans,
    kubernetesVersion: workload?.kubernetesVersion ?? s.k3s?.version ?? '',
    k3s: s.k3s === undefined ? undefined : {
      version: s.k3s.version,
      dataDir,
      tokenPath: `${dataDir}/server/token`,
      // Longhorn is the one default class where it runs: k3s's local-path would be a second.
      disable: s.k3s.disable ?? [...(s.cilium ? ['traefik', 'servicelb'] : ['traefik']), ...(s.longhorn ? [K3S_LOCAL_STORAGE] : [])],
      writeKubeconfigMode: s.k3s.writeKubeconfigMode,
      nonrootDevices: s.k3s.nonrootDevices,
      datastore: s.k3s.datastore,
      oidc: oidc && { issuerUrl: `https://${oidc.issuerHost}.${s.baseDomain}/realms/${oidc.realm}`, clientId: oidc.clientId },
    },
    nodeMemoryMiB: nodeMemory(s, liveNodes),
    helmInstaller: s.helmInstaller,
    handover: s.handover,
    components: s.components,
    apps,
    secrets: resolveSecrets(s, apps, management),
    ageRecipients: s.sops?.ageRecipients ?? [],
    infrastructure: s.infrastructure,
    workload,
    workloads,
    managed,
    vms: resolveVms(s, liveNodes, pins.versions.cloudImage.serial),
    cloudImages: new Map<string, string>([
      [catalogue.cloudImage.serial, catalogue.cloudImage.sha256],
      [pins.versions.cloudImage.serial, pins.versions.cloudImage.sha256],
    ]),
    dataDiskMount: LONGHORN_DATA_PATH,
    vmUser,
    ssh: new Map(s.nodes.map((n, i) => [n.name, sshTargets[i]!])),
    sshTargets,
    kubeconfig: { context: s.kubeconfig?.context ?? s.name, file: s.kubeconfig?.file ?? `~/.kube/${s.name}.kubeconfig`, merge: s.kubeconfig?.merge ?? false },
    flux: {
      url: s.flux.url,
      branch: s.flux.branch,
      interval: s.flux.interval,
      bootstrapped: s.flux.bootstrapped,
      pullSecret: s.flux.pullSecret,
      path: fluxPath,
      layers: s.flux.layers.map((layer) => ({
        name: layer.name,
        dependsOn: layer.dependsOn,
        suspend: layer.suspend,
        prune: layer.prune,
        wait: layer.wait,
        interval: layer.interval,
        namespaces: layerNamespaces(s, apps, layer.name),
        path: `./${fluxPath}/${layer.name}`,
      })),
    },
  };
}
