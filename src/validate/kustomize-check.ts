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

function resources(text: string): string[] {
  const list = ((parseYamlDocuments(text)[0] ?? {}) as { resources?: unknown }).resources;
  return Array.isArray(list) ? list.map(String) : [];
}

/** A resource entry that stays inside its kustomization's folder (no `..`, no absolute path, no URL). */
const staysInside = (entry: string) => !entry.includes('://') && !path.posix.isAbsolute(entry) && !path.posix.normalize(entry).startsWith('..');

/**
 * For each plain kustomization, the plain kustomization of its parent folder when that one
 * includes it whole: lists the folder itself and nothing else inside it. When no kustomization of
 * the tree reaches outside its own folder, a parent whose build is exactly the objects its files
 * hold proves the same of such a child (kustomize refuses two objects with one identity in a
 * build), so the child need not be built again.
 */
function includedWhole(tree: EnvironmentTree, plain: readonly string[], detached: ReadonlySet<string>): Map<string, string> {
  const entries = new Map(plain.map((dir) => [dir, resources(tree.files.get(kustomizationOf(tree, dir))!)]));
  const whole = new Map<string, string>();
  if (![...entries.values()].flat().every(staysInside)) return whole;
  for (const dir of plain) {
    const parent = path.posix.dirname(dir);
    const listed = entries.get(parent);
    if (listed === undefined || detached.has(dir)) continue;
    const name = path.posix.basename(dir);
    const into = listed.map((e) => path.posix.normalize(e).replace(/\/$/, '')).filter((e) => e === name || e.startsWith(`${name}/`));
    if (into.length === 1 && into[0] === name) whole.set(dir, parent);
  }
  return whole;
}

const kustomizationOf = (tree: EnvironmentTree, dir: string) => (tree.files.has(`${dir}/kustomization.yaml`) ? `${dir}/kustomization.yaml` : `${dir}/kustomization.yml`);

function build(root: string, dir: string): { docs: string[] } | { failure: string } {
  const result = spawnSync('kubectl', ['kustomize', path.join(root, dir)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) return { failure: result.stderr.trim().split('\n').pop()!.replaceAll(`${path.resolve(root)}/`, '') };
  return { docs: parseYamlDocuments(result.stdout).filter((d) => d !== null).map(key).sort() };
}

/**
 * Builds the folders' kustomization.yaml with the real kustomize and compares the result with
 * the objects each folder holds (its files and those of the subfolders it includes): a file
 * listed but missing, a file present but unlisted, or kustomize changing an object all show up.
 * A kustomization of the user's own (transformers, generators: a manifests app) changes what it
 * builds on purpose: it must build, and its parents count its build instead of its files. Folders
 * are taken from the top down; one included whole by a parent whose build matched exactly is
 * proved by that build (includedWhole) and not built again.
 */
export function checkKustomizations(root: string, tree: EnvironmentTree): { findings: Finding[]; built: number; checked: number } {
  const detached = fluxPaths(tree);
  const findings: Finding[] = [];
  const kustomizations = [...tree.files.keys()].filter((f) => /\/kustomization\.ya?ml$/.test(f)).sort();
  const dirs = kustomizations.map((k) => path.posix.dirname(k));
  const own = dirs.filter((d) => !isPlain(tree.files.get(kustomizationOf(tree, d))!));
  const plain = dirs.filter((d) => !own.includes(d));
  const whole = includedWhole(tree, plain, detached);
  const builds = new Map<string, string[] | undefined>();
  const exact = new Set<string>();
  const run = (dir: string) => {
    const result = build(root, dir);
    if ('failure' in result) findings.push({ check: 'kustomize', where: kustomizationOf(tree, dir), message: `kubectl kustomize failed: ${result.failure}` });
    builds.set(dir, 'docs' in result ? result.docs : undefined);
  };
  // The user's own first: their builds stand for their files in every parent's comparison.
  for (const dir of own) run(dir);
  const depth = (dir: string) => dir.split('/').length;
  for (const dir of [...plain].sort((a, b) => depth(a) - depth(b) || a.localeCompare(b))) {
    const parent = whole.get(dir);
    if (parent !== undefined && exact.has(parent)) {
      exact.add(dir);
      continue;
    }
    run(dir);
    const built = builds.get(dir);
    if (built === undefined) continue;
    // Files of a layer folder below \`dir\` belong to that layer's own Flux Kustomization.
    const inLayer = (file: string) => [...detached].some((d) => d.startsWith(`${dir}/`) && file.startsWith(`${d}/`));
    const owned = own.filter((o) => o.startsWith(`${dir}/`) && !inLayer(`${o}/`) && !own.some((p) => o.startsWith(`${p}/`)));
    const underOwn = (file: string) => owned.some((o) => file.startsWith(`${o}/`));
    const held = [
      ...[...tree.files]
        .filter(([file]) => file.startsWith(`${dir}/`) && isManifest(file) && !inLayer(file) && !underOwn(file))
        .flatMap(([, text]) => parseYamlDocuments(text).map(key)),
      ...owned.flatMap((o) => builds.get(o) ?? []),
    ].sort();
    if (held.length === built.length && held.every((h, i) => h === built[i])) exact.add(dir);
    const kfile = kustomizationOf(tree, dir);
    const missing = held.filter((h) => !built.includes(h));
    const extra = built.filter((b) => !held.includes(b));
    for (const doc of missing) findings.push({ check: 'kustomize', where: kfile, message: `holds an object its build does not produce (unlisted?): ${doc.slice(0, 120)}` });
    for (const doc of extra) findings.push({ check: 'kustomize', where: kfile, message: `its build produces an object no file holds: ${doc.slice(0, 120)}` });
  }
  return { findings, built: builds.size, checked: kustomizations.length };
}
