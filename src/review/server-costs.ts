import { joinStepOf, k3sPin, serverChanges, serverConfigs, founderIn } from '../bootstrap/day-two';
import { serverOf } from './dangers';
import { listed } from './server-dangers';
import type { TfChange } from './terraform';

// What a change costs the servers of one environment, counted from the two trees and the VM plan:
// who joins, leaves, is rebuilt or restarts, and the order the runbook's Day 2 sections take them in.

/** A server and why the change touches it. */
export interface ServerCost {
  readonly name: string;
  readonly why: readonly string[];
}

export interface ServerCosts {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  /** Servers that leave etcd and join again: a replaced VM, a new address (the Day 2 block replaces its OS disk and domain). */
  readonly rebuilt: readonly ServerCost[];
  /** Servers whose k3s restarts and keeps its data, in the order to restart them: the founder last. */
  readonly restarted: readonly ServerCost[];
  /** What to do, phase after phase, one sentence each. */
  readonly order: readonly string[];
}

/** Servers whose VM the plan replaces (or builds anew out of adoption) and that stay in the cluster, and whether they were adopted. */
export function replacedServers(vm: readonly TfChange[], kept: readonly string[]): { readonly name: string; readonly adopted: boolean }[] {
  const adopted = new Set(vm.filter((c) => /^libvirt_domain\.adopted\[/.test(c.address) && (c.action === 'destroy' || c.action === 'blocked')).map((c) => serverOf(c)!));
  return vm
    .filter((c) => /\.node\[/.test(c.address) && serverOf(c) !== undefined && (c.action === 'replace' || c.action === 'may-replace' || (c.action === 'create' && adopted.has(serverOf(c)!))))
    .map((c) => serverOf(c)!)
    .filter((n) => kept.includes(n))
    .map((n) => ({ name: n, adopted: adopted.has(n) }));
}

/** Adds a reason to a server's entry, keeping first-seen order. */
function note(into: Map<string, string[]>, name: string, why: string) {
  into.set(name, [...(into.get(name) ?? []), why]);
}

/** The costs of one environment's change: its trees at the base and the head, and its VM plan. */
export function serverCosts(base: ReadonlyMap<string, string>, head: ReadonlyMap<string, string>, vm: readonly TfChange[]): ServerCosts {
  const [before, after] = [serverConfigs(base), serverConfigs(head)];
  // A first synth builds the cluster: the cold build's steps, not a change of servers.
  if (before.size === 0) return { added: [], removed: [], rebuilt: [], restarted: [], order: [] };
  const changes = serverChanges(base, head);
  const kept = [...after.keys()].filter((n) => before.has(n));
  const only = before.size === 1;
  const rebuilt = new Map<string, string[]>();
  const restarted = new Map<string, string[]>();
  // How Day 2 "A server's address changes" moves it: libvirt's block replaces the OS disk and the
  // domain (a running VM never reads its seed again); elsewhere the host is re-addressed. Either
  // way k3s is uninstalled and joins again. The only server takes its address in place instead.
  const libvirt = /"libvirt_domain"/.test(head.get('terraform/cdk.tf.json') ?? '');
  const how = libvirt ? 'its OS disk and domain replaced' : 'the host re-addressed';
  for (const r of changes.readdressed) note(only ? restarted : rebuilt, r.name, only ? `address ${r.from} -> ${r.to}, given in place` : `address ${r.from} -> ${r.to}: k3s uninstalled, ${how}, joined again`);
  for (const r of replacedServers(vm, kept)) note(rebuilt, r.name, r.adopted ? 'leaves adoption' : 'VM replaced');
  const [pinWas, pinIs] = [k3sPin(base), k3sPin(head)];
  const upgraded = pinWas !== undefined && pinIs !== undefined && pinWas !== pinIs ? kept.filter((n) => !rebuilt.has(n)) : [];
  for (const n of upgraded) note(restarted, n, `k3s ${pinWas} -> ${pinIs}`);
  for (const r of changes.restart) if (!rebuilt.has(r.name)) note(restarted, r.name, `k3s config: ${r.keys.join(', ')}`);
  // A VM that the apply stops and starts again restarts its k3s (the Day 2 "A VM change that stops servers").
  const stopped = new Set(vm.filter((v) => v.stops === 'restarts').map(serverOf));
  for (const n of kept) if (stopped.has(n) && !rebuilt.has(n)) note(restarted, n, 'its VM stops');
  const founder = founderIn(after);
  // The founder last, as the Day 2 restart and upgrade take them (the others join through it).
  const lastly = (names: readonly string[]) => [...names.filter((n) => n !== founder).sort(), ...names.filter((n) => n === founder)];
  const costs = (m: Map<string, string[]>) => lastly([...m.keys()]).map((name) => ({ name, why: m.get(name)! }));
  const restarts = lastly([...restarted.keys()].filter((n) => !upgraded.includes(n) || restarted.get(n)!.length > 1));
  const joins = changes.joined.map((n) => { const step = joinStepOf(head, n); return step ? `${n} (step ${step.number} "${step.title}")` : n; });
  // One at a time where there are several: etcd takes one member out or in at a time, and a restart waits for the one before.
  const each = (names: readonly string[], words: string) => (names.length > 1 ? `, one at a time${words}` : '');
  const rebuilds = lastly([...rebuilt.keys()]);
  const order = [
    ...(upgraded.length > 0 ? [`upgrade k3s to ${pinIs} on ${listed(lastly(upgraded))}${each(upgraded, '')}, before any server joins or is rebuilt`] : []),
    ...(changes.left.length > 0 ? [`take ${listed(changes.left)} out (drain, delete its Node)${each(changes.left, '')}`] : []),
    ...(rebuilds.length > 0 ? [`rebuild ${listed(rebuilds)}${each(rebuilds, ', each back in etcd before the next')}`] : []),
    ...(joins.length > 0 ? [`join ${listed(joins)}${each(joins, '')}`] : []),
    ...(restarts.length > 0 ? [`restart k3s on ${listed(restarts)}${each(restarts, ', each Ready before the next')}`] : []),
  ];
  return { added: changes.joined, removed: changes.left, rebuilt: costs(rebuilt), restarted: costs(restarted), order };
}

/** `2 added, 5 restarted`: the counts a summary table shows, or none. */
export function costCounts(c: ServerCosts): string {
  return ([['added', c.added.length], ['removed', c.removed.length], ['rebuilt', c.rebuilt.length], ['restarted', c.restarted.length]] as const)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n} ${what}`)
    .join(', ');
}
