import type { Readdressed } from '../bootstrap/day-two';
import { quorumOf } from '../model/quorum';
import { GROW_SECTION } from '../bootstrap/disk-growth-step';
import { sizeOf } from './disk-sizes';
import type { SizeChange } from './disk-sizes';
import type { ObjectChange, TreeObject } from './flux-diff';
import { k3sSkew, listed, readdressedMembers, readdressedServers } from './server-dangers';
import type { TfChange } from './terraform';

/** A change that can take a cluster, its data or its access down, and why. */
export interface Danger {
  readonly code: string;
  readonly what: string;
  readonly why: string;
}

export interface EnvironmentChange {
  readonly servers: { readonly before: readonly string[]; readonly after: readonly string[] };
  readonly vm: readonly TfChange[];
  readonly objects: readonly ObjectChange[];
  readonly base: ReadonlyMap<string, TreeObject>;
  readonly head: ReadonlyMap<string, TreeObject>;
  /** Whether the servers run embedded etcd (a server joins another, or the founder runs cluster-init), in each tree. */
  readonly etcd: { readonly before: boolean; readonly after: boolean };
  /** The server that runs cluster-init in the head tree, if any. */
  readonly founder?: string;
  /** In the base tree: each OS disk's address → the base volume address its backing store names. */
  readonly backing: ReadonlyMap<string, string>;
  /** Volumes that stay whose size differs between the trees. */
  readonly sizes: readonly SizeChange[];
  /** Facts read from both trees: the VIP, the API endpoint, the ingress VIP, the node subnet. */
  readonly facts: { readonly before: Readonly<Record<string, string>>; readonly after: Readonly<Record<string, string>> };
  /** Servers whose address changes, each with the servers that dial its old address to join (the base tree's `server:`) and its Join step as the head tree's runbook names it. */
  readonly readdressed: readonly (Readdressed & { readonly dialedBy: readonly string[]; readonly joinStep: string })[];
  /** The k3s release each tree's runbook installs. */
  readonly k3s: { readonly before?: string; readonly after?: string };
  /** Whether the head tree has a VM layer (bare metal's and a workload cluster's have none). */
  readonly vmLayer: boolean;
}

const LOSES = new Set(['replace', 'destroy', 'may-replace']);
/** What a change means for a server even when prevent_destroy stops the plan: it was asked for. */
const ASKS_TO_LOSE = new Set([...LOSES, 'blocked']);
/** The VM resource that is a server itself (its domain or Proxmox VM), by node name. */
export const serverOf = (c: Pick<TfChange, 'address'>) => /^(libvirt_domain|proxmox_virtual_environment_vm)\.(node|adopted)\["(.+)"\]$/.exec(c.address)?.[3];

/** What a change does to a server, as the danger says it. */
const LOSS: Readonly<Record<string, string>> = { replace: 'is replaced', 'may-replace': 'may be replaced', destroy: 'is destroyed', blocked: 'is asked to be replaced' };

/**
 * Whether what the plan does to a server's VM takes the OS disk its datastore is on: a Proxmox
 * VM's disk goes with it, a domain this stack creates keeps its OS volume unless that goes too
 * (an adopted domain's server comes back, if at all, on disks of its own).
 */
const takesDisk = (e: EnvironmentChange, c: TfChange) =>
  !c.address.startsWith('libvirt_domain.node[') || e.vm.some((v) => v.address === `libvirt_volume.os["${serverOf(c)}"]` && ASKS_TO_LOSE.has(v.action));

/**
 * Members of the control plane that one apply stops: replaced or removed (their etcd member and
 * OS disk go, or the domain only), destroyed by a replacement the apply never finishes, or
 * stopped to be redefined or rebooted. More than one at once, fewer left up than etcd's quorum,
 * or any that the apply leaves destroyed, is a danger; the sentence states the counts it
 * computed: the members before, those that stay up, those that keep their data, and the quorum
 * they need. The datastore is the one the members run before the change (the base tree's configs).
 */
function controlPlane(e: EnvironmentChange): Danger[] {
  const members = e.servers.before;
  const removed = members.filter((n) => !e.servers.after.includes(n));
  const loss = new Map<string, string>(removed.map((n) => [n, 'is removed']));
  /** Members whose OS disk goes. */
  const disk = new Set<string>(removed);
  /** Members the apply destroys and stops before creating again, with the change it fails at. */
  const cut = new Map<string, string>();
  for (const c of e.vm) {
    const n = serverOf(c);
    if (n === undefined || !members.includes(n) || !ASKS_TO_LOSE.has(c.action) || loss.has(n)) continue;
    loss.set(n, c.failsAt ? 'is destroyed and not created again' : LOSS[c.action]!);
    if (c.failsAt) cut.set(n, c.failsAt);
    if (takesDisk(e, c)) disk.add(n);
  }
  const restarts = new Set(e.vm.filter((c) => c.stops === 'restarts').map(serverOf).filter((n): n is string => n !== undefined && members.includes(n) && !loss.has(n)));
  const affected = [...loss.keys(), ...restarts].sort();
  if (affected.length === 0) return [];
  const replacedAny = [...loss.keys()].some((n) => !removed.includes(n));
  const section = replacedAny ? 'Rebuild a server onto another image' : removed.some((n) => loss.has(n)) ? 'A server is removed' : 'A VM change that stops servers';
  const failing = [...new Set(cut.values())].sort();
  // No order of servers helps a replacement the apply cuts short: the change it fails at must go.
  const advice = cut.size > 0
    ? `the apply fails at ${listed(failing)} before it creates ${listed([...cut.keys()].sort())} again, whatever the order of servers: take that change out (plan-fails)`
    : `apply it one server at a time (bootstrap/README.md, Day 2 "${section}")`;
  // One server: a restart is the API down for a while, whatever the datastore; losing its disk loses the cluster's state.
  if (members.length === 1) {
    const only = members[0]!;
    if (disk.has(only)) return [{ code: 'control-plane', what: `the only server ${only} ${loss.get(only)!}`, why: e.etcd.before ? "its embedded etcd, the cluster's only member, lives on its OS disk and goes with it" : "k3s's default datastore (sqlite) lives on its OS disk and goes with it" }];
    return cut.has(only) ? [{ code: 'control-plane', what: `the only server ${only} ${loss.get(only)!}`, why: `its disks stay, and the cluster is down until it is created again; ${advice}` }] : [];
  }
  if (!e.etcd.before) return [];
  const quorum = quorumOf(members.length);
  const up = members.length - affected.length;
  const kept = members.length - disk.size;
  if (affected.length === 1 && up >= quorum && cut.size === 0) return [];
  const lost = [...disk].sort();
  const losing = `${listed(lost)} would lose ${lost.length === 1 ? 'its' : 'their'} etcd data`;
  // The base tree counts a removed server as a member: the review cannot see that it left etcd first.
  const left = removed.length > 0 ? ` (counting the base tree's ${members.length} members: a removed server that left etcd first, Day 2 "A server is removed", is none)` : '';
  return [{
    code: 'control-plane',
    what: `${affected.length} of ${members.length} etcd members stop in one apply${left}: ${affected.map((n) => `${n} (${loss.get(n)?.replace(/^is /, '') ?? 'restarts'})`).join(', ')}`,
    why: up >= quorum
      ? `${up} of ${members.length} stay up and etcd needs ${quorum}: ${up - quorum === 0 ? 'one more failure during the apply stops' : `${up - quorum + 1} more failures during the apply stop`} the cluster; ${advice}`
      : kept >= quorum
        ? `etcd needs ${quorum} of ${members.length} members up and ${up} would be: the cluster stops until ${quorum - up} more ${quorum - up === 1 ? 'is' : 'are'} back${lost.length > 0 ? `, and ${losing}` : ''}; ${advice}`
        : `etcd needs ${quorum} of ${members.length} members up and ${up} would be; ${losing}, so ${kept} of ${members.length} would keep it, fewer than ${quorum}: the cluster would not come back on its own; ${advice}`,
  }];
}

/**
 * An adopted domain that leaves the config: with no adopted domain left the block goes, and
 * prevent_destroy with it, so libvirt stops and undefines the running domain (its disk files stay).
 */
function adoptionLeft(e: EnvironmentChange): Danger[] {
  return e.vm
    .filter((c) => /^libvirt_domain\.adopted\[/.test(c.address) && c.action === 'destroy')
    .map((c) => ({
      code: 'adoption',
      what: `${c.address} is destroyed`,
      why: `libvirt stops and undefines the running domain (its disk files stay)${e.vm.some((n) => n.address === c.address.replace('.adopted[', '.node[') && n.action === 'create') ? ', while a domain of the same name is created' : ''}; a server leaves adoption by the Day 2 section "Take a server out of adoption" of the runbook before this change (state rm, undefine, rebuild)`,
    }));
}

/**
 * The founder rebuilt while it still runs `cluster-init`: with an empty data dir it starts a new
 * cluster of its own instead of rejoining the one that runs.
 */
function founderRebuilt(e: EnvironmentChange): Danger[] {
  if (!e.etcd.after || e.founder === undefined || e.servers.before.length < 2) return [];
  const rebuilt = e.vm.some((c) => serverOf(c) === e.founder && LOSES.has(c.action) && takesDisk(e, c));
  return rebuilt && e.servers.after.includes(e.founder)
    ? [{ code: 'founder', what: `${e.founder}, the founder (cluster-init), is rebuilt`, why: 'with an empty data dir it starts a new cluster of its own; make another live server the founder first (founder: true, synth) and rebuild it as a joining server (bootstrap/README.md, Day 2)' }]
    : [];
}

/**
 * A base image volume destroyed or replaced while an OS disk that was built on it stays: libvirt
 * deletes the file first, and the overlay loses its backing file (it fails to boot next time).
 */
function backingFiles(e: EnvironmentChange): Danger[] {
  const gone = new Set(e.vm.filter((c) => c.type === 'libvirt_volume' && LOSES.has(c.action)).map((c) => c.address));
  const replacedOs = new Set(e.vm.filter((c) => /^libvirt_volume\.os\[/.test(c.address) && LOSES.has(c.action)).map((c) => c.address));
  return [...gone].flatMap((base) => {
    const overlays = [...e.backing].filter(([os, on]) => on === (e.vm.find((c) => c.address === base)?.movedFrom ?? base) && !replacedOs.has(os)).map(([os]) => os);
    return overlays.length > 0
      ? [{ code: 'backing-file', what: `${base} is deleted while ${overlays.join(', ')} ${overlays.length === 1 ? 'is an overlay' : 'are overlays'} of it`, why: 'those OS disks lose their backing file and their VMs do not boot after their next stop; record the image each node was built on (vm.image)' }]
      : [];
  });
}

function data(e: EnvironmentChange): Danger[] {
  const volumes = e.vm.filter((c) => /^libvirt_volume\.data\[/.test(c.address) && LOSES.has(c.action));
  const classes = e.objects.filter((o) => o.kind === 'StorageClass' && o.change === 'removed');
  // Longhorn's replicas are named only where the base tree installs Longhorn.
  const longhorn = [...e.base.values()].some((b) => (b.kind === 'HelmRelease' || b.kind === 'HelmChart') && b.name === 'longhorn');
  return [
    ...volumes.map((v) => ({ code: 'data-volume', what: `${v.address} is ${v.action === 'destroy' ? 'destroyed' : 'replaced'}`, why: `it holds ${longhorn ? "the node's Longhorn replicas" : "what the node keeps on its data disk"} (${v.reason})` })),
    ...classes.map((o) => ({ code: 'storage-class', what: `StorageClass ${o.id.split('/').at(-1)} removed`, why: 'volumes provisioned through it lose their class; new claims naming it stay Pending' })),
  ];
}

function platform(e: EnvironmentChange): Danger[] {
  const removed = e.objects.filter((o) => o.change === 'removed');
  const cni = removed.filter((o) => (o.kind === 'HelmRelease' || o.kind === 'HelmChart') && /\/cilium$/.test(o.id));
  // A Flux Kustomization of another source than this repository delivers upstream CRDs (Gateway API).
  const crds = removed.filter((o) => o.kind === 'CustomResourceDefinition' || (o.kind === 'Kustomization' && e.base.get(o.id)?.doc.spec?.sourceRef?.name !== 'flux-system' && e.base.get(o.id)?.doc.spec?.sourceRef !== undefined));
  const sync = removed.filter((o) => (o.kind === 'GitRepository' || o.kind === 'Kustomization') && o.id.endsWith('flux-system/flux-system'));
  const namespaces = removed.filter((o) => o.kind === 'Namespace').map((o) => o.id.split('/').at(-1)!).filter((ns) =>
    [...e.base.values()].some((b) => b.kind !== 'Namespace' && (b.namespace === ns || b.doc.spec?.targetNamespace === ns)));
  return [
    ...cni.map((o) => ({ code: 'cni', what: `the CNI's release ${o.id} is removed`, why: 'uninstalling Cilium takes every pod\'s network with it' })),
    ...crds.map((o) => ({ code: 'crd', what: `${o.id} is removed`, why: o.kind === 'CustomResourceDefinition' ? 'deleting a CRD deletes every object of its kind' : 'it delivers CRDs; removing it can delete every object of their kinds' })),
    ...sync.map((o) => ({ code: 'flux-sync', what: `Flux's own sync ${o.id} leaves the tree`, why: 'the root Kustomization prunes what leaves it, its own sync included, unless flux-operator has taken it over and it is annotated prune: disabled (docs/guides/flux.md, Migrating from flux bootstrap)' })),
    ...namespaces.map((ns) => ({ code: 'namespace', what: `namespace ${ns} is removed`, why: 'it holds workloads: deleting it deletes them and their volumes\' claims' })),
  ];
}

function flux(e: EnvironmentChange): Danger[] {
  const moved = e.objects.filter((o) => o.fromLayer !== undefined).map((o) => ({
    code: 'layer-move',
    what: `${o.id} moves from layer ${o.fromLayer} to ${o.layer}`,
    why: `layer ${o.fromLayer} prunes it as soon as it leaves, whether or not ${o.layer} has applied it: ${o.kind === 'HelmRelease' ? 'the release is uninstalled, then installed again' : 'it is deleted, then created again'}`,
  }));
  return [...moved, ...e.objects.flatMap((o) => {
    const suspend = o.fields.find((f) => f.path === 'spec.suspend');
    return suspend ? [{ code: 'suspend', what: `${o.id}: suspend ${suspend.before ?? 'false'} -> ${suspend.after ?? 'false'}`, why: suspend.after === 'true' ? 'Flux stops reconciling it: drift and fixes go unapplied' : 'Flux resumes it and applies everything pending at once' }] : [];
  })];
}

/** Plans that stop: a protected instance asked to go, an update the provider cannot make. */
function planFails(e: EnvironmentChange): Danger[] {
  const grows = (c: TfChange) => c.attributes.some((a) => a.effect === 'fails' && a.path === 'capacity');
  return e.vm
    .filter((c) => c.action === 'blocked' || c.action === 'fails')
    .map((c) => ({
      code: 'plan-fails',
      what: `${c.address}: ${c.action === 'blocked' ? 'the plan fails' : 'the apply fails'}`,
      why: /^libvirt_domain\.adopted\[/.test(c.address) && c.action === 'blocked'
        ? `${c.reason}; a server leaves adoption by the Day 2 section "Take a server out of adoption" of the runbook before this change (state rm, undefine, rebuild)`
        : grows(c) ? `${c.reason}; a running domain's disk is grown by the runbook's Day 2 section "${GROW_SECTION}", with capacity in the volume's ignore_changes` : c.reason,
    }));
}

/** A smaller disk: no filesystem on it shrinks with it, so neither the provider nor the runbook makes one. */
function shrinks(e: EnvironmentChange): Danger[] {
  return e.sizes.filter((s) => s.after < s.before).map((s) => ({
    code: 'disk-shrink',
    what: `${s.address} shrinks from ${sizeOf(s.before)} to ${sizeOf(s.after)}`,
    why: `a disk cannot shrink under the filesystem on it; ${s.ignored ? `Terraform ignores capacity (ignore_changes), so the disk keeps ${sizeOf(s.before)}, more than the tree states` : 'the provider cannot update a volume (Update Not Supported), so the apply fails'}: set the size back to ${sizeOf(s.before)}`,
  }));
}

/** Every (apiGroup, resource, verb) a role's rules grant. */
const grants = (doc: Record<string, any> | undefined) => new Set(((doc?.rules ?? []) as Record<string, string[]>[]).flatMap((r) =>
  (r.apiGroups ?? ['']).flatMap((g) => (r.resources ?? r.nonResourceURLs ?? []).flatMap((res) => (r.verbs ?? []).map((v) => `${g}/${res}:${v}`)))));

function rbac(e: EnvironmentChange): Danger[] {
  return e.objects
    .filter((o) => /^(Cluster)?Role(Binding)?$/.test(o.kind) && o.change !== 'removed')
    .flatMap((o) => {
      const now = e.head.get(o.id)!.doc;
      if (/Binding$/.test(o.kind)) {
        const admin = now.roleRef?.name === 'cluster-admin';
        return admin && (o.change === 'added' || e.base.get(o.id)?.doc.roleRef?.name !== 'cluster-admin') ? [{ code: 'rbac', what: `${o.id} binds cluster-admin`, why: 'its subjects can do anything in the cluster' }] : [];
      }
      const before = grants(e.base.get(o.id)?.doc);
      const added = [...grants(now)].filter((g) => !before.has(g));
      const wide = added.filter((g) => g.includes('*') || /secrets:(get|list|watch)/.test(g) || /:(create|delete|deletecollection|update|patch|escalate|bind|impersonate)$/.test(g));
      return o.change === 'changed' && added.length > 0 ? [{ code: 'rbac', what: `${o.id} grants more: ${added.slice(0, 6).join(', ')}${added.length > 6 ? ', …' : ''}`, why: wide.length > 0 ? 'it adds write, wildcard or Secret access' : 'review who holds it' }] : [];
    });
}

function addresses(e: EnvironmentChange): Danger[] {
  const labels: Record<string, string> = { vip: 'control-plane VIP', endpoint: 'API endpoint (Cilium\'s k8sServiceHost)', ingressVip: 'ingress VIP', subnet: 'node subnet' };
  return Object.keys(labels).flatMap((k) => {
    const [a, b] = [e.facts.before[k], e.facts.after[k]];
    return a !== undefined && b !== undefined && a !== b ? [{ code: 'address', what: `${labels[k]} ${a} -> ${b}`, why: 'every client, certificate SAN and announcement that names the old address must move with it' }] : [];
  });
}

/** The dangers of one environment's change, most severe kinds first. */
export function dangers(e: EnvironmentChange): Danger[] {
  return [...controlPlane(e), ...founderRebuilt(e), ...readdressedMembers(e), ...readdressedServers(e), ...k3sSkew(e), ...adoptionLeft(e), ...backingFiles(e), ...data(e), ...shrinks(e), ...planFails(e), ...platform(e), ...addresses(e), ...flux(e), ...rbac(e)];
}
