import path from 'node:path';
import { specName } from '../model/spec-check';
import { readTree } from './tree';
import { fluxDir } from '../tree/paths';

/**
 * What `cdk8s synth` collects in its output folder: one `<env>.k8s.yaml` per environment holding
 * every Kubernetes object of the written `clusters/<env>/kubernetes/` tree (kustomization.yaml
 * files aside), in path order. Read from the tree just written, so it is exactly what Flux applies.
 */
export function kubernetesManifests(root: string, environments: readonly unknown[], only: readonly string[]): Map<string, string> {
  const manifests = new Map<string, string>();
  for (const name of environments.map(specName).filter((n) => only.length === 0 || only.includes(n)).sort()) {
    const tree = readTree(path.join(root, fluxDir(name)));
    const objects = [...tree].filter(([rel]) => rel.endsWith('.yaml') && path.posix.basename(rel) !== 'kustomization.yaml').sort(([a], [b]) => (a < b ? -1 : 1));
    manifests.set(`${name}.k8s.yaml`, objects.map(([, text]) => text).join('---\n'));
  }
  return manifests;
}
