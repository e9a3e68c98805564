import fs from 'node:fs';
import path from 'node:path';
import type { Rule, Violation } from '../model/violation';
import { DEFAULT_ENVIRONMENTS, importModule } from './load-environments';

/** The rule, for docs/reference/rules/: the bin runs it (synth, check, diff), beside the fleet's. */
export const unlistedEnvironmentRule: Omit<Rule<unknown>, 'check'> = {
  code: 'fleet.unlisted-environment',
  severity: 'warning',
  summary: "every environment a file beside the fleet's environments/index.ts exports is in its environments list (an unlisted one is never written or checked)",
};

/** An export shaped like an environment: what an environment file declares (`export const dev = { … }`). */
const looksLikeEnvironment = (value: unknown): value is { name: string } =>
  value !== null && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string' && 'infrastructure' in value && 'flux' in value;

/**
 * Environments declared in a file beside the fleet's environments/index.ts that its list does
 * not hold: nothing is written or checked for them, so each is named with the lines that add it.
 * A warning, not an error: a file may be a draft on purpose (docs/decisions/0155-names-and-values-the-real-programs-refuse-what-a-ca-or-relay.md).
 * Only the fleet's own layout is searched (no `--environments <module>`); a sibling that does not
 * load is no environment the tool can see, and the loader's error is no business of this check.
 */
export async function unlistedEnvironments(module: string | undefined, environments: readonly unknown[], cwd: string = process.cwd()): Promise<Violation[]> {
  if (module !== undefined) return [];
  const index = path.resolve(cwd, DEFAULT_ENVIRONMENTS);
  const folder = path.dirname(index);
  const listed = new Set(environments.filter(looksLikeEnvironment).map((e) => e.name));
  const files = fs.readdirSync(folder).filter((f) => /\.(ts|mts|js|mjs)$/.test(f) && !/\.d\.[mc]?ts$/.test(f) && !/\.test\./.test(f) && path.join(folder, f) !== index).sort();
  const found: Violation[] = [];
  for (const file of files) {
    let exported: Record<string, unknown>;
    try {
      exported = (await importModule(path.join(folder, file))) as Record<string, unknown>;
    } catch {
      continue;
    }
    for (const [name, value] of Object.entries(exported ?? {})) {
      if (!looksLikeEnvironment(value) || environments.includes(value) || listed.has(value.name)) continue;
      const at = path.relative(cwd, path.join(folder, file));
      const from = `./${file.replace(/\.(ts|mts|js|mjs)$/, '')}`;
      found.push({
        code: unlistedEnvironmentRule.code,
        severity: unlistedEnvironmentRule.severity,
        path: at,
        value: name,
        message: `${at} exports the environment ${value.name} (${name}), which ${DEFAULT_ENVIRONMENTS} does not list: nothing is written or checked for it`,
        fix: `add the line import { ${name} } from '${from}'; to ${DEFAULT_ENVIRONMENTS} and ${name} to its environments list, or move ${file} out of ${path.dirname(DEFAULT_ENVIRONMENTS)}/`,
      });
    }
  }
  return found;
}
