/**
 * This checkout as a user gets it: `npm pack`, the tarball installed into a scratch project as a
 * user installs a tool, a fleet written by that bin's `init` and `npm install`ed. Shared by the
 * suite's global set-up (test/package/packed-tool.ts) and `npm run bench`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');

export interface PackedFleet {
  /** The tarball `npm pack` wrote. */
  readonly tarball: string;
  /** The installed package's bin (the scratch project's node_modules/.bin). */
  readonly bin: string;
  /** A fleet written by that bin's init and installed with npm install. */
  readonly fleet: string;
}

const npm = (cwd: string, ...args: string[]) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Packs this checkout and installs the tarball into `dir/install`, as a user installs the tool. */
export function packTool(dir: string): { tarball: string; bin: string } {
  const tarball = path.join(dir, npm(repo, 'pack', '--silent', '--pack-destination', dir).trim().split('\n').at(-1)!);
  const install = path.join(dir, 'install');
  fs.mkdirSync(install);
  fs.writeFileSync(path.join(install, 'package.json'), '{ "name": "tool-install", "private": true }\n');
  npm(install, 'install', '--prefer-offline', '--no-audit', '--no-fund', tarball);
  return { tarball, bin: path.join(install, 'node_modules/.bin/k3s-gitops-synth') };
}

/** Packs, installs and scaffolds inside `dir`; `initArgs` are init's answers. */
export function packAndInstall(dir: string, initArgs: readonly string[] = []): PackedFleet {
  const { tarball, bin } = packTool(dir);
  const fleet = initFleet(bin, path.join(dir, 'fleet'), initArgs);
  return { tarball, bin, fleet };
}

/** A fleet written by the installed tool's `init` into `fleet`, then `npm install`ed; returns `fleet`. */
export function initFleet(bin: string, fleet: string, initArgs: readonly string[] = []): string {
  execFileSync(bin, ['init', fleet, ...initArgs], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  npm(fleet, 'install', '--prefer-offline', '--no-audit', '--no-fund');
  return fleet;
}
