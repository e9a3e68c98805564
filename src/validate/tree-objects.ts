import path from 'node:path';
import { readTree } from '../tree/files';
import { parseYamlDocuments } from '../tree/yaml';
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
  const files = new Map([...tree].map(([rel, text]) => [`${treeDir(env)}/${rel}`, text]));
  const objects = [...files]
    .filter(([file]) => /\/(kubernetes|bootstrap)\/.*\.ya?ml$/.test(file) && !/\/kustomization\.ya?ml$/.test(file))
    .flatMap(([file, text]) => parseYamlDocuments(text).filter(isObject).map((doc) => ({ env, file, doc })));
  const suites = [...files]
    .filter(([file]) => file.startsWith(`${treeDir(env)}/${TESTS_DIR}/`) && /\.ya?ml$/.test(file))
    .flatMap(([file, text]) => parseYamlDocuments(text).map((doc) => ({ file, doc })));
  return { env, files, objects, suites };
}
