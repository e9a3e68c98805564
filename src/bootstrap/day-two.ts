import { parseYamlDocuments } from '../tree/yaml';

// What a change of the servers asks of the operator once it lands, read from two trees alone (the
// committed one and the new one), so synth's notes and the pull-request review say the same.

const CONFIG = /^bootstrap\/nodes\/([^/]+)\/config\.yaml$/;

/** Server name → its k3s config, from a tree's files (paths relative to `clusters/<env>/`), by name. */
export function serverConfigs(files: ReadonlyMap<string, string>): Map<string, Record<string, unknown>> {
  return new Map(
    [...files]
      .flatMap(([path, text]) => {
        const m = CONFIG.exec(path);
        return m ? [[m[1]!, (parseYamlDocuments(text)[0] ?? {}) as Record<string, unknown>] as [string, Record<string, unknown>]] : [];
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

export interface ServerChanges {
  /** Servers whose config changed, in the order to restart them: the others first, the founder last. */
  readonly restart: readonly { readonly name: string; readonly keys: readonly string[] }[];
  readonly joined: readonly string[];
  readonly left: readonly string[];
}

/** Which servers restart (and which of their keys changed), join and leave between two trees. */
export function serverChanges(previous: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): ServerChanges {
  const [before, after] = [serverConfigs(previous), serverConfigs(next)];
  const changedKeys = (name: string) => {
    const [a, b] = [before.get(name)!, after.get(name)!];
    return Object.keys({ ...a, ...b }).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();
  };
  const changed = [...after.keys()].filter((n) => before.has(n) && changedKeys(n).length > 0);
  return {
    restart: [...changed.filter((n) => !isFounder(after.get(n)!)), ...changed.filter((n) => isFounder(after.get(n)!))].map((name) => ({ name, keys: changedKeys(name) })),
    joined: [...after.keys()].filter((n) => !before.has(n)),
    left: [...before.keys()].filter((n) => !after.has(n)),
  };
}

/**
 * The notes of a change, one line each: the rolling restart (one server at a time, each Ready
 * before the next), the servers that join, those that leave (their etcd member named only where
 * the tree they join or leave runs etcd). Empty on a first synth (there
 * is nothing to change on a cluster that does not exist yet) or when no server changes.
 */
export function dayTwoNotes(previous: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): string[] {
  if (serverConfigs(previous).size === 0) return [];
  const { restart, joined, left } = serverChanges(previous, next);
  const [was, is] = [founderIn(serverConfigs(previous)), founderIn(serverConfigs(next))];
  return [
    ...(was !== undefined && is !== undefined && was !== is && serverConfigs(next).has(was) ? [`the founder moves from ${was} to ${is}: ${was} joins ${is} from now on (its config names the join token, which the Day 2 restart copies first)`] : []),
    ...(restart.length > 0
      ? [`k3s config changed on ${restart.map((s) => `${s.name} (${s.keys.join(', ')})`).join(', ')}: restart k3s one server at a time in this order, each Ready before the next (bootstrap/README.md, Day 2)`]
      : []),
    ...joined.map((n) => `${n} joins: run its Join step alone (bash run.sh --list)${runsEtcd(serverConfigs(next)) ? '; k3s adds its etcd member' : ''}`),
    ...left.map((n) => `${n} leaves: drain it and delete its Node${runsEtcd(serverConfigs(previous)) ? ' (k3s removes its etcd member)' : ''} first; one server at a time`),
  ];
}
