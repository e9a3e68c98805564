import { helmReleaseTarget, releaseId } from '../tree/helm-release-target';
import type { Danger } from './dangers';
import { treeObjects } from './flux-diff';

type Trees = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** One HelmRelease of the fleet's trees: whose tree, its name, and what it reconciles. */
interface Owner {
  /** The environment whose tree holds the HelmRelease. */
  readonly env: string;
  readonly label: string;
  readonly key: string;
  readonly cluster: string;
  readonly release: string;
  readonly active: boolean;
}

/** Every HelmRelease of every environment's tree, with the release it reconciles (on its own cluster or, through a kubeconfig, another). */
function owners(trees: Trees): Owner[] {
  return [...trees].flatMap(([env, files]) =>
    [...treeObjects(files).values()].filter((o) => o.kind === 'HelmRelease').map((o) => {
      const target = helmReleaseTarget(o.doc, env);
      return { env, label: `${env}'s HelmRelease ${o.namespace}/${o.name}`, key: `${target.cluster}|${releaseId(target)}`, cluster: target.cluster, release: releaseId(target), active: target.active };
    }));
}

/** What a change does to who releases each Helm release, by the environment whose cluster holds the release. */
export interface ReleaseMoves {
  readonly notes: ReadonlyMap<string, readonly string[]>;
  readonly dangers: ReadonlyMap<string, readonly Danger[]>;
}

/**
 * Releases whose active HelmRelease changes between two trees of the fleet (a workload cluster's
 * handover: its management environment's remote HelmRelease suspended and its own resumed in the
 * same change), and releases two active HelmReleases reconcile at the head. helm-controller
 * v1.6.3 keys a release by name and storage namespace only (api/v2 `GetReleaseName`,
 * `GetStorageNamespace`): the resumed one finds it with no history of its own, `Unmanaged`
 * ("found existing release in storage", internal/reconcile/state.go), upgrades it once and owns it.
 */
export function releaseMoves(base: Trees, head: Trees): ReleaseMoves {
  const [before, after] = [owners(base), owners(head)];
  const notes = new Map<string, string[]>();
  const dangers = new Map<string, Danger[]>();
  const add = <T>(map: Map<string, T[]>, env: string, item: T) => map.set(env, [...(map.get(env) ?? []), item]);
  for (const key of [...new Set(after.map((o) => o.key))].sort()) {
    const [was, now] = [before.filter((o) => o.key === key && o.active), after.filter((o) => o.key === key && o.active)];
    const { cluster, release } = after.find((o) => o.key === key)!;
    // A workload cluster new in this change whose management side is already suspended: nothing delivers the release (nor the Flux its own HelmRelease needs).
    const remote = after.filter((o) => o.key === key && o.env !== cluster);
    const isNew = (base.get(cluster)?.size ?? 0) === 0;
    if (isNew && remote.length > 0 && remote.every((o) => !o.active) && now.every((o) => o.env === cluster)) {
      add(dangers, cluster, { code: 'handed-over-before-delivery', what: `${cluster} is new in this change and already handed over: ${remote.map((o) => o.label).join(', ')} ${remote.length === 1 ? 'is' : 'are'} suspended, so nothing installs release ${release} on it`, why: `its own HelmRelease needs Flux on ${cluster}, which its management environment delivers until the handover: set handedOver only once ${cluster}'s own Flux is Ready` });
    }
    if (now.length > 1) {
      add(dangers, cluster, { code: 'release-two-owners', what: `release ${release} on ${cluster} has two active HelmReleases (${now.map((o) => o.label).join(', ')})`, why: "each finds the other's revision not its own and upgrades the release again at its interval" });
    } else if (was.length === 1 && now.length === 1 && was[0]!.label !== now[0]!.label) {
      add(notes, cluster, `release ${release} on ${cluster} moves from ${was[0]!.label} (suspended) to ${now[0]!.label} (resumed) in this change: the latter finds it in Helm's storage with no history of its own, upgrades it once and owns it from then on`);
    }
  }
  return { notes, dangers };
}
