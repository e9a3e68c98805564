import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { canonical, parseYamlDocuments } from '../tree/yaml';
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

const isManifest = (file: string) => /\.ya?ml$/.test(file) && !/\/kustomization\.ya?ml$/.test(file);

/** A kustomization as synth writes it: a plain list of resources, no transformer or generator. */
function isPlain(text: string): boolean {
  const doc = (parseYamlDocuments(text)[0] ?? {}) as Record<string, unknown>;
  return Object.keys(doc).every((k) => ['apiVersion', 'kind', 'resources'].includes(k));
}

/**
 * Builds every folder's kustomization.yaml with the real kustomize and compares the result with
 * the objects the folder holds (its files and those of the subfolders it includes): a file listed
 * but missing, a file present but unlisted, or kustomize changing an object all show up. A
 * kustomization of the user's own (transformers, generators: a manifests app) changes what it
 * builds on purpose: it must build, and its parents count its build instead of its files.
 */
export function checkKustomizations(root: string, tree: EnvironmentTree): { findings: Finding[]; built: number } {
  const detached = fluxPaths(tree);
  const findings: Finding[] = [];
  const kustomizations = [...tree.files.keys()].filter((f) => /\/kustomization\.ya?ml$/.test(f)).sort();
  const builds = new Map<string, string[] | undefined>();
  for (const kfile of kustomizations) {
    const dir = path.posix.dirname(kfile);
    const result = spawnSync('kubectl', ['kustomize', path.join(root, dir)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0) {
      const reason = result.stderr.trim().split('\n').pop()!.replaceAll(`${path.resolve(root)}/`, '');
      findings.push({ check: 'kustomize', where: kfile, message: `kubectl kustomize failed: ${reason}` });
      builds.set(dir, undefined);
      continue;
    }
    builds.set(dir, parseYamlDocuments(result.stdout).filter((d) => d !== null).map(key).sort());
  }
  const own = kustomizations.filter((k) => !isPlain(tree.files.get(k)!)).map((k) => path.posix.dirname(k));
  for (const kfile of kustomizations) {
    const dir = path.posix.dirname(kfile);
    const built = builds.get(dir);
    if (built === undefined || own.includes(dir)) continue;
    // Files of a layer folder below `dir` belong to that layer's own Flux Kustomization.
    const inLayer = (file: string) => [...detached].some((d) => d.startsWith(`${dir}/`) && file.startsWith(`${d}/`));
    const owned = own.filter((o) => o.startsWith(`${dir}/`) && !inLayer(`${o}/`) && !own.some((p) => o.startsWith(`${p}/`)));
    const underOwn = (file: string) => owned.some((o) => file.startsWith(`${o}/`));
    const held = [
      ...[...tree.files]
        .filter(([file]) => file.startsWith(`${dir}/`) && isManifest(file) && !inLayer(file) && !underOwn(file))
        .flatMap(([, text]) => parseYamlDocuments(text).map(key)),
      ...owned.flatMap((o) => builds.get(o) ?? []),
    ].sort();
    const missing = held.filter((h) => !built.includes(h));
    const extra = built.filter((b) => !held.includes(b));
    for (const doc of missing) findings.push({ check: 'kustomize', where: kfile, message: `holds an object its build does not produce (unlisted?): ${doc.slice(0, 120)}` });
    for (const doc of extra) findings.push({ check: 'kustomize', where: kfile, message: `its build produces an object no file holds: ${doc.slice(0, 120)}` });
  }
  return { findings, built: kustomizations.length };
}
