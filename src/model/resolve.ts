import { createHash } from 'node:crypto';
import { LONGHORN_DATA_PATH } from '../paths';
import { effectiveVersions } from './version-overrides';
import type { Catalogue } from './version-overrides';
import type { AppConstruct, AppHelmSpec, CapiProviderSpec, EnvironmentSpec, InfrastructureSpec, NodeSpec, VmSizing } from './environment';
import { fluxDir } from '../paths';

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
}

/** A Secret some component needs, where its source is and where its copy goes. */
export interface SecretRef {
  readonly namespace: string;
  readonly name: string;
  readonly keys: readonly string[];
  readonly layer: string;
  /** Component folder under the layer that receives the copy. */
  readonly folder: string;
  /** Repository-relative path of the encrypted source. */
  readonly source: string;
  /** Who declared it, as a spec path (for error messages). */
  readonly declaredAt: string;
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
}

/** A table component switched on under `spec.components`. */
export interface ComponentSwitch {
  readonly layer?: string;
  readonly values: Readonly<Record<string, unknown>>;
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

/** The resolved environment: the spec with defaults applied and every derived value computed once. */
export interface Environment {
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
  readonly k3s: {
    readonly version: string;
    readonly dataDir: string;
    readonly tokenPath: string;
    readonly disable: readonly string[];
    readonly writeKubeconfigMode: string;
    readonly nonrootDevices: boolean;
    readonly datastore: 'etcd' | 'sqlite';
    readonly oidc?: Oidc;
  };
  readonly cilium?: { readonly layer: string; readonly layers: { readonly gatewayApi: string; readonly network: string } };
  readonly longhorn?: { readonly layer: string; readonly replicas: number; readonly bulkReplicas: number; readonly dataPath: string };
  readonly defaultDeny?: { readonly exempt: readonly string[] };
  readonly kyverno?: { readonly layer: string; readonly policiesLayer: string; readonly failureAction: 'Enforce' | 'Audit' };
  readonly monitoring?: { readonly layer: string; readonly rulesLayer: string; readonly profile: 'small' | 'standard' };
  /** RAM of each live node where the spec tells it (VM sizes, or bare metal's memoryMiB), by node name. */
  readonly nodeMemoryMiB: ReadonlyMap<string, number>;
  readonly helmInstaller: 'flux' | 'k3s';
  readonly clusterApi?: {
    readonly operatorValues: Readonly<Record<string, unknown>>;
    readonly providers: readonly CapiProviderSpec[];
    readonly layers: { readonly certManager: string; readonly operator: string; readonly providers: string };
    readonly inspector: boolean;
  };
  /** Table components switched on by name (`spec.components`). */
  readonly components: Readonly<Record<string, ComponentSwitch>>;
  readonly apps: readonly App[];
  /** Every Secret the environment's components need (never their values). */
  readonly secrets: readonly SecretRef[];
  readonly ageRecipients: readonly string[];
  readonly infrastructure: InfrastructureSpec;
  /** One VM per live node on VM-backed environments, in node order; empty on bare metal. */
  readonly vms: readonly Vm[];
  /** The cloud-init login user of VM-backed environments. */
  readonly vmUser: string;
  /** How the runbook reaches each node, by node name. */
  readonly ssh: ReadonlyMap<string, SshTarget>;
  /** The workstation's kubeconfig of this cluster: its context name and file. */
  readonly kubeconfig: { readonly context: string; readonly file: string };
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

export const DEFAULT_API_PORT = 6443;
export const DEFAULT_DATA_DIR = '/var/lib/rancher/k3s';

// A placeholder founder keeps resolve() total on an environment without nodes; check()
// reports `nodes.empty` and synth never renders such an environment.
const NO_NODE: Node = { name: '', ip: '', state: 'live', founder: true, index: -1 };

function resolveNode(node: NodeSpec, index: number): Node {
  return {
    name: node.name,
    ip: node.ip,
    state: node.state ?? 'live',
    founder: node.founder ?? false,
    index,
  };
}

/** A locally administered, stable MAC: QEMU's 52:54:00 prefix and three bytes of the name's hash. */
export function macFor(name: string): string {
  const hash = createHash('sha256').update(name).digest();
  return ['52', '54', '00', ...[...hash.subarray(0, 3)].map((b) => b.toString(16).padStart(2, '0'))].join(':');
}

function resolveVms(spec: EnvironmentSpec, liveNodes: readonly Node[]): Vm[] {
  const infra = spec.infrastructure;
  if (infra.kind === 'bare-metal') return [];
  return liveNodes.map((node) => {
    const own = spec.nodes[node.index]!.vm ?? {};
    const { vmId, mac, ...sizing } = own;
    return { node, sizing: { ...infra.vm, ...sizing } as VmSizing, mac: mac ?? macFor(node.name), vmId };
  });
}

/** Secret references declared by components (provider config secrets) and by the environment. */
/** The layer that creates a namespace as the spec says (a layer's list, else an app's own), if any. */
function creatingLayer(spec: EnvironmentSpec, apps: readonly App[], namespace: string): string | undefined {
  return spec.flux.layers.find((l) => (l.namespaces ?? []).includes(namespace))?.name ?? apps.find((a) => a.namespace === namespace)?.layer;
}

function resolveSecrets(spec: EnvironmentSpec, providersLayer: string, apps: readonly App[]): SecretRef[] {
  const source = (namespace: string, name: string) => `secrets/${spec.name}/${namespace}.${name}.sops.yaml`;
  const fromProviders = (spec.clusterApi?.providers ?? []).flatMap((p, i) =>
    p.configSecret
      ? [{
          namespace: p.namespace,
          name: p.configSecret.name,
          keys: p.configSecret.keys,
          layer: providersLayer,
          folder: 'cluster-api',
          source: source(p.namespace, p.configSecret.name),
          declaredAt: `clusterApi.providers[${i}].configSecret`,
        }]
      : [],
  );
  const declared = (spec.secrets ?? []).map((s, i) => ({
    namespace: s.namespace,
    name: s.name,
    keys: s.keys,
    // With its namespace, so Flux never applies it before the namespace exists.
    layer: s.layer ?? creatingLayer(spec, apps, s.namespace) ?? 'platform',
    folder: 'secrets',
    source: source(s.namespace, s.name),
    declaredAt: `secrets[${i}]`,
  }));
  return [...fromProviders, ...declared];
}

function resolveApps(spec: EnvironmentSpec): App[] {
  return (spec.apps ?? []).map((app, index) => ({
    name: app.name,
    layer: app.layer,
    namespace: app.namespace ?? app.name,
    dependsOn: app.dependsOn ?? [],
    index,
    helm: app.helm && { ...app.helm, values: app.helm.values ?? {} },
    construct: app.construct,
    manifests: app.manifests?.replace(/\/+$/, ''),
  }));
}

/** A layer's namespaces: those it lists, then those of its apps that no layer lists. */
function layerNamespaces(spec: EnvironmentSpec, apps: readonly App[], layer: string): string[] {
  const listed = new Set(spec.flux.layers.flatMap((l) => l.namespaces ?? []));
  const own = spec.flux.layers.find((l) => l.name === layer)?.namespaces ?? [];
  const fromApps = apps.filter((a) => a.layer === layer && !listed.has(a.namespace)).map((a) => a.namespace);
  return [...new Set([...own, ...fromApps])];
}

/** RAM of each live node where the spec tells it: its VM's size, or bare metal's memoryMiB. */
function nodeMemory(spec: EnvironmentSpec, liveNodes: readonly Node[]): Map<string, number> {
  const infra = spec.infrastructure;
  if (infra.kind !== 'bare-metal') return new Map(resolveVms(spec, liveNodes).map((vm) => [vm.node.name, vm.sizing.memoryMiB]));
  return new Map(infra.memoryMiB === undefined ? [] : liveNodes.map((n) => [n.name, infra.memoryMiB!]));
}

/** Applies defaults and derives founder, API addresses, SANs and paths. Pure and total. */
export function resolve(spec: EnvironmentSpec): Environment {
  const nodes = spec.nodes.map(resolveNode);
  const liveNodes = nodes.filter((n) => n.state === 'live');
  const founder = nodes.find((n) => n.founder) ?? liveNodes[0] ?? nodes[0] ?? NO_NODE;
  const vip = spec.controlPlane.vip;
  const others = nodes.filter((n) => n !== founder).map((n) => n.ip);
  // SAN order: founder, VIP, loopback, then every other server, planned ones included, so that
  // neither moving clients to the VIP nor adding a server needs a certificate reissue.
  // Without a VIP only the node addresses are listed (k3s always adds loopback itself).
  const tlsSans = vip ? [founder.ip, vip, '127.0.0.1', ...others] : [founder.ip, ...others];
  const dataDir = spec.k3s.dataDir ?? DEFAULT_DATA_DIR;
  const oidc = spec.k3s.oidc;
  const fluxPath = fluxDir(spec.name);
  const apps = resolveApps(spec);
  const vmUser = spec.infrastructure.kind === 'bare-metal' ? '' : (spec.infrastructure.access.user ?? 'ubuntu');
  const pins = effectiveVersions(spec.versions);

  return {
    spec,
    name: spec.name,
    versions: pins.versions,
    versionOverrides: pins.overridden,
    network: {
      subnet: spec.network.subnet,
      prefixLength: Number(spec.network.subnet.split('/')[1]),
      gateway: spec.network.gateway,
      dns: spec.network.dns,
    },
    nodes,
    liveNodes,
    plannedNodes: nodes.filter((n) => n.state === 'planned'),
    founder,
    apiPort: spec.controlPlane.apiPort ?? DEFAULT_API_PORT,
    apiHost: founder.ip,
    apiServerEndpoint: vip ?? founder.ip,
    vip,
    vipInterface: spec.controlPlane.vipInterface,
    ingressVip: spec.ingressVip,
    tlsSans,
    k3s: {
      version: spec.k3s.version,
      dataDir,
      tokenPath: `${dataDir}/server/token`,
      disable: spec.k3s.disable ?? (spec.cilium ? ['traefik', 'servicelb'] : ['traefik']),
      writeKubeconfigMode: spec.k3s.writeKubeconfigMode ?? '0644',
      nonrootDevices: spec.k3s.nonrootDevices ?? true,
      datastore: spec.k3s.datastore ?? 'etcd',
      oidc: oidc && {
        issuerUrl: `https://${oidc.issuerHost ?? 'auth'}.${spec.baseDomain}/realms/${oidc.realm}`,
        clientId: oidc.clientId ?? 'kubernetes',
      },
    },
    cilium: spec.cilium && {
      layer: spec.cilium.layer ?? 'platform',
      layers: { gatewayApi: spec.cilium.layers?.gatewayApi ?? 'gateway-api', network: spec.cilium.layers?.network ?? 'network' },
    },
    longhorn: spec.longhorn && {
      layer: spec.longhorn.layer ?? 'platform',
      replicas: spec.longhorn.replicas ?? 3,
      bulkReplicas: spec.longhorn.bulkReplicas ?? 1,
      // A VM's data disk is mounted where the VM layer puts it; only bare metal chooses.
      dataPath: spec.infrastructure.kind === 'bare-metal' ? (spec.longhorn.dataPath ?? LONGHORN_DATA_PATH) : LONGHORN_DATA_PATH,
    },
    defaultDeny: spec.defaultDeny && { exempt: spec.defaultDeny.exempt ?? [] },
    kyverno: spec.kyverno && {
      layer: spec.kyverno.layer ?? 'platform',
      policiesLayer: spec.kyverno.policiesLayer ?? 'policies',
      failureAction: spec.kyverno.failureAction ?? 'Enforce',
    },
    monitoring: spec.monitoring && {
      layer: spec.monitoring.layer ?? 'platform',
      rulesLayer: spec.monitoring.rulesLayer ?? 'policies',
      profile: spec.monitoring.profile ?? 'standard',
    },
    nodeMemoryMiB: nodeMemory(spec, liveNodes),
    helmInstaller: spec.helmInstaller ?? 'flux',
    clusterApi: spec.clusterApi && {
      operatorValues: spec.clusterApi.operatorValues ?? {},
      providers: spec.clusterApi.providers,
      layers: {
        certManager: spec.clusterApi.layers?.certManager ?? 'cert-manager',
        operator: spec.clusterApi.layers?.operator ?? 'capi-operator',
        providers: spec.clusterApi.layers?.providers ?? 'capi-providers',
      },
      inspector: spec.clusterApi.inspector ?? true,
    },
    components: Object.fromEntries(Object.entries(spec.components ?? {}).map(([name, s]) => [name, { layer: s.layer, values: s.values ?? {} }])),
    apps,
    secrets: resolveSecrets(spec, spec.clusterApi?.layers?.providers ?? 'capi-providers', apps),
    ageRecipients: spec.sops?.ageRecipients ?? [],
    infrastructure: spec.infrastructure,
    vms: resolveVms(spec, liveNodes),
    vmUser,
    ssh: new Map(
      spec.nodes.map((n) => [n.name, { host: n.ssh?.host ?? n.ip, port: n.ssh?.port ?? 22, user: n.ssh?.user ?? (vmUser === '' ? undefined : vmUser) }]),
    ),
    kubeconfig: { context: spec.kubeconfig?.context ?? spec.name, file: spec.kubeconfig?.file ?? `~/.kube/${spec.name}.kubeconfig` },
    flux: {
      url: spec.flux.url,
      branch: spec.flux.branch ?? 'main',
      interval: spec.flux.interval ?? '1m',
      bootstrapped: spec.flux.bootstrapped ?? false,
      pullSecret: spec.flux.pullSecret,
      path: fluxPath,
      layers: spec.flux.layers.map((layer) => ({
        name: layer.name,
        dependsOn: layer.dependsOn ?? [],
        suspend: layer.suspend ?? false,
        prune: layer.prune ?? true,
        wait: layer.wait ?? true,
        interval: layer.interval ?? '10m',
        namespaces: layerNamespaces(spec, apps, layer.name),
        path: `./${fluxPath}/${layer.name}`,
      })),
    },
  };
}
