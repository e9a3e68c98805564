import Module, { createRequire } from 'node:module';
import path from 'node:path';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describeUserError } from './user-error';

/** Where the bin looks for a fleet's environments (in the folder it runs in) unless `--environments <module>` names another. */
export const DEFAULT_ENVIRONMENTS = 'environments/index.ts';

export class EnvironmentsModuleError extends Error {}

/** This module as TypeScript source: run by tsx or vitest, whose loaders take any TypeScript. */
const FROM_SOURCE = /\.ts$/.test(new URL(import.meta.url).pathname);
const TYPESCRIPT = /\.[cm]?tsx?$/;

/**
 * Imports a module the user wrote, TypeScript included: natively where a TypeScript loader runs
 * (tsx, vitest) or the module is JavaScript, else through tsx's require hook (with source maps), so the compiled CLIs read
 * environment files as they are now and their errors point at the user's lines. Only what the
 * module imports is transpiled. The require hook costs a third of tsx's ESM loader, which starts a
 * worker thread; a module with top-level await, which CommonJS cannot hold, gets the ESM loader.
 */
let hooked = false;

export async function importModule(file: string): Promise<unknown> {
  const url = pathToFileURL(file).href;
  // The compiled bin never hands TypeScript to Node itself: Node 22.18 and later strip types
  // natively, but resolve no extensionless import (`from './lab'`, as every fleet writes) and
  // refuse enums and parameter properties. Run from source, a TypeScript loader is in place.
  if (FROM_SOURCE || !TYPESCRIPT.test(file)) {
    try {
      return await import(url);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
    }
  }
  // Required, not imported: an ES import of a CommonJS package costs twice as much.
  const require = createRequire(import.meta.url);
  // Once per process: the environments module and then its siblings (unlisted-environments.ts) come through here.
  if (!hooked) (require('tsx/cjs/api') as typeof import('tsx/cjs/api')).register();
  hooked = true;
  await shareToolApi(file);
  try {
    return require(file);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_REQUIRE_ASYNC_MODULE') throw error;
  }
  (await import('tsx/esm/api')).register();
  // A fresh URL: Node keeps the failed first attempt under the plain one.
  return import(`${url}?loader=tsx`);
}

/**
 * A fleet's files that import the tool's API at run time (`import { versions } from
 * 'k3s-gitops-synth'`) get the very modules this process runs: the package's entry is put into
 * require's cache, as loaded. Required through the hook instead, the bundle would be transpiled
 * again (most of a second) and its classes would be second copies of the tool's own.
 */
async function shareToolApi(file: string): Promise<void> {
  let entry: string;
  try {
    entry = createRequire(file).resolve('k3s-gitops-synth');
  } catch {
    return; // a module outside any fleet: it cannot import the tool by name either
  }
  const cache = createRequire(import.meta.url).cache;
  if (cache[entry]) return;
  const api = (await import('..')) as Record<string, unknown>;
  const module = new Module(entry);
  module.filename = entry;
  module.loaded = true;
  module.exports = api;
  cache[entry] = module;
}

/**
 * The environments a command works on: the `environments` export of a module (by default the
 * fleet's environments/index.ts in the current folder). Returned as `unknown[]`: nothing is trusted before the
 * boundary check (spec-check.ts) has looked at each one.
 */
export async function loadEnvironments(module: string | undefined, cwd: string = process.cwd()): Promise<readonly unknown[]> {
  const file = path.resolve(cwd, module ?? DEFAULT_ENVIRONMENTS);
  if (module === undefined && !fs.existsSync(file)) {
    throw new EnvironmentsModuleError(
      `no ${DEFAULT_ENVIRONMENTS} in ${cwd}: run this in a fleet's folder (npx k3s-gitops-synth init <dir> writes one), or name the module with --environments <file>`,
    );
  }
  if (module !== undefined && !fs.existsSync(file)) {
    throw new EnvironmentsModuleError(`--environments ${module}: there is no ${file}; name a fleet's environments module (environments/index.ts in its folder)`);
  }
  let loaded: { environments?: unknown };
  try {
    loaded = (await importModule(file)) as { environments?: unknown };
  } catch (error) {
    throw new EnvironmentsModuleError(`${path.relative(cwd, file) || file} could not be loaded: ${describeUserError(error, cwd)}`);
  }
  if (!Array.isArray(loaded.environments)) {
    throw new EnvironmentsModuleError(`${path.relative(cwd, file) || file} exports no environments list; export const environments = [ … ]`);
  }
  return loaded.environments;
}
