import { componentRules } from './components/rules';
import type { EnvironmentSpec } from './model/environment';
import { modelRules } from './model/invariants';
import { resolve } from './model/resolve';
import type { Environment } from './model/resolve';
import { checkSpec } from './model/spec-check';
import { runRules } from './model/violation';
import type { Rule, Violation } from './model/violation';

/** Every rule on a resolved environment: the model's, then the component table's. */
export const environmentRules: readonly Rule[] = [...modelRules, ...componentRules()];

/** Checks one resolved environment; every path is prefixed with the environment's name. */
export function checkEnvironment(env: Environment): Violation[] {
  return runRules(environmentRules, env).map((v) => ({ ...v, path: `${env.name}.${v.path}` }));
}

/**
 * Checks a spec as written: its shape and types first (any input, however wrong), then, once it
 * is a well-typed EnvironmentSpec, every invariant. Every violation at once, errors and warnings.
 */
export function check(spec: EnvironmentSpec | unknown): Violation[] {
  const shape = checkSpec(spec);
  return shape.length > 0 ? shape : checkEnvironment(resolve(spec as EnvironmentSpec));
}
