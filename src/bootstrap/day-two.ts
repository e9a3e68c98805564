import semver from 'semver';
import { textDocuments } from '../tree/documents';

// What a change of the servers asks of the operator once it lands, read from two trees alone (the
// committed one and the new one), so synth's notes and the pull-request review say the same.

const CONFIG = /^bootstrap\/nodes\/([^/]+)\/config\.yaml$/;

/** Server name → its k3s config, from a tree's files (paths relative to `clusters/<env>/`), by name. */
export function serverConfigs(files: ReadonlyMap<string, string>): Map<string, Record<string, unknown>> {
  return new Map(
    [...files]
      .flatMap(([path, text]) => {
        const m = CONFIG.exec(path);
        return m ? [[m[1]!, (textDocuments(text)[0] ?? {}) as Record<string, unknown>] as [string, Record<string, unknown>]] : [];
      })
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** The server that runs cluster-init in a tree's configs, if any. */
export const founderIn = (configs: ReadonlyMap<string, Record<string, unknown>>) => [...configs].find(([, c]) => c['cluster-init'] === true)?.[0];

/** Embedded etcd: the founder runs cluster-init, or a server joins another; sqlite's one server does neither. */
export const runsEtcd = (configs: ReadonlyMap<string, Record<string, unknown>>) => [...configs.values()].some((c) => c['cluster-init'] === true || c.server !== undefined);

/** The founder is the server that joins nobody. */
export const isFounder = (config: Record<string, unknown>) => config.server === undefined;

/** The Day 2 sections the review and the notes send an operator to, by their runbook titles. */
export const ADDRESS_SECTION = "A server's address changes";
export const UPGRADE_SECTION = 'Upgrade k3s to the pinned release';

/** A server whose `node-ip` changed: the host, its etcd member's peer URL and its certificates hold the old one. */
export interface Readdressed {
  readonly name: string;
  readonly from: string;
  readonly to: string;
}

export interface ServerChanges {
  /** Servers whose config changed, in the order to restart them: the others first, the founder last. */
  readonly restart: readonly { readonly name: string; readonly keys: readonly string[] }[];
  /** Servers whose address changed: rebuilt, never restarted (k3s would start on an address the host does not have). */
  readonly readdressed: readonly Readdressed[];
  readonly joined: readonly string[];
  readonly left: readonly string[];
}

/** Which servers restart (and which of their keys changed), change address, join and leave between two trees. */
export function serverChanges(previous: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): ServerChanges {
  const [before, after] = [serverConfigs(previous), serverConfigs(next)];
  const changedKeys = (name: string) => {
    const [a, b] = [before.get(name)!, after.get(name)!];
    return Object.keys({ ...a, ...b }).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();
  };
  const kept = [...after.keys()].filter((n) => before.has(n));
  const readdressed = kept.filter((n) => before.get(n)!['node-ip'] !== after.get(n)!['node-ip']);
  const changed = kept.filter((n) => !readdressed.includes(n) && changedKeys(n).length > 0);
  return {
    restart: [...changed.filter((n) => !isFounder(after.get(n)!)), ...changed.filter((n) => isFounder(after.get(n)!))].map((name) => ({ name, keys: changedKeys(name) })),
    readdressed: readdressed.map((name) => ({ name, from: String(before.get(name)!['node-ip']), to: String(after.get(name)!['node-ip']) })),
    joined: [...after.keys()].filter((n) => !before.has(n)),
    left: [...before.keys()].filter((n) => !after.has(n)),
  };
}

/** What the only server's new address asks: the host's own address first, then k3s (etcd's one member rewritten by a cluster reset: k3s-io/k3s#4296). */
export const ONLY_SERVER_READDRESS = (etcd: boolean) =>
  `give the host its new address in place first (its network config), then ${etcd ? 'start k3s once with `--cluster-reset`, which rewrites its etcd member\'s peer URL, and then as a service with' : 'restart k3s with'} the new config.yaml`;

/** The k3s release a tree's runbook installs (its install line's INSTALL_K3S_VERSION), if it has one. */
export const k3sPin = (files: ReadonlyMap<string, string>): string | undefined => /INSTALL_K3S_VERSION=(v[^\s'"]+)/.exec(files.get('bootstrap/run.sh') ?? '')?.[1];

/** The Kubernetes minors a k3s bump skips (v1.34.x → v1.37.x skips 1.35 and 1.36); none for a patch, a next minor or a downgrade. */
export function skippedMinors(from: string, to: string): string[] {
  const [a, b] = [semver.coerce(from), semver.coerce(to)];
  if (!a || !b || a.major !== b.major) return [];
  return Array.from({ length: Math.max(0, b.minor - a.minor - 1) }, (_, i) => `${a.major}.${a.minor + i + 1}`);
}

/** A server's Join step as its tree's runbook numbers and titles it (`## 8. Join k3s-dev-2 (192.168.1.51)`), if it has one. */
export function joinStepOf(files: ReadonlyMap<string, string>, name: string): { readonly number: number; readonly title: string } | undefined {
  const heading = (files.get('bootstrap/README.md') ?? '').split('\n').map((l) => /^## (\d+)\. (Join (\S+) \(.+\))$/.exec(l)).find((m) => m?.[3] === name);
  return heading ? { number: Number(heading[1]), title: heading[2]! } : undefined;
}

/** How a note names a server's Join step: its number and title, and the line that runs it alone. */
export function joinStepWords(files: ReadonlyMap<string, string>, name: string): string {
  const step = joinStepOf(files, name);
  // No Join step: the founder's is the cold build's own (a joining server's is numbered after it).
  return step ? `step ${step.number} "${step.title}" (bash run.sh --only ${step.number})` : 'its step in the runbook (bash run.sh --list numbers them)';
}

/** Servers that dial `address` as their join target (`server:` in their config), in a tree's configs. */
export const dialersOf = (configs: ReadonlyMap<string, Record<string, unknown>>, address: string) =>
  [...configs].filter(([, c]) => typeof c.server === 'string' && new URL(c.server).hostname === address).map(([n]) => n);

/**
 * The notes of a change, one line each: a k3s pin bump and its rolling upgrade, the rolling
 * restart (one server at a time, each Ready before the next), a server's new address (a rebuild),
 * the servers that join, those that leave (their etcd member named only where the tree they join
 * or leave runs etcd). Empty on a first synth (there is nothing to change on a cluster that does
 * not exist yet) or when no server changes.
 */
export function dayTwoNotes(previous: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): string[] {
  if (serverConfigs(previous).size === 0) return [];
  const { restart, readdressed, joined, left } = serverChanges(previous, next);
  const [was, is] = [founderIn(serverConfigs(previous)), founderIn(serverConfigs(next))];
  const [pinWas, pinIs] = [k3sPin(previous), k3sPin(next)];
  const etcd = runsEtcd(serverConfigs(previous));
  // Bare metal has no VM layer: the operator gives the host its address.
  const rebuild = next.has('terraform/cdk.tf.json') ? 'rebuild its VM' : 'give the host its new address';
  return [
    ...(pinWas !== undefined && pinIs !== undefined && pinWas !== pinIs
      ? [`k3s ${pinWas} -> ${pinIs}: the install line changes, no running server does; upgrade every server to it one at a time, before any server joins or is rebuilt (bootstrap/README.md, Day 2 "${UPGRADE_SECTION}")`]
      : []),
    ...(was !== undefined && is !== undefined && was !== is && serverConfigs(next).has(was) ? [`the founder moves from ${was} to ${is}: ${was} joins ${is} from now on (its config names the join token, which the Day 2 restart copies first)`] : []),
    ...(restart.length > 0
      ? [`k3s config changed on ${restart.map((s) => `${s.name} (${s.keys.join(', ')})`).join(', ')}: restart k3s one server at a time in this order, each Ready before the next (bootstrap/README.md, Day 2)`]
      : []),
    ...readdressed.map(({ name, from, to }) => serverConfigs(previous).size === 1
      ? `${name}'s address ${from} -> ${to}: the only server; a rebuild would take the cluster's datastore with its disk and a restart starts k3s on an address the host does not have: ${ONLY_SERVER_READDRESS(etcd)}`
      : `${name}'s address ${from} -> ${to}: a rebuild, not a restart (the host keeps ${from} until then${etcd ? ", and its etcd member's peer URL names it" : ''}): drain it, stop k3s on it, delete its Node${etcd ? ' (k3s removes its etcd member)' : ''}, ${rebuild}, then run ${joinStepWords(next, name)} (bootstrap/README.md, Day 2 "${ADDRESS_SECTION}")${name === is ? `; ${name} runs cluster-init: make another live server the founder first (founder: true, synth, commit, restart)` : ''}`),
    ...joined.map((n) => `${n} joins: run ${joinStepWords(next, n)}${runsEtcd(serverConfigs(next)) ? '; k3s adds its etcd member' : ''}`),
    ...left.map((n) => `${n} leaves: drain it and delete its Node${runsEtcd(serverConfigs(previous)) ? ' (k3s removes its etcd member)' : ''} first; one server at a time`),
  ];
}
