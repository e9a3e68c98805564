import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
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

/** How a fleet can depend on the tool, each form pinned to one release (npm's own spec syntax). */
export type ToolSpecKind = 'version' | 'git' | 'tarball' | 'folder';

/** A forge shorthand or a git URL npm fetches, with the ref after `#` (npm-package-arg's git forms). */
const GIT = /^((github|gitlab|bitbucket):[\w.-]+\/[\w.-]+|git\+(https?|ssh|file):\/\/[^\s#]+|git:\/\/[^\s#]+)(#(.*))?$/;

/** The kind of an npm spec for the tool, or undefined for one init does not write. */
export function toolSpecKind(spec: string): ToolSpecKind | undefined {
  if (semver.valid(spec) === spec) return 'version';
  const git = GIT.exec(spec);
  if (git) return git[5] && !git[5].startsWith('semver:') ? 'git' : undefined;
  if (/^file:\S+\.tgz$/.test(spec)) return 'tarball';
  return /^file:\S+$/.test(spec) ? 'folder' : undefined;
}

/** Why init refuses a --tool spec, and the spec to give instead; undefined when it takes it. */
export function toolSpecProblem(spec: string): { readonly message: string; readonly fix: string } | undefined {
  if (toolSpecKind(spec) !== undefined) return undefined;
  const tag = `v${toolVersion()}`;
  const git = GIT.exec(spec);
  if (git) {
    return {
      message: git[5]?.startsWith('semver:') ? 'names a range of tags: each npm install could take another release' : 'names no tag: each npm install would take whatever the default branch holds then',
      fix: `pin a release: ${git[1]}#${tag}`,
    };
  }
  if (semver.validRange(spec) !== null) return { message: 'is a range: a fleet pins the tool exactly, and Renovate bumps it', fix: `give one version, e.g. ${semver.minVersion(spec)?.version ?? toolVersion()}` };
  const https = /^https:\/\/([^\s/]+)\/([\w.-]+)\/([\w.-]+?)(\.git)?\/?$/.exec(spec);
  return {
    message: https ? 'is a web address: npm would fetch it as a tarball, not clone it' : 'is no npm spec init writes',
    fix: https
      ? `give git+https://${https[1]}/${https[2]}/${https[3]}.git#${tag}`
      : `give a version (${toolVersion()}), a git URL with its tag (github:<owner>/<repo>#${tag}, git+https://<forge>/<owner>/<repo>.git#${tag}) or a tarball (file:vendor/${TOOL_NAME}-${toolVersion()}.tgz)`,
  };
}

/**
 * The policy key npm's allowScripts matches a git dependency by: its repository without the ref,
 * so every tag of that repository may run the `prepare` that builds it (npm 12 runs none unlisted).
 */
export const gitScriptsKey = (spec: string): string => spec.replace(/#.*$/, '');
