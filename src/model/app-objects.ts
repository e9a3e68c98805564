import type { App } from './resolve';
import { treeDocuments } from '../tree/documents';
import { CLUSTER_SCOPED } from '../tree/kinds';
import { secretFileName } from '../tree/paths';
import { at } from './rendered-tree';
import type { RenderedTree } from './rendered-tree';

/** One object of a user's app, as its folder of the tree hands it to Flux. */
export interface AppObject {
  readonly app: App;
  /** Where the user reads it: the manifests folder's file, or the tree's file the construct rendered. */
  readonly file: string;
  readonly doc: Readonly<Record<string, unknown>>;
  readonly kind: string;
  readonly name: string;
  /** Its namespace as applied; undefined for a cluster-scoped object or one that names none. */
  readonly namespace?: string;
}

/** An app synth cannot see as the cluster gets it, and why. */
export interface UnseenApp {
  readonly app: App;
  readonly reason: string;
}

/**
 * Fields of a folder's own kustomization.yaml that rewrite its objects' specs or add objects its
 * files do not hold (kustomize's `Kustomization` type, kustomize api/types/kustomization.go):
 * with one of them the files alone no longer say what is applied. Names, labels and the namespace
 * leave the pod specs as written.
 */
const REWRITING = ['images', 'imageTags', 'patches', 'patchesStrategicMerge', 'patchesJson6902', 'replacements', 'vars', 'components', 'transformers', 'generators', 'helmCharts', 'helmChartInflationGenerator'];

const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml'];

/** An app's folder of the tree: `kubernetes/<layer>/<app>/`, where the units put it. */
const folderOf = (app: App) => `kubernetes/${app.layer}/${app.name}`;

/**
 * The file a person edits for a file of the tree: a declared secret's encrypted source, a
 * manifests folder's file, or else the tree's own file (what a construct or the tool wrote).
 */
export function userFile(tree: RenderedTree, path: string): string {
  // A declared secret is copied into the folder of what uses it.
  const secret = tree.env.secrets.find((ref) => path === `kubernetes/${ref.layer}/${ref.folder}/${secretFileName(ref.namespace, ref.name)}`);
  if (secret) return secret.source;
  const app = tree.env.apps.find((a) => a.manifests !== undefined && path.startsWith(`${folderOf(a)}/`));
  return app ? `${app.manifests}/${path.slice(folderOf(app).length + 1)}` : at(tree, path);
}

/**
 * The objects of the user's apps that synth knows: what the constructs rendered and the files of
 * the manifests folders, each as its folder's kustomization.yaml lists it (its `namespace`
 * overrides the objects', as kustomize's transformer does). A Helm app's objects exist only in the
 * cluster; a folder whose own kustomization.yaml rewrites or adds objects is unseen too.
 */
export function appObjects(tree: RenderedTree): { objects: AppObject[]; unseen: UnseenApp[] } {
  const objects: AppObject[] = [];
  const unseen: UnseenApp[] = [];
  for (const app of tree.env.apps) {
    if (app.helm) {
      unseen.push({ app, reason: "a Helm app's objects are rendered only in the cluster" });
      continue;
    }
    const folder = folderOf(app);
    const kfile = KUSTOMIZATION_FILES.map((f) => `${folder}/${f}`).find((f) => tree.files.has(f));
    const kustomization = ((kfile && treeDocuments(tree.files, kfile)[0]) ?? {}) as Record<string, unknown>;
    const rewriting = REWRITING.filter((key) => kustomization[key] !== undefined);
    // kustomize appends the deprecated `bases` to `resources`.
    const resources = [kustomization.resources, kustomization.bases].flatMap((list) => (Array.isArray(list) ? list.map(String) : []));
    const outside = resources.filter((r) => !tree.files.has(`${folder}/${r}`));
    if (rewriting.length > 0 || outside.length > 0) {
      unseen.push({
        app,
        reason: rewriting.length > 0
          ? `its kustomization.yaml rewrites its objects (${rewriting.join(', ')})`
          : `its kustomization.yaml lists resources that are not files of its folder (${outside.join(', ')})`,
      });
      continue;
    }
    const namespace = typeof kustomization.namespace === 'string' ? kustomization.namespace : undefined;
    for (const resource of resources) {
      const path = `${folder}/${resource}`;
      const file = userFile(tree, path);
      for (const doc of treeDocuments(tree.files, path)) {
        if (doc === null || typeof doc !== 'object') continue;
        const object = doc as { kind?: unknown; metadata?: { name?: unknown; namespace?: unknown } };
        const kind = String(object.kind);
        const own = typeof object.metadata?.namespace === 'string' ? object.metadata.namespace : undefined;
        objects.push({
          app,
          file,
          doc: doc as Record<string, unknown>,
          kind,
          name: String(object.metadata?.name),
          namespace: CLUSTER_SCOPED.has(kind) ? undefined : (namespace ?? own),
        });
      }
    }
  }
  return { objects, unseen };
}
