import fs from 'node:fs';
import path from 'node:path';
import type { EnvironmentSpec } from '../model/environment';
import type { Rule, Violation } from '../model/violation';
import type { Environment } from '../model/resolve';
import { ENVIRONMENT_NAME } from '../model/name-patterns';
import { appSourceFiles } from '../model/invariants/app-sources';
import { isRepositoryPath } from '../model/invariants/apps';
import { MANIFEST_FILE, manifest, manifestPaths } from './manifest';
import { prefixed, renderForChecks } from './render';
import type { SynthesizedEnvironment } from './render';
import { runChecks } from '../check/run';
import { specName } from '../model/spec-check';
import { compareTrees, notExecutable, readTree } from './tree';
import type { TreeChanges } from './tree';
import { shareDocuments } from '../tree/documents';
import { VALUES_SCHEMA_DIR, treeDir } from '../tree/paths';
import { UsageError } from '../command-line/usage-error';

export interface EnvironmentPlan {
  readonly name: string;
  readonly synthesized: SynthesizedEnvironment;
  /** Files of `clusters/<env>/` as synthesized, relative to that folder. */
  readonly next: ReadonlyMap<string, string>;
  /** Files of `clusters/<env>/` as committed (on disk), relative to that folder. */
  readonly current: ReadonlyMap<string, string>;
  readonly changes: TreeChanges;
  /** Kubernetes objects in the tree (one per file, kustomization.yaml aside). */
  readonly objects: number;
  /** `tree.unowned-file` errors: files synth would remove or overwrite but never wrote. */
  readonly unowned: readonly Violation[];
}

export interface Plan {
  readonly environments: readonly EnvironmentPlan[];
  /** Every violation of every selected environment, errors and warnings. */
  readonly violations: readonly Violation[];
  /** Every well-typed spec resolved against the fleet, selected or not (runChecks resolved them once). */
  readonly resolved: ReadonlyMap<unknown, Environment>;
}

/** The tree family: the codes plan() reports on the tree on disk, after the checks (docs/reference/rules/). */
export const planRules: readonly Omit<Rule<unknown>, 'check'>[] = [
  { code: 'tree.unowned-file', severity: 'error', summary: 'synth never deletes or overwrites a file it did not write (not in the tree\'s synth-manifest.txt) unless --prune says so' },
  { code: 'flux.bootstrap-components-unlisted', severity: 'error', summary: "while flux bootstrap's gotk-components.yaml is in a tree, flux.bootstrapped keeps it listed (unlisting it makes Flux prune its own controllers)" },
];

/** Where `flux bootstrap` commits Flux's controllers (a foreign file: never read, written or removed). */
const BOOTSTRAP_COMPONENTS = 'kubernetes/flux-system/gotk-components.yaml';

/**
 * A tree that still holds bootstrap's components but no longer lists them: the root
 * Kustomization would prune Flux's own controllers and CRDs, with every Flux object.
 */
function unlistedBootstrapComponents(root: string, env: Environment): Violation[] {
  if (env.flux.bootstrapped || !fs.existsSync(path.join(root, treeDir(env.name), BOOTSTRAP_COMPONENTS))) return [];
  return [{
    code: 'flux.bootstrap-components-unlisted',
    severity: 'error',
    path: `${env.name}.flux.bootstrapped`,
    value: '(not set)',
    message: `${treeDir(env.name)}/${BOOTSTRAP_COMPONENTS} is still in the tree; without flux.bootstrapped the tree stops listing it and Flux prunes its own controllers and CRDs`,
    fix: 'set flux.bootstrapped: true until flux-operator has taken over, then follow docs/guides/flux.md (Migrating from flux bootstrap): annotate, delete the file, unset bootstrapped',
  }];
}

function selectEnvironments(all: readonly unknown[], only: readonly string[]): unknown[] {
  const names = all.map(specName);
  const unknown = only.filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    throw new UsageError(`unknown environment ${unknown.join(', ')}; known: ${[...names].sort().join(', ')}`);
  }
  // Sorted by name so the output order never depends on how the list was written.
  return all.filter((e) => only.length === 0 || only.includes(specName(e))).sort((a, b) => (specName(a) < specName(b) ? -1 : 1));
}

/**
 * Files a synth would remove, or overwrite, although no synth wrote them (they are not in the
 * tree's manifest): a person's work, never replaced silently. A tree without a manifest (an older
 * version wrote it) has every file treated as a person's for removal, and none for overwriting.
 */
function unownedFiles(name: string, changes: TreeChanges, current: ReadonlyMap<string, string>): Violation[] {
  const manifestText = current.get(MANIFEST_FILE);
  const owned = new Set(manifestPaths(manifestText));
  const overwritten = manifestText === undefined ? [] : changes.changed.filter((rel) => rel !== MANIFEST_FILE && !owned.has(rel));
  return [...changes.removed.map((rel) => ({ rel, verb: 'delete' })), ...overwritten.map((rel) => ({ rel, verb: 'overwrite' }))]
    .filter(({ rel }) => !owned.has(rel))
    .map(({ rel, verb }) => ({
      code: 'tree.unowned-file',
      severity: 'error',
      path: `${treeDir(name)}/${rel}`,
      value: rel,
      message: `synth did not write this file and would ${verb} it (it is not in clusters/${name}/${MANIFEST_FILE})`,
      fix: `move it out of clusters/${name}/ to keep it; or delete it yourself, or run npm run synth -- --prune, if it should go`,
    }));
}

/** What the environment's apps read from the repository; paths outside it are never read (app.invalid-path reports them). */
function readAppSources(root: string, env: Environment): Map<string, string> {
  const { folders, files, valuesCharts } = appSourceFiles(env);
  const sources = new Map<string, string>();
  // Every release's schema of an app's chart: the shared resolution may take one of the same minor.
  const schemaDir = path.join(root, VALUES_SCHEMA_DIR);
  const schemas = fs.existsSync(schemaDir) ? fs.readdirSync(schemaDir).filter((f) => valuesCharts.some((c) => f.startsWith(`${c}-`))) : [];
  for (const f of schemas) sources.set(`${VALUES_SCHEMA_DIR}/${f}`, fs.readFileSync(path.join(schemaDir, f), 'utf8'));
  for (const folder of folders.filter(isRepositoryPath)) {
    for (const [rel, text] of readTree(path.join(root, folder))) sources.set(`${folder}/${rel}`, text);
  }
  for (const file of files.filter(isRepositoryPath)) {
    if (fs.existsSync(path.join(root, file))) sources.set(file, fs.readFileSync(path.join(root, file), 'utf8'));
  }
  return sources;
}

export interface PlanOptions {
  /** Restrict to these environment names. @default all */
  readonly only?: readonly string[];
  /** Let synth remove files it did not write. @default false */
  readonly prune?: boolean;
}

/** Synthesizes the selected environments in memory and compares them with `root/clusters/`. Writes nothing. */
export function plan(root: string, all: readonly (EnvironmentSpec | unknown)[], options: PlanOptions = {}): Plan {
  // Each committed tree is read once: the rules comparing with it and the plan share it.
  const trees = new Map<string, Map<string, string>>();
  // A name that is not an environment name (`../x`) reads nothing: no folder outside clusters/.
  const committed = (name: string) => trees.get(name) ?? trees.set(name, ENVIRONMENT_NAME.test(name) ? readTree(path.join(root, treeDir(name))) : new Map()).get(name)!;
  const checked = runChecks({
    specs: all,
    selected: selectEnvironments(all, options.only ?? []),
    sources: (env) => {
      const previous = committed(env.name);
      const secrets = new Map([...readTree(path.join(root, 'secrets', env.name))].map(([p, text]) => [`secrets/${env.name}/${p}`, text]));
      // What this environment's Flux delivers to its workload clusters (their SOPS identities), from their folders.
      for (const ref of env.managed.flatMap((w) => w.secrets.filter((s) => s.deliveredBy?.environment === env.name))) {
        const file = path.join(root, ref.source);
        if (fs.existsSync(file)) secrets.set(ref.source, fs.readFileSync(file, 'utf8'));
      }
      return { secrets, appSources: readAppSources(root, env), previous: previous.size > 0 ? previous : undefined };
    },
    render: renderForChecks,
  });
  const environments = checked.environments.map(({ name, env, files, violations }): EnvironmentPlan => {
    // A spec that is not even well typed goes no further (not even to the disk).
    const current = env ? committed(name) : new Map<string, string>();
    // The manifest records what synth wrote, so a later synth removes only its own files.
    const next = new Map(files.size === 0 ? [] : [...files, [MANIFEST_FILE, manifest([...files.keys()])] as [string, string]]);
    // What rendered or the checks parsed serves the notes synth prints about the tree it writes.
    shareDocuments(files, next);
    // Only a tree read from disk has modes to compare (never one outside clusters/: its name is refused).
    const changes = compareTrees(current, next, current.size === 0 ? [] : notExecutable(path.join(root, treeDir(name)), next.keys()));
    return {
      name,
      synthesized: { env, files: env ? prefixed(name, files) : new Map(), violations },
      next,
      current,
      changes,
      unowned: [...(files.size === 0 || options.prune ? [] : unownedFiles(name, changes, current)), ...(env ? unlistedBootstrapComponents(root, env) : [])],
      objects: [...next.keys()].filter((p) => p.startsWith('kubernetes/') && !p.endsWith('/kustomization.yaml') && p !== 'kubernetes/kustomization.yaml').length,
    };
  });
  return { environments, violations: [...checked.fleet, ...environments.flatMap((e) => [...e.synthesized.violations, ...e.unowned])], resolved: checked.resolved };
}
