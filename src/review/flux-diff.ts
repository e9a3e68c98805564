import { textDocuments } from '../tree/documents';
import { leaves } from './leaves';

/** One object of a Kubernetes tree, where it lives and what it is. */
export interface TreeObject {
  readonly id: string;
  readonly kind: string;
  readonly namespace?: string;
  readonly name: string;
  /** Its Flux layer (`flux-system`, a layer's name, or `(root)` for the layer Kustomizations). */
  readonly layer: string;
  readonly file: string;
  readonly doc: Record<string, any>;
}

export interface FieldChange {
  readonly path: string;
  readonly before?: string;
  readonly after?: string;
}

export interface ObjectChange {
  readonly id: string;
  readonly kind: string;
  readonly layer: string;
  readonly change: 'added' | 'removed' | 'changed';
  /** Was in another layer (a move between layers: Flux prunes it from one and applies it in the other). */
  readonly fromLayer?: string;
  readonly fields: readonly FieldChange[];
}

export interface VersionBump {
  readonly id: string;
  readonly what: 'chart' | 'image' | 'provider';
  readonly before: string;
  readonly after: string;
}

const layerOf = (file: string) => {
  const rest = file.replace(/^kubernetes\//, '');
  return rest.includes('/') ? rest.split('/')[0]! : '(root)';
};

/** The tree's documents, file by file (kustomize's own files aside). */
function documentsOf(files: ReadonlyMap<string, string>): [string, Record<string, any>][] {
  return [...files]
    .filter(([file]) => file.startsWith('kubernetes/') && /\.ya?ml$/.test(file) && !/(^|\/)kustomization\.ya?ml$/.test(file))
    .flatMap(([file, text]) => textDocuments(text).filter((d) => d && typeof d === 'object').map((d) => [file, d as Record<string, any>] as [string, Record<string, any>]));
}

/**
 * Folders of this tree a Flux Kustomization applies to another cluster (`spec.kubeConfig`: a
 * management environment's handover to a workload cluster), by the cluster's name. Cluster API
 * names the kubeconfig Secret `<cluster>-kubeconfig` (Cluster API v1.12 util/secret/secret.go
 * `Name()`: `fmt.Sprintf("%s-%s", cluster, suffix)`, suffix `kubeconfig`).
 */
function remoteFolders(docs: readonly [string, Record<string, any>][]): Map<string, string> {
  const folders = new Map<string, string>();
  for (const [, d] of docs) {
    const secret = d.kind === 'Kustomization' ? (d.spec?.kubeConfig?.secretRef?.name as string | undefined) : undefined;
    const folder = /(?:^|\/)(kubernetes\/.+?)\/?$/.exec(String(d.spec?.path ?? ''))?.[1];
    if (secret && folder) folders.set(`${folder}/`, secret.replace(/-kubeconfig$/, ''));
  }
  return folders;
}

/**
 * Every object under `kubernetes/` (kustomize's own files aside), by `Kind/namespace/name`; one
 * another cluster receives is `<cluster>:Kind/namespace/name`, so a workload cluster's
 * FluxInstance never stands for (or hides behind) the management cluster's own.
 */
export function treeObjects(files: ReadonlyMap<string, string>): Map<string, TreeObject> {
  const objects = new Map<string, TreeObject>();
  const docs = documentsOf(files);
  const remote = [...remoteFolders(docs)];
  for (const [file, d] of docs) {
    const namespace = d.metadata?.namespace as string | undefined;
    const cluster = remote.find(([folder]) => file.startsWith(folder))?.[1];
    const id = `${cluster ? `${cluster}:` : ''}${d.kind}/${namespace ? `${namespace}/` : ''}${d.metadata?.name}`;
    objects.set(id, { id, kind: String(d.kind), namespace, name: String(d.metadata?.name), layer: layerOf(file), file, doc: d });
  }
  return objects;
}

/** A value as one short line: long or multi-line strings say how long they are. */
export function shown(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (typeof value === 'string' && value.startsWith('ENC[')) return '(encrypted)';
  if (text.includes('\n')) return `(${text.split('\n').length} lines)`;
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Field by field, every leaf that differs (a SOPS file's metadata block is left out: it changes with any edit). */
export function fieldChanges(before: Record<string, any>, after: Record<string, any>): FieldChange[] {
  const strip = (doc: Record<string, any>) => Object.fromEntries(Object.entries(doc).filter(([k]) => k !== 'sops'));
  const a = leaves(strip(before), { scalarLists: true });
  const b = leaves(strip(after), { scalarLists: true });
  return [...new Set([...a.keys(), ...b.keys()])]
    .sort()
    .filter((p) => JSON.stringify(a.get(p)) !== JSON.stringify(b.get(p)))
    .map((p) => ({ path: p, before: shown(a.get(p)), after: shown(b.get(p)) }));
}

/** Objects added, removed and changed between two trees, by their identity. */
export function diffObjects(base: ReadonlyMap<string, TreeObject>, head: ReadonlyMap<string, TreeObject>): ObjectChange[] {
  const changes: ObjectChange[] = [];
  for (const [id, now] of head) {
    const was = base.get(id);
    if (!was) changes.push({ id, kind: now.kind, layer: now.layer, change: 'added', fields: [] });
    else {
      const fields = fieldChanges(was.doc, now.doc);
      if (fields.length > 0 || was.layer !== now.layer) changes.push({ id, kind: now.kind, layer: now.layer, change: 'changed', fields, ...(was.layer !== now.layer && { fromLayer: was.layer }) });
    }
  }
  for (const [id, was] of base) if (!head.has(id)) changes.push({ id, kind: was.kind, layer: was.layer, change: 'removed', fields: [] });
  return changes.sort((x, y) => (x.layer === y.layer ? (x.id < y.id ? -1 : 1) : x.layer < y.layer ? -1 : 1));
}

/** Chart, image and Cluster API provider version changes, listed on their own. */
export function versionBumps(base: ReadonlyMap<string, TreeObject>, head: ReadonlyMap<string, TreeObject>): VersionBump[] {
  const bumps: VersionBump[] = [];
  for (const [id, now] of head) {
    const was = base.get(id);
    if (!was) continue;
    const pick = (doc: Record<string, any>): [VersionBump['what'], unknown][] => [
      ['chart', doc.spec?.chart?.spec?.version],
      ['chart', doc.kind === 'OCIRepository' ? doc.spec?.ref?.tag : undefined],
      ['chart', doc.kind === 'HelmChart' ? doc.spec?.version : undefined],
      ['provider', /Provider$/.test(String(doc.kind)) ? doc.spec?.version : undefined],
    ];
    const [a, b] = [pick(was.doc), pick(now.doc)];
    a.forEach(([what, v], i) => {
      if (v !== undefined && b[i]![1] !== undefined && v !== b[i]![1]) bumps.push({ id, what, before: String(v), after: String(b[i]![1]) });
    });
    // Images anywhere in the object: a leaf named `image`, or a `tag` beside a `repository`.
    const images = (doc: Record<string, any>) => [...leaves(doc, { scalarLists: true })].filter(([p]) => /(^|\.)image$|(^|\.)image\.tag$/.test(p));
    const before = new Map(images(was.doc));
    for (const [p, v] of images(now.doc)) {
      if (before.has(p) && before.get(p) !== v) bumps.push({ id: `${id} ${p}`, what: 'image', before: String(before.get(p)), after: String(v) });
    }
  }
  return bumps;
}
