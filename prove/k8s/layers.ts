/**
 * The tree's promise about its layers against what kustomize-controller did: each Flux
 * Kustomization ends Ready, and none applies an object or turns Ready before every Kustomization
 * it depends on is Ready (kustomize-controller v1.9.4 checks `dependsOn` before it builds:
 * internal/controller/kustomization_controller.go, checkDependencies). Read from snapshots the
 * harness polls, so the order is what the API showed, not what a log line claims.
 */
import type { Row } from '../compare';

type Json = Record<string, any>;

/** A Flux Kustomization as the tree declares it. */
export interface Layer {
  readonly namespace: string;
  readonly name: string;
  readonly dependsOn: readonly string[];
  /** Built from the fleet's own repository (GitRepository flux-system), so it applies each commit published. */
  readonly fromFleet: boolean;
}

/** One poll of the Kustomizations: per `namespace/name`, Ready and how many objects it has applied. */
export interface Snapshot {
  readonly at: number;
  readonly layers: ReadonlyMap<string, { readonly ready: boolean; readonly applied: number; readonly message: string; readonly revision?: string }>;
}

/** The Kustomizations of a parsed tree, with their `dependsOn` resolved to `namespace/name`. */
export function layersOf(objects: readonly Json[]): Layer[] {
  return objects
    .filter((o) => o.kind === 'Kustomization' && o.apiVersion?.startsWith('kustomize.toolkit.fluxcd.io/'))
    .map((o) => {
      const namespace = o.metadata.namespace ?? 'flux-system';
      return {
        namespace,
        name: o.metadata.name as string,
        dependsOn: ((o.spec?.dependsOn ?? []) as Json[]).map((d) => `${d.namespace ?? namespace}/${d.name}`),
        fromFleet: o.spec?.sourceRef?.kind === 'GitRepository' && o.spec.sourceRef.name === 'flux-system' && (o.spec.sourceRef.namespace ?? namespace) === 'flux-system',
      };
    })
    .sort((a, b) => (`${a.namespace}/${a.name}` < `${b.namespace}/${b.name}` ? -1 : 1));
}

/** A snapshot from `kubectl get kustomizations -A -o json`. */
export function snapshotOf(list: Json, at: number): Snapshot {
  const layers = new Map<string, { ready: boolean; applied: number; message: string; revision?: string }>();
  for (const k of (list.items ?? []) as Json[]) {
    const ready = ((k.status?.conditions ?? []) as Json[]).find((c) => c.type === 'Ready');
    layers.set(`${k.metadata.namespace}/${k.metadata.name}`, {
      ready: ready?.status === 'True',
      applied: ((k.status?.inventory?.entries ?? []) as unknown[]).length,
      message: String(ready?.message ?? 'no Ready condition yet'),
      ...(k.status?.lastAppliedRevision && { revision: String(k.status.lastAppliedRevision) }),
    });
  }
  return { at, layers };
}

/** True once every layer is Ready, those built from the fleet's repository at `revision` when given. */
export const allReady = (layers: readonly Layer[], s: Snapshot, revision?: string) =>
  layers.every((l) => {
    const seen = s.layers.get(`${l.namespace}/${l.name}`);
    return seen?.ready === true && (revision === undefined || !l.fromFleet || (seen.revision ?? '').endsWith(revision));
  });

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/**
 * One row per layer: the tree's order against the one the snapshots show. With `revision` (a
 * commit published after day 0), a layer built from the fleet's repository starts when it applies
 * that commit, and a dependency is done once Ready at it: kustomize-controller waits for a
 * dependency on the same source to have applied the same revision (checkDependencies).
 */
export function layerRows(layers: readonly Layer[], timeline: readonly Snapshot[], revision?: string): Row[] {
  const start = timeline[0]?.at ?? 0;
  const byId = new Map(layers.map((l) => [`${l.namespace}/${l.name}`, l]));
  const atRevision = (l: Layer | undefined, seen: { revision?: string } | undefined) => revision === undefined || !l?.fromFleet || (seen?.revision ?? '').endsWith(revision);
  const done = (id: string, s: Snapshot) => { const seen = s.layers.get(id); return seen?.ready === true && atRevision(byId.get(id), seen); };
  const started = (l: Layer, s: Snapshot) => {
    const seen = s.layers.get(`${l.namespace}/${l.name}`);
    return revision !== undefined && l.fromFleet ? atRevision(l, seen) : seen?.ready === true || (seen?.applied ?? 0) > 0;
  };
  const firstDone = (id: string) => timeline.find((s) => done(id, s))?.at;
  return layers.map((l) => {
    const id = `${l.namespace}/${l.name}`;
    const predicted = l.dependsOn.length === 0 ? 'Ready' : `Ready after ${l.dependsOn.map((d) => d.split('/')[1]).join(', ')}`;
    // A poll where this layer had started while a dependency was not done.
    const early = timeline.find((s) => started(l, s) && l.dependsOn.some((d) => !done(d, s)));
    const ready = firstDone(id);
    const last = timeline.at(-1);
    const lastSeen = last?.layers.get(id);
    const real = ready === undefined
      ? `not Ready${revision && l.fromFleet ? ' at the commit' : ''} (${lastSeen?.message ?? 'never created'})`
      : `Ready at ${seconds(ready - start)}${l.dependsOn.length > 0 ? `, after ${l.dependsOn.map((d) => `${d.split('/')[1]} (${seconds((firstDone(d) ?? Number.NaN) - start)})`).join(', ')}` : ''}`;
    return {
      address: `Kustomization/${id}`,
      predicted,
      real,
      ...(early && { note: `${revision && l.fromFleet ? 'at the commit' : 'applied or Ready'} at ${seconds(early.at - start)} before ${l.dependsOn.filter((d) => !done(d, early)).join(', ')}` }),
      agrees: ready !== undefined && last !== undefined && done(id, last) && early === undefined,
    };
  });
}
