import { ADDRESS_SECTION, ONLY_SERVER_READDRESS, UPGRADE_SECTION, skippedMinors } from '../bootstrap/day-two';
import { membersNeed } from './control-plane-rollout';
import type { Danger, EnvironmentChange } from './dangers';

// What a change of the servers themselves (their addresses, their k3s release) puts at risk.

/** `a`, `a and b`, `a, b and c`. */
export const listed = (names: readonly string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * A server whose address changes: the host keeps the old one until it is rebuilt or re-addressed,
 * and its etcd member's peer URL names it, so a restart starts k3s on an address the host does
 * not have. It leaves the cluster and joins again (k3s-io/k3s#10362, a maintainer's procedure).
 * The founder runs cluster-init and is the other servers' join target: it is moved first.
 */
export function readdressedServers(e: EnvironmentChange): Danger[] {
  const only = e.servers.before.length === 1;
  return e.readdressed.flatMap(({ name, from, to, dialedBy, joinStep }): Danger[] => {
    const restart = `the host keeps ${from} until it is ${e.vmLayer && !only ? 'rebuilt' : 're-addressed'}${e.etcd.before ? ` and its etcd member's peer URL names ${from}` : ''}: restarted, k3s would start on an address the host does not have`;
    if (only) return [{ code: 'node-address', what: `the only server ${name}'s address ${from} -> ${to}`, why: `${restart}, and a rebuild takes the cluster's datastore with its disk; ${ONLY_SERVER_READDRESS(e.etcd.before)}` }];
    return [
      {
        code: 'node-address',
        what: `${name}'s address ${from} -> ${to}`,
        why: `${restart}; rebuild it instead, one server at a time: drain it, stop k3s on it, delete its Node (k3s removes its etcd member), ${e.vmLayer ? 'rebuild its VM' : `give the host ${to}`}, run ${joinStep} (bootstrap/README.md, Day 2 "${ADDRESS_SECTION}")`,
      },
      ...(e.etcd.after && e.founder === name
        ? [{
          code: 'founder',
          what: `${name}, the founder (cluster-init)${dialedBy.length > 0 ? ` that ${listed(dialedBy)} ${dialedBy.length === 1 ? 'dials' : 'dial'} to join (server:)` : ''}, changes its address`,
          why: 'rebuilt to take it, it starts a new cluster of its own on an empty data dir, and a server that joins through it dials an address no host has until then; make another live server, one whose address stays, the founder first (founder: true, synth, commit, restart), then change this address',
        }]
        : []),
    ];
  });
}

/**
 * More than one etcd member's new address in one change (a subnet move readdresses them all): etcd
 * changes its membership one member at a time, and only while a majority of its members is up
 * (https://etcd.io/docs/v3.6/op-guide/runtime-configuration/, "Cycle or upgrade multiple
 * machines"), so each is rebuilt after the one before is back; while one is out, the members left
 * need all but a minority of themselves. The sentence states the counts computed from the trees.
 */
export function readdressedMembers(e: EnvironmentChange): Danger[] {
  const members = e.servers.before;
  const moving = e.readdressed.map((r) => r.name).filter((n) => members.includes(n));
  if (!e.etcd.before || moving.length < 2) return [];
  const [from, to] = [e.facts.before.subnet, e.facts.after.subnet];
  const split = from !== undefined && to !== undefined && from !== to
    ? `; until the last is moved, the members rebuilt on ${to} and those still on ${from} reach each other across the two subnets (etcd's peer URLs name both)`
    : '';
  return [{
    code: 'etcd-readdress',
    what: `${moving.length} of ${members.length} etcd members change address in this change${moving.length === members.length ? ' (none keeps its own)' : ''}: ${listed(moving)}`,
    why: `etcd changes its membership one member at a time, and only while a majority of its members is up (etcd runtime reconfiguration, "Cycle or upgrade multiple machines"): run one server's block of Day 2 "${ADDRESS_SECTION}" after the other's, each member back before the next; while one is out, etcd has ${membersNeed(members.length - 1)}${split}`,
  }];
}

/**
 * A k3s pin that moves more than one Kubernetes minor: Kubernetes' version skew policy keeps the
 * API servers of one cluster within one minor of each other and upgrades one minor at a time
 * (https://kubernetes.io/releases/version-skew-policy/), and the runbook's upgrade refuses it.
 */
export function k3sSkew(e: EnvironmentChange): Danger[] {
  const { before, after } = e.k3s;
  const skipped = before !== undefined && after !== undefined ? skippedMinors(before, after) : [];
  return skipped.length > 0
    ? [{
      code: 'k3s-skew',
      what: `k3s ${before} -> ${after} skips Kubernetes ${listed(skipped)}`,
      why: `Kubernetes upgrades one minor at a time (its version skew policy: the API servers of one cluster at most one minor apart), so the runbook's upgrade (bootstrap/README.md, Day 2 "${UPGRADE_SECTION}") refuses it and a server built now would join peers ${skipped.length + 1} minors older; pin a v${skipped[0]} release first, upgrade every server to it, then the next`,
    }]
    : [];
}
