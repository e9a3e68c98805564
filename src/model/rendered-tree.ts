import type { Environment } from './resolve';
import { treeDocuments } from '../tree/documents';
import { treeDir } from '../tree/paths';

/** The rendered tree of one environment: paths relative to `clusters/<env>/`. */
export interface RenderedTree {
  readonly env: Environment;
  readonly files: ReadonlyMap<string, string>;
  /** The committed tree this one replaces, when there is one (same relative paths). */
  readonly previous?: ReadonlyMap<string, string>;
}

/** What the rules on a rendered tree read of a Kubernetes object. */
export interface KubeDoc {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly metadata?: { readonly name?: string; readonly namespace?: string };
  readonly spec?: Record<string, unknown>;
  readonly sops?: unknown;
}

/** The YAML documents of one file of a tree, parsed once for all rules; a null document reads as {}. */
function parsed(files: ReadonlyMap<string, string>, path: string): KubeDoc[] {
  return treeDocuments(files, path).map((doc) => (doc ?? {}) as KubeDoc);
}

/** The first document of one file of a tree (parsed once for all rules), or undefined when absent or empty. */
export function firstDocument(files: ReadonlyMap<string, string>, path: string): Record<string, unknown> | undefined {
  return treeDocuments(files, path)[0] as Record<string, unknown> | undefined;
}

/** Every YAML document of the files under `prefix` (what kustomize could apply); other files are not read. */
export function documents(files: ReadonlyMap<string, string>, prefix: string): { path: string; doc: KubeDoc }[] {
  return [...files]
    .filter(([path]) => path.startsWith(prefix) && path.endsWith('.yaml'))
    .flatMap(([path]) => parsed(files, path).map((doc) => ({ path, doc })));
}

/** A file of the tree as messages name it: `clusters/<env>/<path>`. */
export const at = (tree: RenderedTree, path: string) => `${treeDir(tree.env.name)}/${path}`;
