import { fluxDir } from '../../tree/paths';
import type { EnvironmentTree, TreeObject } from '../../validate/tree-objects';
import { apiGroup, objectKey, treeObjectsOf } from './live-objects';

// What the committed tree says Flux should hold: its Kustomizations (the layers, and the one the
// FluxInstance's sync creates), its HelmReleases, and which of them a suspended layer keeps from
// being applied at all.

export const KUSTOMIZE_GROUP = 'kustomize.toolkit.fluxcd.io';
export const HELM_GROUP = 'helm.toolkit.fluxcd.io';
export const FLUX_OPERATOR_GROUP = 'fluxcd.controlplane.io';

/** One object the tree has Flux apply, and the Kustomization that applies it. */
export interface ExpectedObject {
  readonly doc: Record<string, any>;
  /** The tree file it comes from (the FluxInstance's for the sync Kustomization). */
  readonly file: string;
  /** The Kustomization whose path holds its file (`namespace/name`), undefined for the sync itself. */
  readonly owner: string | undefined;
}

/**
 * The environment's own FluxInstance: the one in `kubernetes/flux-system/`. bootstrap/ holds its
 * copy for the runbook, and a management tree holds each workload cluster's FluxInstance too (the
 * handover folder, applied on the workload cluster through its kubeconfig), named alike.
 */
export const treeFluxInstance = (tree: EnvironmentTree): TreeObject | undefined =>
  treeObjectsOf(tree.objects, FLUX_OPERATOR_GROUP, 'FluxInstance').find(({ file }) => file.startsWith(`${fluxDir(tree.env)}/flux-system/`));

const kubernetesObjects = (tree: EnvironmentTree) => tree.objects.filter(({ file }) => file.includes('/kubernetes/'));

/**
 * The Kustomization the FluxInstance's sync makes (flux-operator v0.58.1 internal/builder/templates.go:
 * named `sync.name`, which defaults to the instance's namespace (api/v1/fluxinstance_types.go),
 * in that namespace, at `sync.path`).
 */
function syncKustomization(instance: TreeObject): ExpectedObject | undefined {
  const sync = instance.doc.spec?.sync;
  if (sync === undefined) return undefined;
  const namespace = instance.doc.metadata?.namespace ?? 'flux-system';
  return {
    // Its sourceRef is the source of the same name and kind the sync makes (templates.go), so its revision is checked like the layers'.
    doc: { apiVersion: `${KUSTOMIZE_GROUP}/v1`, kind: 'Kustomization', metadata: { name: sync.name ?? namespace, namespace }, spec: { path: sync.path, suspend: false, sourceRef: { kind: sync.kind, name: sync.name ?? namespace } } },
    file: instance.file,
    owner: undefined,
  };
}

const folderOf = (path: unknown) => String(path ?? '').replace(/^\.\//, '').replace(/\/+$/, '');
const defaultNamespace = (doc: Record<string, any>): Record<string, any> => ({ ...doc, metadata: { ...doc.metadata, namespace: doc.metadata?.namespace ?? 'default' } });

/** The layer applying a file: the Kustomization with the longest path holding the file's folder. */
function ownerOf(layers: readonly ExpectedObject[], file: string): string | undefined {
  return layers
    .filter((l) => folderOf(l.doc.spec?.path) !== '' && `${file.slice(0, file.lastIndexOf('/'))}/`.startsWith(`${folderOf(l.doc.spec?.path)}/`))
    .sort((a, b) => folderOf(b.doc.spec?.path).length - folderOf(a.doc.spec?.path).length)
    .map((l) => `${l.doc.metadata.namespace}/${l.doc.metadata.name}`)[0];
}

/** Every Kustomization and HelmRelease the tree has Flux apply, each with the layer that applies it. */
export function expectedFluxObjects(tree: EnvironmentTree): { readonly kustomizations: ExpectedObject[]; readonly helmReleases: ExpectedObject[] } {
  const instance = treeFluxInstance(tree);
  const sync = instance && syncKustomization(instance);
  const layers: ExpectedObject[] = [...(sync ? [sync] : []), ...treeObjectsOf(kubernetesObjects(tree), KUSTOMIZE_GROUP, 'Kustomization').map(({ doc, file }) => ({ doc: defaultNamespace(doc), file, owner: '' }))];
  return {
    kustomizations: layers.map((l) => (l === sync ? l : { ...l, owner: ownerOf(layers, l.file) })),
    helmReleases: treeObjectsOf(kubernetesObjects(tree), HELM_GROUP, 'HelmRelease').map(({ doc, file }) => ({ doc: defaultNamespace(doc), file, owner: ownerOf(layers, file) })),
  };
}

/**
 * The tree's layer that keeps an object from being applied: its owner, or an owner's owner, that the
 * tree suspends (Flux applies nothing of a suspended Kustomization). Undefined when none does.
 */
export function suspendedBy(object: ExpectedObject, kustomizations: readonly ExpectedObject[]): string | undefined {
  const byName = new Map(kustomizations.map((k) => [`${k.doc.metadata.namespace}/${k.doc.metadata.name}`, k]));
  const seen = new Set<string>();
  for (let owner = object.owner; owner !== undefined && !seen.has(owner); owner = byName.get(owner)?.owner) {
    seen.add(owner);
    if (byName.get(owner)?.doc.spec?.suspend === true) return owner;
  }
  return undefined;
}

/** The chart version the tree pins for a HelmRelease: `chart.spec.version`, or its chartRef's OCIRepository tag. */
export function pinnedChartVersion(release: Record<string, any>, tree: EnvironmentTree): string | undefined {
  const version = release.spec?.chart?.spec?.version;
  if (typeof version === 'string') return version;
  const ref = release.spec?.chartRef;
  if (ref?.kind !== 'OCIRepository') return undefined;
  const key = objectKey({ kind: 'OCIRepository', metadata: { name: ref.name, namespace: ref.namespace ?? release.metadata?.namespace } });
  const source = treeObjectsOf(kubernetesObjects(tree), 'source.toolkit.fluxcd.io', 'OCIRepository').find(({ doc }) => objectKey(doc) === key);
  const tag = source?.doc.spec?.ref?.tag;
  return typeof tag === 'string' ? tag : undefined;
}

/** `<Kind> <namespace>/<name>` of a Kustomization's sourceRef (its namespace by default). */
export const sourceKey = (kustomization: Record<string, any>): string => {
  const ref = kustomization.spec?.sourceRef ?? {};
  return `${ref.kind} ${ref.namespace ?? kustomization.metadata?.namespace}/${ref.name}`;
};

/** The source the FluxInstance's sync makes: the repository whose history `verify` reads. */
export function syncSource(tree: EnvironmentTree): string | undefined {
  const instance = treeFluxInstance(tree);
  const sync = instance?.doc.spec?.sync;
  if (sync === undefined) return undefined;
  const namespace = instance!.doc.metadata?.namespace ?? 'flux-system';
  return `${sync.kind} ${namespace}/${sync.name ?? namespace}`;
}

/** The tag or branch the tree pins for a Kustomization's own source (a GitRepository or OCIRepository of the tree). */
export function pinnedSourceRef(kustomization: Record<string, any>, tree: EnvironmentTree): string | undefined {
  const key = sourceKey(kustomization);
  const source = kubernetesObjects(tree).find(({ doc }) => apiGroup(String(doc.apiVersion)) === 'source.toolkit.fluxcd.io' && `${doc.kind} ${doc.metadata?.namespace}/${doc.metadata?.name}` === key);
  const ref = source?.doc.spec?.ref;
  return typeof ref?.tag === 'string' ? ref.tag : typeof ref?.branch === 'string' ? ref.branch : undefined;
}

/** The tree's suspended layer that keeps the object of `file` from being applied, if any. */
export function heldBy(tree: EnvironmentTree, file: string): string | undefined {
  const { kustomizations } = expectedFluxObjects(tree);
  return suspendedBy({ doc: {}, file, owner: ownerOf(kustomizations, file) }, kustomizations);
}

/** The layer (`namespace/name`) whose path holds a tree file; the sync's for the tree's top files. */
export const layerOf = (tree: EnvironmentTree, file: string): string | undefined => ownerOf(expectedFluxObjects(tree).kustomizations, file);
