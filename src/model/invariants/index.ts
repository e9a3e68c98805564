import type { EnvironmentSpec } from '../environment';
import { resolve } from '../resolve';
import type { Environment } from '../resolve';
import { checkSpec } from '../spec-check';
import { runRules } from '../violation';
import type { Rule, Violation } from '../violation';
import { addressRules } from './addresses';
import { compatibilityRules } from './compatibility';
import { controlPlaneRules } from './control-plane';
import { fluxRules } from './flux';
import { sopsRules } from './secrets';
import { standardRules } from './standards';
import { versionRules } from './versions';
import { vmRules } from './vms';

const environmentRules: readonly Rule[] = [
  {
    code: 'environment.invalid-name',
    severity: 'error',
    summary: 'the environment name is a folder name under clusters/',
    check: (env) =>
      /^[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$/.test(env.name)
        ? []
        : [{ path: 'name', value: env.name, message: `"${env.name}" cannot name a folder under clusters/`, fix: 'use lowercase letters, digits and hyphens, e.g. dev' }],
  },
];

/** Every rule on the model, by family; `check()` runs them all and reports every violation. */
export const modelRules: readonly Rule[] = [
  ...environmentRules,
  ...addressRules,
  ...standardRules,
  ...controlPlaneRules,
  ...versionRules,
  ...fluxRules,
  ...vmRules,
  ...compatibilityRules,
  ...sopsRules,
];

/** Checks one resolved environment; every path is prefixed with the environment's name. */
export function checkEnvironment(env: Environment): Violation[] {
  return runRules(modelRules, env).map((v) => ({ ...v, path: `${env.name}.${v.path}` }));
}

/**
 * Checks a spec as written: its shape and types first (any input, however wrong), then, once it
 * is a well-typed EnvironmentSpec, every invariant. Every violation at once, errors and warnings.
 */
export function check(spec: EnvironmentSpec | unknown): Violation[] {
  const shape = checkSpec(spec);
  return shape.length > 0 ? shape : checkEnvironment(resolve(spec as EnvironmentSpec));
}
