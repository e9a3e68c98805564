import { App, Chart } from 'cdk8s';
import YAML from 'yaml';
import { KustomizationFolder } from '../../src/k8s/kustomization-folder';
import { layOutFolders } from '../../src/k8s/render';
import type { MachineSet, WorkloadCluster } from '../../src/model/workload';
import { canonical, stringifyCanonical } from '../../src/tree/yaml';
import { WorkloadClusterObjects } from '../../src/workload/cluster-objects';
import { retainedTemplates } from '../../src/workload/retained-templates';
import { lab1 as fixtureCluster } from '../fixtures/workload-cluster';
import { modify } from '../fixtures/environments';
import { mgmt } from '../fixtures/fleet/mgmt';
import { KUBE_VIP } from '../workload/render';
import { tree } from './scenario';

// Management trees holding workload clusters' Cluster API objects, laid out where synth puts them
// (`kubernetes/<clusterApi.layers.clusters>/<cluster>/`, one object per file), beside the fixture
// mgmt's own tree with that layer's Flux Kustomization. Built from the construct with hand-made
// WorkloadCluster inputs: the review reads only the files.

export const LAYER = 'capi-clusters';

/** The fixture fleet's mgmt with the layer of its workload clusters. */
export const managementSpec = (layer: { prune?: boolean; force?: boolean } = {}) => modify(mgmt, (e) => {
  e.flux.layers.push({ name: LAYER, dependsOn: ['capi-providers'], ...(layer.prune === false && { prune: false }) } as any);
});

const serialized = (docs: readonly unknown[]) => docs.map((d) => stringifyCanonical(canonical(d))).join('---\n');

/** The files of clusters' objects (relative to `clusters/mgmt/`), with the committed tree's retained templates copied as synth does. */
export function clusterFiles(clusters: readonly WorkloadCluster[], committed: ReadonlyMap<string, string> = new Map()): Map<string, string> {
  const chart = new Chart(new App(), 'mgmt', { disableResourceNameHashes: true });
  const layer = new KustomizationFolder(chart, LAYER);
  for (const cluster of clusters) {
    const folder = new KustomizationFolder(layer, cluster.name);
    new WorkloadClusterObjects(folder, 'objects', { cluster, kubeVipImage: KUBE_VIP, retained: retainedTemplates(cluster, committed).files });
  }
  return new Map(layOutFolders(chart).map((a) => [a.path, 'yaml' in a ? serialized(a.yaml) : (a as { text: string }).text]));
}

/** mgmt's tree with the clusters' objects; `layer` edits the clusters layer's Flux Kustomization (prune, force). */
export function managementTree(clusters: readonly WorkloadCluster[], options: { committed?: ReadonlyMap<string, string>; prune?: boolean; force?: boolean } = {}): Map<string, string> {
  const files = new Map(tree(managementSpec({ prune: options.prune })));
  const layerFile = `kubernetes/${LAYER}.yaml`;
  if (options.force) files.set(layerFile, files.get(layerFile)!.replace(/^spec:\n/m, 'spec:\n  force: true\n'));
  for (const [path, text] of clusterFiles(clusters, options.committed)) files.set(path, text);
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
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
