import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';

// Vitest's global set-up: this checkout's dist/ brought up to date (tests run the bin from it),
// then the tool as users get it, once per run (tests share it, so the suite stays in its budget;
// NO_PACK=1 leaves this part out for a quick run of the other tests). `npm pack` this checkout, install the tarball into a scratch project as a
// user installs a tool, run its bin's `init`, and `npm install` the fleet that wrote. Tests then
// scaffold fleets of their own with the installed bin and reuse the installed node_modules.

const repo = path.resolve(import.meta.dirname, '../..');

export interface PackedTool {
  /** The tarball `npm pack` wrote. */
  readonly tarball: string;
  /** The installed package's bin (the scratch project's node_modules/.bin). */
  readonly bin: string;
  /** A fleet written by that bin's init and installed with npm install. */
  readonly fleet: string;
  readonly version: string;
  /** The scratch folder holding all of it. */
  readonly dir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    packedTool: PackedTool;
  }
}

const npm = (cwd: string, ...args: string[]) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

export async function setup(project: TestProject): Promise<() => void> {
  // dist/ as this checkout's sources are now, for the tests that run the bin from it.
  const build = (await import(pathToFileURL(path.join(repo, 'scripts/build.mjs')).href)) as { fresh: () => boolean; build: () => Promise<void> };
  if (!build.fresh()) await build.build();
  if (process.env.NO_PACK) return () => undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'packed-tool-'));
  const name = npm(repo, 'pack', '--silent', '--pack-destination', dir).trim().split('\n').at(-1)!;
  const tarball = path.join(dir, name);
  const install = path.join(dir, 'install');
  fs.mkdirSync(install);
  fs.writeFileSync(path.join(install, 'package.json'), '{ "name": "tool-install", "private": true }\n');
  npm(install, 'install', '--prefer-offline', '--no-audit', '--no-fund', tarball);
  const bin = path.join(install, 'node_modules/.bin/k3s-gitops-synth');
  const fleet = path.join(dir, 'fleet');
  execFileSync(bin, ['init', fleet], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  npm(fleet, 'install', '--prefer-offline', '--no-audit', '--no-fund');
  const version = (JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string }).version;
  project.provide('packedTool', { tarball, bin, fleet, version, dir });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
