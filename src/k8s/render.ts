import { ApiObject, App, Chart } from 'cdk8s';
import type { Artifact } from '../tree/artifact';
import { CLUSTER_SCOPED } from '../tree/kinds';
import { KustomizationFolder } from './kustomization-folder';
import { Cluster } from './cluster';
import type { ClusterProps } from './cluster';
import { VerbatimFile } from './verbatim-file';
import { AppChart } from './app-chart';
import type { AppFailure } from './app-chart';
import { describeUserError } from '../fleet/user-error';

interface KubeObject {
  readonly kind: string;
  readonly metadata: { readonly name: string; readonly namespace?: string };
}

function fileName(folder: KustomizationFolder, obj: KubeObject): string {
  const { name, namespace } = obj.metadata;
  if (folder.fileNaming === 'name') return `${name}.yaml`;
  // Kinds and namespaces never contain dots, so kind.namespace.name cannot collide.
  return [obj.kind.toLowerCase(), namespace, name].filter(Boolean).join('.') + '.yaml';
}

/** cdk8s gives every object of a namespaced Chart its namespace; a cluster-scoped one has none. */
function withoutClusterNamespace(obj: KubeObject): KubeObject {
  if (!CLUSTER_SCOPED.has(obj.kind) || obj.metadata.namespace === undefined) return obj;
  const { namespace: _dropped, ...metadata } = obj.metadata;
  return { ...obj, metadata };
}

/** An object's JSON; an app's object that cannot render is the app's failure (undefined), not the tool's. */
function toJson(construct: ApiObject, failures: AppFailure[]): KubeObject | undefined {
  try {
    return construct.toJson() as KubeObject;
  } catch (error) {
    const app = construct.node.scopes.find((s): s is AppChart => s instanceof AppChart);
    if (!app) throw error;
    failures.push({ app: app.app, message: `${construct.kind} at ${construct.node.path} does not render: ${describeUserError(error)}`, fix: "build it from the fleet's own cdk8s and cdk8s-plus-31 (one copy of each, the tool's peers) with plain values" });
    return undefined;
  }
}

function join(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`;
}

/**
 * Builds the environment's construct tree and lays it out as files under `kubernetes/`: one
 * object per file, and a kustomization.yaml per folder listing exactly that folder's files and
 * its non-detached subfolders.
 */
export function renderKubernetes(props: ClusterProps): Artifact[] {
  const chart = new Chart(new App(), props.env.name, { disableResourceNameHashes: true });
  new Cluster(chart, 'cluster', props);
  return layOutFolders(chart, props.appFailures ?? []);
}

/** The files of a chart's KustomizationFolders (renderKubernetes's layout, for any tree of them). */
export function layOutFolders(chart: Chart, appFailures: AppFailure[] = []): Artifact[] {
  const artifacts: Artifact[] = [];
  const listed = new Map<KustomizationFolder, string[]>();
  const folders = chart.node.findAll().filter((c): c is KustomizationFolder => c instanceof KustomizationFolder);
  for (const folder of folders) listed.set(folder, [...folder.extraResources]);

  for (const construct of chart.node.findAll()) {
    if (construct instanceof VerbatimFile) {
      const folder = KustomizationFolder.of(construct)!;
      if (construct.listed) listed.get(folder)!.push(construct.fileName);
      artifacts.push({ path: join(`kubernetes/${folder.folder}`.replace(/\/$/, ''), construct.fileName), text: construct.content, verbatim: true });
      continue;
    }
    if (!(construct instanceof ApiObject)) continue;
    const folder = KustomizationFolder.of(construct);
    if (!folder) throw new Error(`${construct.node.path} is outside any KustomizationFolder`);
    const json = toJson(construct, appFailures);
    if (json === undefined) continue;
    const obj = withoutClusterNamespace(json);
    const name = fileName(folder, obj);
    listed.get(folder)!.push(name);
    artifacts.push({ path: join(`kubernetes/${folder.folder}`.replace(/\/$/, ''), name), yaml: [obj] });
  }
  for (const folder of folders) {
    const parent = folder.node.scope && KustomizationFolder.of(folder.node.scope);
    if (parent && !folder.detached) listed.get(parent)!.push(folder.folder.split('/').pop()!);
  }
  for (const [folder, resources] of listed) {
    if (folder.ownKustomization) continue;
    artifacts.push({
      path: join(`kubernetes/${folder.folder}`.replace(/\/$/, ''), 'kustomization.yaml'),
      yaml: [{ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources: [...resources].sort() }],
    });
  }
  return artifacts;
}
