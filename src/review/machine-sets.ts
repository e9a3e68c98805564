import { counted } from '../model/quorum';
import type { TreeObject } from './flux-diff';
import { replicasOf } from './capi-objects';
import { DEFAULT_MAX_SURGE } from './control-plane-rollout';
import type { ControlPlaneMove } from './control-plane-rollout';

// The settings of a machine set that decide how its machines move: KCP's surge and etcd, a
// MachineDeployment's strategy, each defaulted as the pinned webhooks default them.

const V1_12 = 'Cluster API v1.12.11';

/** KCP's `rollout.strategy.rollingUpdate.maxSurge`, 1 when unset. */
const maxSurgeOf = (kcp: TreeObject): number => Number(kcp.doc.spec?.rollout?.strategy?.rollingUpdate?.maxSurge ?? DEFAULT_MAX_SURGE);

/** Stacked etcd: one member on each control-plane machine, unless kubeadm is given an external etcd. */
const stackedEtcd = (kcp: TreeObject): boolean => kcp.doc.spec?.kubeadmConfigSpec?.clusterConfiguration?.etcd?.external === undefined;

/** The move of a control plane from the base tree's KCP to the head tree's. */
export const controlPlaneMove = (base: TreeObject, head: TreeObject, rolls: boolean): ControlPlaneMove => ({
  from: replicasOf(base),
  to: replicasOf(head),
  rolls,
  maxSurge: maxSurgeOf(head),
  stacked: stackedEtcd(head),
});

/**
 * What the KCP webhook refuses in a spec, on create and update alike (v1.12.11
 * controlplane/kubeadm/internal/webhooks/kubeadmcontrolplane.go:274-309 and 354-392
 * validateKubeadmControlPlaneSpec): an even count with stacked etcd, maxSurge 0 below 3 replicas,
 * a maxSurge other than 0 and 1.
 */
export function kcpSpecRefusals(kcp: TreeObject): string[] {
  const replicas = replicasOf(kcp);
  const surge = kcp.doc.spec?.rollout?.strategy?.rollingUpdate?.maxSurge;
  return [
    ...(stackedEtcd(kcp) && replicas % 2 === 0 ? [`spec.replicas ${replicas}: "cannot be an even number when etcd is stacked"`] : []),
    ...(surge !== undefined && Number(surge) === 0 && replicas < 3 ? [`maxSurge 0 with ${counted(replicas, 'replica')}: "when KubeadmControlPlane is configured to scale-in, replica count needs to be at least 3"`] : []),
    ...(surge !== undefined && Number(surge) !== 0 && Number(surge) !== 1 ? [`maxSurge ${surge}: "value must be 1 or 0"`] : []),
  ];
}

/** [major, minor, patch] of a Kubernetes version (`v1.35.8`), or undefined. */
export const semver = (v: unknown) => /^v?(\d+)\.(\d+)\.(\d+)/.exec(String(v ?? ''))?.slice(1).map(Number);

/**
 * A version change the KCP webhook refuses: more than one minor up (v1.12.11
 * webhooks/kubeadmcontrolplane.go:662-678 validateVersion, "Skipping a minor version is not allowed").
 */
export function versionSkip(before: unknown, after: unknown): string | undefined {
  const [a, b] = [semver(before), semver(after)];
  if (!a || !b) return undefined;
  const ceiling = a[0] === b[0] ? b[1]! >= a[1]! + 2 : b[0]! > a[0]!;
  return ceiling ? `Kubernetes ${before} -> ${after} skips ${a[1]! + 2 === b[1]! ? `v${a[0]}.${a[1]! + 1}` : `v${a[0]}.${a[1]! + 1} to v${b[0]}.${b[1]! - 1}`}: "cannot update Kubernetes version from ${before} to ${after}"` : undefined;
}

/** A rolling update's surge and unavailability, percentages resolved as ResolveFenceposts does. */
function fenceposts(md: TreeObject, replicas: number): { surge: number; unavailable: number } {
  const rolling = md.doc.spec?.rollout?.strategy?.rollingUpdate ?? {};
  const scaled = (v: unknown, fallback: number, up: boolean) => {
    if (v === undefined) return fallback;
    const pct = /^(\d+)%$/.exec(String(v));
    if (!pct) return Number(v);
    const exact = (Number(pct[1]) * replicas) / 100;
    return up ? Math.ceil(exact) : Math.floor(exact);
  };
  // Defaults: internal/webhooks/machinedeployment.go:115-123 (maxSurge 1, maxUnavailable 0).
  const surge = scaled(rolling.maxSurge, 1, true);
  const unavailable = scaled(rolling.maxUnavailable, 0, false);
  return { surge, unavailable: surge === 0 && unavailable === 0 ? 1 : unavailable };
}

/** What a MachineDeployment does to its machines, in words computed from its replicas and strategy. */
export function deploymentWords(base: TreeObject, head: TreeObject, rolls: boolean): { words: string; source?: string } {
  const [from, to] = [replicasOf(base), replicasOf(head)];
  const scale = from === to ? '' : `scales from ${from} to ${counted(to, 'machine')}: ${to > from ? `${counted(to - from, 'machine')} added` : `${counted(from - to, 'machine')} deleted`}`;
  if (!rolls) return { words: scale };
  if (head.doc.spec?.rollout?.strategy?.type === 'OnDelete') {
    return { words: `${scale ? `${scale}; ` : ''}replaces each of its ${counted(from, 'machine')} only when that machine is deleted (strategy OnDelete)`, source: `${V1_12} docs/book/src/tasks/upgrading-clusters.md:72-95` };
  }
  const { surge, unavailable } = fenceposts(head, to);
  return {
    words: `${scale ? `${scale}, and ` : ''}replaces ${from === to ? 'its' : 'the'} ${counted(from, 'machine')}${from === to ? '' : ' of the old template'} (maxSurge ${surge}, maxUnavailable ${unavailable}): at most ${to + surge} machines at once, at least ${Math.max(0, to - unavailable)} available`,
    source: `${V1_12} internal/controllers/machinedeployment/mdutil/util.go:729-748 (ResolveFenceposts), internal/webhooks/machinedeployment.go:115-123 (defaults)`,
  };
}
