import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the CLIs look for environments unless `--environments <module>` names another module. */
export const DEFAULT_ENVIRONMENTS = 'src/environments/index.ts';

export class EnvironmentsModuleError extends Error {}

/**
 * The environments a command works on: the `environments` export of a module (by default this
 * repository's src/environments/). Returned as `unknown[]`: nothing is trusted before the
 * boundary check (spec-check.ts) has looked at each one.
 */
export async function loadEnvironments(module: string | undefined, cwd: string = process.cwd()): Promise<readonly unknown[]> {
  const file = module === undefined ? path.resolve(import.meta.dirname, 'environments/index.ts') : path.resolve(cwd, module);
  const loaded = (await import(pathToFileURL(file).href)) as { environments?: unknown };
  if (!Array.isArray(loaded.environments)) {
    throw new EnvironmentsModuleError(`${path.relative(cwd, file) || file} exports no environments list; export const environments = [ … ]`);
  }
  return loaded.environments;
}
