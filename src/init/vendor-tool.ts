import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../tree/repo-root';
import { TOOL_NAME, toolVersion } from '../synth/tool-version';

/** Where a fleet keeps the tool's tarball, and the spec its package.json names it by (relative: npm ci installs it on any clone). */
export function vendoredTool(version: string = toolVersion()): { readonly file: string; readonly spec: string } {
  const file = `vendor/${TOOL_NAME}-${version}.tgz`;
  return { file, spec: `file:${file}` };
}

/**
 * Writes the running tool's tarball to `to`: the very file it was installed from when that was a
 * tarball (`from`, a `file:…tgz` spec), else `npm pack` of the folder it runs from. A checkout
 * builds dist/ on the way (prepare); an installed package ships it built and has no sources to
 * build from, so its scripts are not run.
 */
export function vendorTool(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  if (from.startsWith('file:') && from.endsWith('.tgz')) {
    fs.copyFileSync(from.slice('file:'.length), to);
    return;
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vendor-'));
  try {
    const checkout = fs.existsSync(path.join(REPO_ROOT, 'src'));
    const out = execFileSync('npm', ['pack', '--silent', '--pack-destination', scratch, ...(checkout ? [] : ['--ignore-scripts']), REPO_ROOT], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    fs.copyFileSync(path.join(scratch, out.trim().split('\n').at(-1)!), to);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
