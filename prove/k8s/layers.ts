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

/** True once every layer is Ready (at `revision` when given). */
export const allReady = (layers: readonly Layer[], s: Snapshot, revision?: string) =>
  layers.every((l) => {
    const seen = s.layers.get(`${l.namespace}/${l.name}`);
    return seen?.ready === true && (revision === undefined || (seen.revision ?? '').endsWith(revision));
  });

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** One row per layer: the tree's order against the one the snapshots show. */
export function layerRows(layers: readonly Layer[], timeline: readonly Snapshot[]): Row[] {
  const start = timeline[0]?.at ?? 0;
  const firstReady = (id: string) => timeline.find((s) => s.layers.get(id)?.ready)?.at;
  return layers.map((l) => {
    const id = `${l.namespace}/${l.name}`;
    const predicted = l.dependsOn.length === 0 ? 'Ready' : `Ready after ${l.dependsOn.map((d) => d.split('/')[1]).join(', ')}`;
    // A poll where this layer had applied something or was Ready while a dependency was not Ready.
    const early = timeline.find((s) => {
      const me = s.layers.get(id);
      return (me?.ready || (me?.applied ?? 0) > 0) && l.dependsOn.some((d) => !s.layers.get(d)?.ready);
    });
    const ready = firstReady(id);
    const last = timeline.at(-1)?.layers.get(id);
    const real = ready === undefined
      ? `not Ready (${last?.message ?? 'never created'})`
      : `Ready at ${seconds(ready - start)}${l.dependsOn.length > 0 ? `, after ${l.dependsOn.map((d) => `${d.split('/')[1]} (${seconds((firstReady(d) ?? Number.NaN) - start)})`).join(', ')}` : ''}`;
    return {
      address: `Kustomization/${id}`,
      predicted,
      real,
      ...(early && { note: `applied or Ready at ${seconds(early.at - start)} before ${l.dependsOn.filter((d) => !early.layers.get(d)?.ready).join(', ')}` }),
      agrees: ready !== undefined && last?.ready === true && early === undefined,
    };
  });
}
