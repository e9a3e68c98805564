import type { Environment } from '../model/resolve';
import { restartOrder } from './steps';

const CONFIG = /^bootstrap\/nodes\/([^/]+)\/config\.yaml$/;

/** Server name → its k3s config text, from a tree's files (paths relative to `clusters/<env>/`). */
function configs(files: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...files].flatMap(([path, text]) => {
    const match = CONFIG.exec(path);
    return match ? [[match[1]!, text] as [string, string]] : [];
  }));
}

/**
 * What a change of the servers' k3s configs asks of the operator after it lands, derived from the
 * committed tree and the new one: which servers restart and in which order (one at a time, the
 * founder last), which join, and which leave etcd. Empty on a first synth or when nothing changed.
 */
export function dayTwoNotes(env: Environment, previous: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): string[] {
  const before = configs(previous);
  if (before.size === 0) return [];
  const after = configs(next);
  const restart = restartOrder(env).filter((n) => before.has(n.name) && after.has(n.name) && before.get(n.name) !== after.get(n.name));
  const joined = env.liveNodes.filter((n) => !before.has(n.name) && after.has(n.name));
  const left = [...before.keys()].filter((name) => !after.has(name)).sort();
  return [
    ...(restart.length > 0
      ? [`${env.name}: k3s config changed on ${restart.map((n) => n.name).join(', ')}: once merged, copy each config and restart k3s one server at a time, in that order, each Ready before the next (bootstrap/README.md, Day 2)`]
      : []),
    ...joined.map((n) => `${env.name}: ${n.name} is new: join it alone with its Join step (bash run.sh --list); k3s adds its etcd member`),
    ...left.map((name) => `${env.name}: ${name} left the environment: drain it and delete its Node (k3s removes its etcd member) before anything else; one server at a time`),
  ];
}
