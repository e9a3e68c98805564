import YAML from 'yaml';
import type { MachineSet, WorkloadCluster } from '../../src/model/workload';
import { canonical, stringifyCanonical } from '../../src/tree/yaml';
import { CLUSTERS_LAYER, managementSpec, withClusterFiles } from '../fixtures/management-tree';
import { lab1 as fixtureCluster } from '../fixtures/workload-cluster';
import { tree } from './scenario';

// Review scenarios of a management tree holding workload clusters' Cluster API objects: the
// fixture's lab1 (hand-built) in the clusters layer, trees as synth writes them, and edits of one
// object where the construct offers no input for the change.

export const LAYER = CLUSTERS_LAYER;

/** mgmt's tree with the clusters' objects; `prune` and `force` set on the clusters layer's Flux Kustomization. */
export function managementTree(clusters: readonly WorkloadCluster[], options: { committed?: ReadonlyMap<string, string>; prune?: boolean; force?: boolean } = {}): Map<string, string> {
  const files = new Map(tree(managementSpec({ prune: options.prune })));
  const layerFile = `kubernetes/${LAYER}.yaml`;
  if (options.force) files.set(layerFile, files.get(layerFile)!.replace(/^spec:\n/m, 'spec:\n  force: true\n'));
  return withClusterFiles(files, clusters, options.committed);
}

/** A workload cluster as resolve() hands it over, in the clusters layer: the fixture's lab1 with `change` applied. */
export function workload(change: (c: Mutable<WorkloadCluster>) => void = () => {}): WorkloadCluster {
  const draft = structuredClone({ ...fixtureCluster, layer: LAYER }) as Mutable<WorkloadCluster>;
  change(draft);
  return draft;
}

/** One machine set of a draft, by name. */
export const set = (c: Mutable<WorkloadCluster>, name: string): Mutable<MachineSet> => (name === 'control-plane' ? c.controlPlane : c.workers.find((w) => w.name === name)!) as Mutable<MachineSet>;

export type Mutable<T> = { -readonly [K in keyof T]: T[K] extends readonly (infer U)[] ? Mutable<U>[] : T[K] extends object ? Mutable<T[K]> : T[K] };

/** The tree with one object (by kind and name) changed as `change` says, written back canonically. */
export function editObject(files: ReadonlyMap<string, string>, kind: string, name: string, change: (doc: Record<string, any>) => void): Map<string, string> {
  const out = new Map(files);
  const file = [...files.keys()].find((p) => p.endsWith(`/${kind.toLowerCase()}.lab1.${name}.yaml`) || p.endsWith(`/${kind.toLowerCase()}.${name}.yaml`));
  if (!file) throw new Error(`no ${kind} ${name} in the tree`);
  const doc = YAML.parse(files.get(file)!) as Record<string, any>;
  change(doc);
  out.set(file, stringifyCanonical(canonical(doc)));
  return out;
}

/** The tree without one object's file. */
export function withoutObject(files: ReadonlyMap<string, string>, kind: string, name: string): Map<string, string> {
  return new Map([...files].filter(([p]) => !p.endsWith(`/${kind.toLowerCase()}.lab1.${name}.yaml`)));
}
