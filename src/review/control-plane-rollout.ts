import { counted, quorumOf } from '../model/quorum';

// How a KubeadmControlPlane moves its machines, as Cluster API v1.12.11 does it: with a rollout
// pending it scales up while it has fewer than spec.replicas + maxSurge machines and otherwise
// deletes one outdated machine (controlplane/kubeadm/internal/controllers/update.go:104-159
// rollingUpdate); without one it adds or removes one machine at a time toward spec.replicas
// (controller.go:535-559). Every step waits for the one before: no machine is deleting and every
// machine's etcd member is healthy (scale.go:162-271 preflightChecks). A deleted machine's etcd
// member is removed before the machine goes (controller.go:1228-1300 reconcilePreTerminateHook),
// so the members are the machines at every step.

/** KCP's maxSurge when unset: its webhook defaults it to 1 (webhooks/kubeadmcontrolplane.go:87-89). */
export const DEFAULT_MAX_SURGE = 1;

export interface ControlPlaneMove {
  /** Machines before (the base tree's replicas). */
  readonly from: number;
  /** spec.replicas in the head tree. */
  readonly to: number;
  /** Whether every machine of the old spec is replaced. */
  readonly rolls: boolean;
  readonly maxSurge: number;
  /** Stacked etcd (one member per machine), not `clusterConfiguration.etcd.external`. */
  readonly stacked: boolean;
}

/** The machine counts KCP passes through, the first being `from`. */
export function memberCounts(move: ControlPlaneMove): number[] {
  const counts = [move.from];
  let [old, fresh] = move.rolls ? [move.from, 0] : [0, move.from];
  for (let step = 0; step < 4 * (move.from + move.to + 2); step++) {
    if (old > 0) {
      if (old + fresh < move.to + move.maxSurge) fresh++;
      else old--;
    } else if (fresh < move.to) fresh++;
    else if (fresh > move.to) fresh--;
    else break;
    counts.push(old + fresh);
  }
  return counts;
}

/** `3 members, which need 2`. */
export const membersNeed = (n: number) => `${counted(n, 'member')}, which ${n === 1 ? 'needs' : 'need'} ${quorumOf(n)}`;

/** What KCP does to the machines, in words computed from the counts. */
export function controlPlaneWords(move: ControlPlaneMove): string {
  const { from, to, maxSurge } = move;
  const counts = memberCounts(move);
  const [most, least] = [Math.max(...counts), Math.min(...counts.slice(1))];
  const etcd = (words: string) => (move.stacked ? `: ${words}` : '; etcd is external (clusterConfiguration.etcd.external), so no etcd member changes');
  if (move.rolls && from === to) {
    if (from === 1) return `replaces its only machine (maxSurge ${maxSurge})${etcd(`the new machine joins first, so etcd has ${membersNeed(2)}, until the old one is removed, leaving ${membersNeed(1)}`)}`;
    return maxSurge >= 1
      ? `replaces its ${from} machines one at a time (maxSurge ${maxSurge})${etcd(`each new machine joins first, so etcd has ${membersNeed(from + 1)}; then an old one is removed, leaving ${membersNeed(from)}`)}`
      : `replaces its ${from} machines one at a time (maxSurge 0)${etcd(`each old machine is removed first, leaving ${membersNeed(from - 1)}; then a new one joins, making ${membersNeed(from)}`)}`;
  }
  const scale = `scales from ${from} to ${counted(to, 'machine')}`;
  if (move.rolls) return `${scale} and replaces the ${from} of the old spec, one at a time (maxSurge ${maxSurge})${etcd(`etcd has at most ${membersNeed(most)}, and at least ${membersNeed(least)}`)}`;
  if (to > from) return `${scale}, adding one at a time${etcd(`etcd grows to ${membersNeed(to)}`)}`;
  return `${scale}, removing one at a time, each etcd member before its machine${etcd(`leaving ${membersNeed(to)}`)}`;
}
