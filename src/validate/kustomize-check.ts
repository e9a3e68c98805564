import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { canonical, parseYamlDocuments } from '../yaml';
import type { Finding } from './findings';
import type { EnvironmentTree } from './tree-objects';

/** True when `kubectl kustomize` can run here. */
export function kustomizeAvailable(): boolean {
  return spawnSync('kubectl', ['kustomize', '--help'], { encoding: 'utf8' }).status === 0;
}

const key = (doc: unknown) => JSON.stringify(canonical(doc));

/** Folders a Flux Kustomization applies on its own: their parent's build must not include them. */
function fluxPaths(tree: EnvironmentTree): Set<string> {
  return new Set(
    tree.objects
      .filter(({ doc }) => doc.apiVersion?.startsWith('kustomize.toolkit.fluxcd.io/') && doc.kind === 'Kustomization' && typeof doc.spec?.path === 'string')
      .map(({ doc }) => path.posix.normalize(doc.spec.path).replace(/\/$/, '')),
  );
}

/**
 * Builds every folder's kustomization.yaml with the real kustomize and compares the result with
 * the objects the folder holds (its files and those of the subfolders it includes): a file listed
 * but missing, a file present but unlisted, or kustomize changing an object all show up.
 */
export function checkKustomizations(root: string, tree: EnvironmentTree): { findings: Finding[]; built: number } {
  const detached = fluxPaths(tree);
  const findings: Finding[] = [];
  const kustomizations = [...tree.files.keys()].filter((f) => f.endsWith('/kustomization.yaml')).sort();
  for (const kfile of kustomizations) {
    const dir = path.posix.dirname(kfile);
    const result = spawnSync('kubectl', ['kustomize', path.join(root, dir)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0) {
      const reason = result.stderr.trim().split('\n').pop()!.replaceAll(`${path.resolve(root)}/`, '');
      findings.push({ check: 'kustomize', where: kfile, message: `kubectl kustomize failed: ${reason}` });
      continue;
    }
    const built = parseYamlDocuments(result.stdout).filter((d) => d !== null).map(key).sort();
    const held = [...tree.files]
      .filter(([file]) => file.startsWith(`${dir}/`) && file.endsWith('.yaml') && !file.endsWith('/kustomization.yaml'))
      // Files of a layer folder below `dir` belong to that layer's own Flux Kustomization.
      .filter(([file]) => ![...detached].some((d) => d.startsWith(`${dir}/`) && file.startsWith(`${d}/`)))
      .flatMap(([, text]) => parseYamlDocuments(text).map(key))
      .sort();
    const missing = held.filter((h) => !built.includes(h));
    const extra = built.filter((b) => !held.includes(b));
    for (const doc of missing) findings.push({ check: 'kustomize', where: kfile, message: `holds an object its build does not produce (unlisted?): ${doc.slice(0, 120)}` });
    for (const doc of extra) findings.push({ check: 'kustomize', where: kfile, message: `its build produces an object no file holds: ${doc.slice(0, 120)}` });
  }
  return { findings, built: kustomizations.length };
}
