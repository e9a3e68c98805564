import ipaddr from 'ipaddr.js';
import { dayTwoNotes, dialersOf, founderIn, joinStepWords, k3sPin, runsEtcd, serverChanges, serverConfigs } from '../bootstrap/day-two';
import { environmentDiagram, layerDiagram, layersOf, serversOf } from '../overview/diagrams';
import type { Mark } from '../overview/diagrams';
import { MANIFEST_FILE, manifestWriter } from '../synth/manifest';
import { unifiedDiff } from '../synth/diff';
import { compareTrees } from '../synth/tree';
import { textDocuments } from '../tree/documents';
import { workloadChanges } from './capi-changes';
import type { MachineChange } from './capi-changes';
import { layerSettings, workloadDangers } from './capi-dangers';
import { dangers } from './dangers';
import { growthNotes, sizeChanges } from './disk-sizes';
import type { Danger } from './dangers';
import { diffObjects, treeObjects, versionBumps } from './flux-diff';
import type { ObjectChange, VersionBump } from './flux-diff';
import { releaseMoves } from './release-moves';
import { replacedServers, serverCosts } from './server-costs';
import type { ServerCosts } from './server-costs';
import { instances } from '../infra/stack-instances';
import { planStacks } from './terraform';
import type { TfChange } from './terraform';

/** What a change of the committed trees does, for one environment. */
export interface EnvironmentReview {
  readonly env: string;
  readonly dangers: readonly Danger[];
  readonly vm: readonly TfChange[];
  /** What the change does to the machines of the workload clusters whose Cluster API objects this tree holds. */
  readonly machines: readonly MachineChange[];
  readonly nodes: readonly string[];
  /** What the change costs the servers: who joins, leaves, is rebuilt or restarts, and in which order. */
  readonly servers: ServerCosts;
  /** The tool version that wrote the tree (its manifest's stamp), at the base and at the head. */
  readonly tool: { readonly before?: string; readonly after?: string };
  readonly objects: readonly ObjectChange[];
  readonly bumps: readonly VersionBump[];
  readonly facts: { readonly before: Readonly<Record<string, string>>; readonly after: Readonly<Record<string, string>> };
  /** The unified diff of the tree's changed files, as `git diff` shows it. */
  readonly patch: string;
  /** Other files of the tree that changed (bootstrap files, the runbook, the overview), by path. */
  readonly files: readonly string[];
  /** Whether the tree has a runbook (bootstrap/run.sh): a workload cluster's has none. */
  readonly runbook: boolean;
  /** Mermaid: the environment (servers, VIPs, subnet) and its Flux layers, what the change touches highlighted. */
  readonly diagrams: { readonly environment: string; readonly layers: string };
}

/** One environment's files, relative to `clusters/<env>/`. */
export type Tree = ReadonlyMap<string, string>;

const yaml = (text: string | undefined): any => (text === undefined ? undefined : textDocuments(text)[0]);

/** The addresses a reviewer must notice changing, read from a tree's own files. */
export function facts(tree: Tree): Record<string, string> {
  const found: Record<string, string> = {};
  const kubeVip = textDocuments(tree.get('bootstrap/kube-vip.yaml') ?? '').find((d: any) => d?.kind === 'DaemonSet') as any;
  const vip = kubeVip?.spec?.template?.spec?.containers?.[0]?.env?.find((e: any) => e.name === 'address')?.value;
  if (vip) found.vip = String(vip);
  const endpoint = yaml(tree.get('bootstrap/cilium-values.yaml'))?.k8sServiceHost;
  if (endpoint) found.endpoint = String(endpoint);
  for (const [path, text] of tree) {
    if (!path.startsWith('kubernetes/') || !path.includes('ciliumloadbalancerippool')) continue;
    const block = (yaml(text) as any)?.spec?.blocks?.[0];
    if (block) found.ingressVip = String(block.start ?? block.cidr);
  }
  // The node subnet, from the VM layer's addresses (bare metal has no file that states it).
  const addresses = (tree.get('terraform/cdk.tf.json') ?? '').match(/\b(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})\b/);
  if (addresses && ipaddr.IPv4.isValid(addresses[1]!)) {
    const [address, prefix] = [ipaddr.IPv4.parse(addresses[1]!), Number(addresses[2])];
    const network = ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${prefix}`);
    found.subnet = `${network.toString()}/${prefix}`;
  }
  return found;
}

/** A server whose VM is replaced and stays: it loses its k3s and etcd member, and rejoins. */
function rebuiltServers(replaced: readonly { readonly name: string; readonly adopted: boolean }[], founder: string | undefined, head: Tree): string[] {
  return replaced
    .filter((r) => r.name !== founder)
    .map(({ name: n, adopted }) => adopted
      ? `${n} leaves adoption and is built anew (a new OS disk and data disk): drain it and delete its Node, state rm and undefine its adopted domain first, then run ${joinStepWords(head, n)} (the runbook before this change, Day 2 "Take a server out of adoption")`
      : `${n} is rebuilt (its VM replaced, with a new OS disk): its k3s and etcd member go with the old disk; drain it and delete its Node first, then run ${joinStepWords(head, n)} (bootstrap/README.md, Day 2 "Rebuild a server onto another image")`);
}

/** Adopted domains whose config changes: ignore_changes = all keeps the change from reaching them. */
function unreachedAdopted(base: Record<string, unknown> | undefined, head: Record<string, unknown> | undefined): string[] {
  const [before, after] = [instances(base), instances(head)];
  return [...after]
    .filter(([address, now]) => /^libvirt_domain\.adopted\[/.test(address) && before.has(address) && JSON.stringify(before.get(address)!.config) !== JSON.stringify(now.config))
    .map(([address]) => `${/\["(.+)"\]$/.exec(address)![1]} is adopted: the change to its domain does not reach it (ignore_changes = all) until it is taken out of adoption (bootstrap/README.md, Day 2)`);
}

/** Each OS disk's address → the base volume its backing store names, in a stack. */
function backingStores(stack: Record<string, unknown> | undefined): Map<string, string> {
  const found = new Map<string, string>();
  for (const [address, instance] of instances(stack)) {
    const path = (instance.config.backing_store as { path?: unknown } | undefined)?.path;
    const m = typeof path === 'string' ? /^\$\{(libvirt_volume\.[\w-]+(?:\["[^"]+"\])?)\.path\}$/.exec(path) : null;
    if (instance.type === 'libvirt_volume' && m) found.set(address, m[1]!);
  }
  return found;
}

/** The review of one environment: its trees at the base and at the head. */
export function reviewEnvironment(env: string, base: Tree, head: Tree): EnvironmentReview {
  const stack = (tree: Tree) => {
    const text = tree.get('terraform/cdk.tf.json');
    return text === undefined ? undefined : (JSON.parse(text) as Record<string, unknown>);
  };
  // Adoption imports into an empty state (the runbook applies it so): a change that adds import
  // blocks is planned from no state, not from a base tree whose VMs would have been created.
  const [baseStack, headStack] = [stack(base), stack(head)];
  const importsOf = (json: Record<string, unknown> | undefined) => ((json?.import ?? []) as { to: string }[]).map((i) => i.to);
  const adopting = importsOf(headStack).filter((to) => !importsOf(baseStack).includes(to));
  const vm = planStacks(adopting.length > 0 ? undefined : baseStack, headStack);
  const sizes = sizeChanges(adopting.length > 0 ? undefined : baseStack, headStack, vm);
  const [b, h] = [treeObjects(base), treeObjects(head)];
  const objects = diffObjects(b, h);
  const layers = layerSettings(b, h);
  const workloads = workloadChanges(b, h, layers.pruned);
  const factsOf = { before: facts(base), after: facts(head) };
  const servers = { before: [...serverConfigs(base).keys()].sort(), after: [...serverConfigs(head).keys()].sort() };
  const shown = head.size > 0 ? head : base;
  const [cb, ch] = [serverConfigs(base), serverConfigs(head)];
  const touchedServers = [...new Set([...cb.keys(), ...ch.keys()])].filter((n) => JSON.stringify(cb.get(n)) !== JSON.stringify(ch.get(n)));
  const costs = serverCosts(base, head, vm);
  // What the picture marks: a server's cost where it has one, anything else the change touches as changed.
  const touched = new Map<string, Mark>([
    ...[...touchedServers, ...vm.map((c) => /\["(.+)"\]$/.exec(c.address)?.[1]).filter((n): n is string => n !== undefined)].map((n) => [n, 'changed'] as const),
    ...(factsOf.before.vip !== factsOf.after.vip ? [['vip', 'changed'] as const] : []),
    ...(factsOf.before.ingressVip !== factsOf.after.ingressVip ? [['ingress', 'changed'] as const] : []),
    ...costs.restarted.map((c) => [c.name, 'restarted'] as const),
    ...costs.rebuilt.map((c) => [c.name, 'rebuilt'] as const),
    ...costs.added.map((n) => [n, 'added'] as const),
  ]);
  const touchedLayers = new Set(objects.flatMap((o) => (o.layer === '(root)' ? [o.id.split('/').at(-1)!] : [o.layer, ...(o.fromLayer ? [o.fromLayer] : [])])));
  const picture = { subnet: facts(shown).subnet, vip: facts(shown).vip, ingressVip: facts(shown).ingressVip, servers: serversOf(shown) };
  return {
    env,
    dangers: [...workloadDangers(workloads, b, h, layers), ...dangers({
      servers, vm, objects, base: b, head: h, facts: factsOf, etcd: { before: runsEtcd(cb), after: runsEtcd(ch) }, founder: founderIn(ch), backing: backingStores(adopting.length > 0 ? undefined : baseStack), sizes,
      readdressed: serverChanges(base, head).readdressed.map((r) => ({ ...r, dialedBy: dialersOf(cb, r.from), joinStep: joinStepWords(head, r.name) })),
      k3s: { before: k3sPin(base), after: k3sPin(head) },
      vmLayer: headStack !== undefined,
    })],
    vm,
    machines: workloads.flatMap((w) => w.lines),
    nodes: [
      ...(adopting.length > 0 ? [`this change adopts running machines (${adopting.length} new import block${adopting.length === 1 ? '' : 's'}): its VM plan is read from an empty state, as adoption applies it; the runbook's VM step applies it only if the plan is exactly that (deploy --expect)`] : []),
      ...dayTwoNotes(base, head),
      ...(adopting.length > 0 ? [] : unreachedAdopted(baseStack, headStack)), ...(runsEtcd(cb) && servers.before.length > 1 ? rebuiltServers(replacedServers(vm, servers.before.filter((n) => servers.after.includes(n))), founderIn(ch), head) : []),
      ...growthNotes(sizes)],
    servers: costs,
    // A tree that is added or removed whole has no version to compare.
    tool: base.size > 0 && head.size > 0 ? { before: manifestWriter(base.get(MANIFEST_FILE)), after: manifestWriter(head.get(MANIFEST_FILE)) } : {},
    objects,
    bumps: versionBumps(b, h),
    facts: factsOf,
    diagrams: { environment: environmentDiagram(picture, touched), layers: layerDiagram(layersOf(shown), touchedLayers) },
    patch: unifiedDiff(compareTrees(base, head), base, head, `clusters/${env}`),
    runbook: head.has('bootstrap/run.sh') || base.has('bootstrap/run.sh'),
    files: [...new Set([...base.keys(), ...head.keys()])]
      .filter((p) => !p.startsWith('kubernetes/') && p !== 'terraform/cdk.tf.json' && p !== MANIFEST_FILE && base.get(p) !== head.get(p))
      .sort()
      .map((p) => `${p} (${!base.has(p) ? 'added' : !head.has(p) ? 'removed' : 'changed'})`),
  };
}

/** Splits `clusters/<env>/…` files by environment. */
export function byEnvironment(files: ReadonlyMap<string, string>): Map<string, Map<string, string>> {
  const envs = new Map<string, Map<string, string>>();
  for (const [path, text] of files) {
    const m = /^clusters\/([^/]+)\/(.+)$/.exec(path);
    if (!m) continue;
    if (!envs.has(m[1]!)) envs.set(m[1]!, new Map());
    envs.get(m[1]!)!.set(m[2]!, text);
  }
  return envs;
}

/**
 * Every environment present at the base or the head, reviewed; unchanged ones left out. A release
 * whose HelmRelease moves between two trees (a workload cluster's handover) is noted on the
 * environment whose cluster holds it.
 */
export function review(base: ReadonlyMap<string, string>, head: ReadonlyMap<string, string>): EnvironmentReview[] {
  const [b, h] = [byEnvironment(base), byEnvironment(head)];
  const moves = releaseMoves(b, h);
  return [...new Set([...b.keys(), ...h.keys()])]
    .sort()
    .map((env) => reviewEnvironment(env, b.get(env) ?? new Map(), h.get(env) ?? new Map()))
    .map((r) => ({ ...r, dangers: [...(moves.dangers.get(r.env) ?? []), ...r.dangers], nodes: [...r.nodes, ...(moves.notes.get(r.env) ?? [])] }))
    // A tree whose only change is the stamp of the tool that wrote it is listed: the upgrade touched it.
    .filter((r) => r.vm.length + r.machines.length + r.objects.length + r.nodes.length + r.dangers.length + r.files.length > 0 || r.tool.before !== r.tool.after);
}

