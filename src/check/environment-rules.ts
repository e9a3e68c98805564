import { componentCatalogueRules, componentRules } from '../components/rules';
import { catalogueRules } from '../model/invariants/catalogue';
import * as catalogue from '../versions';
import { modelRules } from '../model/invariants';
import type { Environment } from '../model/resolve';
import { runRules } from '../model/violation';
import type { Rule, Violation } from '../model/violation';

/** Every rule on a resolved environment: the model's, then the component table's. */
export const environmentRules: readonly Rule[] = [...modelRules, ...componentRules()];

/** The rules on the catalogue itself, which run once per command on the tool's pins. */
const pinRules = [...catalogueRules, ...componentCatalogueRules];
const same = (v: Violation) => `${v.code} ${v.path} ${v.message}`;

/**
 * The catalogue's rules again on the pins an environment runs, where it overrides any: what its
 * overrides break is reported at the environment (`dev.versions.charts.cilium.version`), and what
 * the tool's own pins break is not repeated.
 */
function checkOverrides(env: Environment): Violation[] {
  if (env.versionOverrides.length === 0) return [];
  const tools = new Set(runRules(pinRules, catalogue).map(same));
  return runRules(pinRules, env.versions)
    .filter((v) => !tools.has(same(v)))
    .map((v) => ({ ...v, path: `${env.name}.${v.path}` }));
}

/** Checks one resolved environment; every path is prefixed with the environment's name. */
export function checkEnvironment(env: Environment): Violation[] {
  const own = runRules(environmentRules, env).map((v) => ({ ...v, path: `${env.name}.${v.path}` }));
  // An override that pins nothing (setting.without-effect) is doubted by nothing else: a warning
  // about a release nothing installs would be derived from the first.
  const unused = new Set(own.filter((v) => v.code === 'setting.without-effect').map((v) => v.path));
  return [...own, ...checkOverrides(env).filter((v) => v.severity === 'error' || !unused.has(v.path))];
}
