import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';
import { packAndInstall } from '../../scripts/packed-fleet';
import type { PackedFleet } from '../../scripts/packed-fleet';

// Vitest's global set-up: this checkout's dist/ brought up to date (tests run the bin from it),
// then the tool as users get it (scripts/packed-fleet.ts), once per run: tests share it, so the
// suite stays in its budget, scaffolding fleets of their own with the installed bin and reusing
// the installed node_modules. NO_PACK=1 leaves the packing out for a quick run of other tests.

const repo = path.resolve(import.meta.dirname, '../..');

export interface PackedTool extends PackedFleet {
  readonly version: string;
  /** The scratch folder holding all of it. */
  readonly dir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    packedTool: PackedTool;
  }
}

export async function setup(project: TestProject): Promise<() => void> {
  // dist/ as this checkout's sources are now, for the tests that run the bin from it.
  const build = (await import(pathToFileURL(path.join(repo, 'scripts/build.mjs')).href)) as { fresh: () => boolean; build: () => Promise<void> };
  if (!build.fresh()) await build.build();
  if (process.env.NO_PACK) return () => undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'packed-tool-'));
  const { tarball, bin, fleet } = packAndInstall(dir);
  const version = (JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string }).version;
  project.provide('packedTool', { tarball, bin, fleet, version, dir });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
