import path from 'node:path';
import { readTree } from '../tree/files';
import { treeDocuments } from '../tree/documents';
import { TESTS_DIR, treeDir } from '../tree/paths';

/** One Kubernetes object of a committed tree, with where it came from. */
export interface TreeObject {
  readonly env: string;
  /** Repository-relative file path. */
  readonly file: string;
  readonly doc: Record<string, any>;
}

export interface EnvironmentTree {
  readonly env: string;
  /** `clusters/<env>/…` → text, every file of the tree. */
  readonly files: ReadonlyMap<string, string>;
  readonly objects: readonly TreeObject[];
  /** Every YAML document under `tests/` (the Chainsaw suites and their Configuration), objects or not. */
  readonly suites: readonly { readonly file: string; readonly doc: unknown }[];
}

const isObject = (doc: unknown): doc is Record<string, any> =>
  typeof doc === 'object' && doc !== null && typeof (doc as any).apiVersion === 'string' && typeof (doc as any).kind === 'string';

/**
 * Reads `clusters/<env>/` from disk: every Kubernetes object under `kubernetes/` (kustomize's own
 * kustomization.yaml files aside) and every manifest under `bootstrap/` (k3s configs and chart
 * values are not objects and are left to their own checks).
 */
export function readEnvironmentTree(root: string, env: string): EnvironmentTree {
  return environmentTree(env, readTree(path.join(root, treeDir(env))));
}

/** An environment's tree from its files (paths relative to `clusters/<env>/`), as synth holds it. */
export function environmentTree(env: string, tree: ReadonlyMap<string, string>): EnvironmentTree {
  const dir = treeDir(env);
  const files = new Map([...tree].map(([rel, text]) => [`${dir}/${rel}`, text]));
  // Documents by the tree synth holds: what it rendered (or the rules read) is not parsed again.
  const rels = [...tree.keys()];
  const objects = rels
    .filter((rel) => /(^|\/)(kubernetes|bootstrap)\/.*\.ya?ml$/.test(rel) && !/(^|\/)kustomization\.ya?ml$/.test(rel))
    .flatMap((rel) => treeDocuments(tree, rel).filter(isObject).map((doc) => ({ env, file: `${dir}/${rel}`, doc })));
  const suites = rels
    .filter((rel) => rel.startsWith(`${TESTS_DIR}/`) && /\.ya?ml$/.test(rel))
    .flatMap((rel) => treeDocuments(tree, rel).map((doc) => ({ file: `${dir}/${rel}`, doc })));
  return { env, files, objects, suites };
}
