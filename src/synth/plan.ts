import path from 'node:path';
import type { EnvironmentSpec } from '../model/environment';
import type { Violation } from '../model/violation';
import { synthesize } from './render';
import type { SynthesizedEnvironment } from './render';
import { compareTrees, readTree } from './tree';
import type { TreeChanges } from './tree';

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
}

export interface Plan {
  readonly environments: readonly EnvironmentPlan[];
  /** Every violation of every selected environment, errors and warnings. */
  readonly violations: readonly Violation[];
}

export class UsageError extends Error {}

function selectEnvironments(all: readonly EnvironmentSpec[], only: readonly string[]): EnvironmentSpec[] {
  const unknown = only.filter((name) => !all.some((e) => e.name === name));
  if (unknown.length > 0) {
    throw new UsageError(`unknown environment ${unknown.join(', ')}; known: ${all.map((e) => e.name).sort().join(', ')}`);
  }
  // Sorted by name so the output order never depends on how the list was written.
  return all.filter((e) => only.length === 0 || only.includes(e.name)).sort((a, b) => (a.name < b.name ? -1 : 1));
}

function duplicateNames(all: readonly EnvironmentSpec[]): Violation[] {
  return all
    .filter((e, i) => all.findIndex((o) => o.name === e.name) < i)
    .map((e) => ({
      code: 'environment.duplicate-name',
      severity: 'error',
      path: `${e.name}.name`,
      value: e.name,
      message: `two environments are named ${e.name}; both would write clusters/${e.name}/`,
      fix: 'give each environment its own name',
    }));
}

/** Synthesizes the selected environments in memory and compares them with `root/clusters/`. Writes nothing. */
export function plan(root: string, all: readonly EnvironmentSpec[], only: readonly string[] = []): Plan {
  const environments = selectEnvironments(all, only).map((spec): EnvironmentPlan => {
    const current = readTree(path.join(root, 'clusters', spec.name));
    const secrets = new Map([...readTree(path.join(root, 'secrets', spec.name))].map(([p, text]) => [`secrets/${spec.name}/${p}`, text]));
    const synthesized = synthesize(spec, { previous: current.size > 0 ? current : undefined, secrets });
    const prefix = `clusters/${spec.name}/`;
    const next = new Map([...synthesized.files].map(([p, c]) => [p.slice(prefix.length), c]));
    return {
      name: spec.name,
      synthesized,
      next,
      current,
      changes: compareTrees(current, next),
      objects: [...next.keys()].filter((p) => p.startsWith('kubernetes/') && !p.endsWith('/kustomization.yaml') && p !== 'kubernetes/kustomization.yaml').length,
    };
  });
  return {
    environments,
    violations: [...duplicateNames(all), ...environments.flatMap((e) => e.synthesized.violations)],
  };
}
