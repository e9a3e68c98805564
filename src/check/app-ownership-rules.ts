import { appObjects } from '../model/app-objects';
import type { AppObject } from '../model/app-objects';
import { componentNamespaces, enabledComponents } from '../components/table';
import type { Finding, Rule } from '../model/violation';
import { CLUSTER_NAMESPACES } from '../tree/kinds';
import { at, documents } from '../model/rendered-tree';
import type { RenderedTree } from '../model/rendered-tree';

// The user's apps against the platform, on the rendered tree: one object, two owners. Flux
// identifies an object by group, kind, namespace and name; the version does not count.

/** An object of the tree that is no app's, or an app's: who writes it and where. */
interface Owned {
  readonly id: string;
  /** The Flux Kustomization that applies it: `layer <name>`, or the root one (the layers' own objects, flux-system/). */
  readonly applier: string;
  readonly owner: string;
  readonly file: string;
  /** Made by a chart's release, in the cluster only (not a file of the tree). */
  readonly charted?: boolean;
  /** A namespace the cluster makes itself (k3s, or flux-operator for flux-system): nothing in the tree writes it. */
  readonly builtin?: boolean;
}

const ROOT = "Flux's root Kustomization flux-system";
/** `apps/v1` → `apps`, `v1` → '' (the core group). */
const groupOf = (apiVersion: string | undefined) => String(apiVersion).split('/').slice(0, -1).join('/');
// A cluster-scoped object has no namespace, in the tree and among the apps' objects alike.
const idOf = (apiVersion: string | undefined, kind: string, namespace: string | undefined, name: string) => `${groupOf(apiVersion)}/${kind}/${namespace}/${name}`;
const shownId = (kind: string, namespace: string | undefined, name: string) => `${kind} ${namespace === undefined ? name : `${namespace}/${name}`}`;
/** A file of a layer's folder (or flux-system's), and of a folder in it: `kubernetes/<layer>/[<folder>/]…`. */
const NESTED = /^kubernetes\/([^/]+)\/(?:([^/]+)\/)?/;

/**
 * Every object of the tree outside the apps' folders, with its owner: a component (its folder, or
 * a StorageClass its chart makes), synth's namespaces of a layer, or Flux's own objects. What the
 * tree writes comes first, so a StorageClass both written and named by a chart is the file's.
 */
function platformObjects(tree: RenderedTree): Owned[] {
  const enabled = enabledComponents(tree.env);
  const appFolders = tree.env.apps.map((a) => `kubernetes/${a.layer}/${a.name}/`);
  const ownerOf = (folder: string): string => {
    if (folder === 'namespaces') return 'synth (the namespaces its layer creates)';
    // A component writes its own folder and the ones it declares (notifications' flux-webhook).
    const component = enabled.find(({ entry }) => entry.name === folder || entry.folders?.includes(folder));
    return component ? `the ${component.entry.name} component` : 'synth';
  };
  const written = documents(tree.files, 'kubernetes/')
    .filter(({ path }) => !appFolders.some((f) => path.startsWith(f)))
    .map(({ path, doc }): Owned => {
      const [, layer, folder] = NESTED.exec(path) ?? [];
      return {
        id: idOf(doc.apiVersion, String(doc.kind), doc.metadata?.namespace, String(doc.metadata?.name)),
        applier: layer === undefined || layer === 'flux-system' ? ROOT : `layer ${layer}`,
        owner: layer === 'flux-system' ? 'Flux itself (flux-system)' : folder === undefined ? 'synth' : ownerOf(folder),
        file: at(tree, path),
      };
    });
  // A chart's StorageClass exists only in the cluster: the component names it.
  const charted = enabled
    .filter(({ entry }) => entry.storageClasses !== undefined)
    .flatMap(({ entry, config, placement }) =>
      entry.storageClasses!(config).map((name): Owned => ({ id: idOf('storage.k8s.io/v1', 'StorageClass', undefined, name), applier: `layer ${placement.layer}`, owner: `the ${entry.name} component`, file: 'the chart of its HelmRelease', charted: true })),
    );
  // The cluster's own namespaces: a layer that applies one labels it its own and prunes it with the app.
  const builtin = CLUSTER_NAMESPACES.map((ns): Owned => ({ id: idOf('v1', 'Namespace', undefined, ns), applier: 'the cluster', owner: ns === 'flux-system' ? 'flux-operator' : 'Kubernetes', file: 'no file of the tree', builtin: true }));
  return [...written, ...charted, ...builtin];
}

/** The first other owner of each app object (another folder of the tree, or an app listed before it). */
function clashes(tree: RenderedTree): { object: AppObject; other: Owned }[] {
  const platform = platformObjects(tree);
  const { objects } = appObjects(tree);
  const ids = objects.map((o) => idOf(o.doc.apiVersion as string | undefined, o.kind, o.namespace, o.name));
  return objects.flatMap((object, i) => {
    const earlier = objects.find((o, j) => j < i && o.app !== object.app && ids[j] === ids[i]);
    const other = platform.find((p) => p.id === ids[i]) ?? (earlier && { id: ids[i]!, applier: `layer ${earlier.app.layer}`, owner: `app ${earlier.app.name}`, file: earlier.file });
    return other ? [{ object, other }] : [];
  });
}

/** What Flux does with an object two folders of the tree write. */
function consequence(object: AppObject, other: Owned): string {
  const own = `layer ${object.app.layer}`;
  if (other.builtin) {
    // kustomize-controller v1.9.4 prunes what carries its labels (as below): the cluster recreates none of its namespaces' contents.
    return `${own} would label it as its own, and removing app ${object.app.name} (or the layer) makes Flux delete it, and everything in it`;
  }
  if (other.charted) {
    // Helm v4 pkg/action/validate.go existingResourceConflict (helm-controller v1.6.3's fork).
    return `${own} would apply it beside the release of ${other.applier}, whose install refuses an object it does not own (on a cluster where the app came first), and pruning the app deletes it from under the release`;
  }
  if (other.applier === own) {
    // kustomize api v0.21.1 (kustomize-controller v1.9.4's) resmap/reswrangler.go Append.
    return `both are in ${own}, whose kustomize build refuses a second object of one id ("may not add resource with an already registered id"), so Flux applies nothing of that layer`;
  }
  // kustomize-controller v1.9.4 internal/controller/kustomization_controller.go:1400-1416 and
  // fluxcd/pkg ssa/v0.76.1 manager_delete.go:64-88: a prune deletes what carries its owner labels.
  const contents = object.kind === 'Namespace' ? ', and everything in it' : '';
  return `${other.applier} and ${own} would both apply it, each relabelling it as its own, and whichever applied it last deletes it when it prunes (removing app ${object.app.name}, say)${contents}`;
}

/** An app object that only repeats the Namespace synth creates for the app. */
const ownNamespace = (object: AppObject) => object.kind === 'Namespace' && object.name === object.app.namespace;

/** The platform's namespaces: the cluster's own and the enabled components', each with its owner. */
function platformNamespaces(tree: RenderedTree): Map<string, string> {
  const owners = new Map([...componentNamespaces(enabledComponents(tree.env))].map(([ns, c]) => [ns, `the ${c} component`]));
  for (const ns of CLUSTER_NAMESPACES) if (!owners.has(ns)) owners.set(ns, 'the cluster');
  return owners;
}

export const appOwnershipRules: readonly Rule<RenderedTree>[] = [
  {
    code: 'app.object-owned',
    severity: 'error',
    summary: "no object of an app's construct or manifests folder is one the platform, synth or another app also writes (same group, kind, namespace and name): Flux would fail the layer, or prune it from under its other owner",
    check: (tree) =>
      clashes(tree).map(({ object, other }): Finding => ({
        path: object.file,
        value: shownId(object.kind, object.namespace, object.name),
        message: `app ${object.app.name} declares ${shownId(object.kind, object.namespace, object.name)}, which ${other.builtin ? `${other.owner} makes (no file of the tree writes it)` : `${other.owner} also writes (${other.file})`}: ${consequence(object, other)}`,
        fix: ownNamespace(object)
          ? `remove the Namespace ${object.name} from the app's objects: synth creates the app's namespace (${other.file})`
          : other.builtin
            ? `remove Namespace ${object.name} from the app's objects: ${other.owner} makes it, and nothing should apply it`
            : `remove ${shownId(object.kind, object.namespace, object.name)} from the app's objects${other.owner.startsWith('app ') ? `, or from ${other.owner}'s` : `; decide whether to change it through ${other.owner}'s own settings instead`}`,
      })),
  },
  {
    code: 'app.object-platform-namespace',
    severity: 'warning',
    summary: "an app's objects stay out of the namespaces of the cluster and of the platform's components (doubtful, not refused: a component may read some objects only there)",
    check: (tree) => {
      const owners = platformNamespaces(tree);
      // An object the platform also writes is app.object-owned's error, whose fix removes it: moving it is no second fix.
      const key = (o: AppObject) => `${o.file} ${shownId(o.kind, o.namespace, o.name)}`;
      const owned = new Set(clashes(tree).map(({ object }) => key(object)));
      // An app whose own namespace is the platform's is app.platform-namespace's error: nothing renders then.
      return appObjects(tree)
        .objects.filter((o) => owners.has(o.namespace!) && !owned.has(key(o)))
        .map((o): Finding => ({
          path: o.file,
          value: shownId(o.kind, o.namespace, o.name),
          message: `app ${o.app.name} puts ${o.kind} ${o.name} into ${o.namespace}, which belongs to ${owners.get(o.namespace!)}, not into its own namespace ${o.app.namespace}: layer ${o.app.layer} would write into the platform's namespace`,
          fix: `move it into the app's namespace ${o.app.namespace}; keep it in ${o.namespace} only where ${owners.get(o.namespace!)} reads it there alone (decide which)`,
        }));
    },
  },
];
