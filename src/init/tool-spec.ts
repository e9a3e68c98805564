import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../tree/repo-root';
import { TOOL_NAME, toolVersion } from '../synth/tool-version';

/**
 * How a new fleet depends on the running tool, so the fleet's `npm install` always works: the
 * registry version when npm installed it from a registry, else the `file:` spec of the tarball
 * it was installed from, else the folder it runs from (a checkout). npm records where each
 * installed package came from in the hidden lock file of the tree that holds it.
 */
export function defaultToolSpec(toolRoot: string = REPO_ROOT): string {
  const modules = path.dirname(toolRoot);
  const lock = path.join(modules, '.package-lock.json');
  if (path.basename(modules) === 'node_modules' && fs.existsSync(lock)) {
    const entry = (JSON.parse(fs.readFileSync(lock, 'utf8')) as { packages?: Record<string, { resolved?: string; version?: string }> }).packages?.[`node_modules/${TOOL_NAME}`];
    const resolved = entry?.resolved;
    if (resolved?.startsWith('file:')) return `file:${path.resolve(path.dirname(modules), resolved.slice('file:'.length))}`;
    if (resolved === undefined || /^https?:/.test(resolved)) return toolVersion();
    return resolved;
  }
  return `file:${toolRoot}`;
}
