import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';
import { packAndInstall } from '../../scripts/packed-fleet';
import type { PackedFleet } from '../../scripts/packed-fleet';

// Vitest's global set-up: this checkout's dist/ brought up to date (tests run the bin from it),
// then, beside the tests, the typecheck (scripts/typecheck.mjs, `npm run typecheck`: it writes the
// API's types the packing ships) and the tool as users get it (scripts/packed-fleet.ts), once per
// run: tests share it, so the suite stays in its budget, scaffolding fleets of their own with the
// installed bin and reusing the installed node_modules. NO_PACK=1 leaves both out for a quick run
// of other tests.

const repo = path.resolve(import.meta.dirname, '../..');

export interface PackedTool extends PackedFleet {
  readonly version: string;
  /** The scratch folder holding all of it. */
  readonly dir: string;
  /** Written when the packing is done (`ready`), or failed (`failed`, with npm's output). */
  readonly ready: string;
  readonly failed: string;
  /** Written when the typecheck is done: `{ status, output }` (test/typecheck.test.ts reads it). */
  readonly typecheck: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    packedTool: PackedTool;
  }
}

// The typecheck and the packing take about a minute of the compiler and npm: they run beside the
// tests instead of before them (on two cores the suite alone left one idle for a while), and the
// tests that need them wait (test/typecheck.test.ts, test/package/scaffold.ts packedToolReady); the
// sequencer runs those after the longest of the others (vitest.config.ts), by when both are done.
// The packing comes second: its prepack finds the types the typecheck wrote fresh
// (scripts/types.mjs) and compiles nothing.
const PACK = `const dir = process.argv.at(-1);
const fs = await import('node:fs');
const { spawnSync } = await import('node:child_process');
const checked = spawnSync(process.execPath, ['scripts/typecheck.mjs'], { cwd: ${JSON.stringify(repo)}, encoding: 'utf8' });
const killed = checked.signal === null ? '' : 'the typecheck was killed by ' + checked.signal;
fs.writeFileSync(dir + '/typecheck.json', JSON.stringify({ status: checked.status, output: String(checked.stdout) + String(checked.stderr) + String(checked.error ?? '') + killed }));
if (checked.status !== 0) fs.writeFileSync(dir + '/failed', 'the typecheck failed (test/typecheck.test.ts shows its errors)');
else try { (await import(${JSON.stringify(pathToFileURL(path.join(repo, 'scripts/packed-fleet.ts')).href)})).packAndInstall(dir); fs.writeFileSync(dir + '/ready', ''); }
catch (error) { fs.writeFileSync(dir + '/failed', String(error?.stderr ?? '') + String(error?.message ?? error)); }`;

export async function setup(project: TestProject): Promise<() => void> {
  // dist/ as this checkout's sources are now, for the tests that run the bin from it.
  const build = (await import(pathToFileURL(path.join(repo, 'scripts/build.mjs')).href)) as { fresh: () => boolean; build: () => Promise<void> };
  if (!build.fresh()) await build.build();
  if (process.env.NO_PACK) return () => undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'packed-tool-'));
  const version = (JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string }).version;
  // A process group of its own, so the teardown stops the typecheck and npm with it: left running,
  // the typecheck would rewrite dist/types under a later run or npm pack.
  const packing = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PACK, '--', dir], { cwd: repo, stdio: 'ignore', detached: true });
  const files = { typecheck: path.join(dir, 'typecheck.json'), ready: path.join(dir, 'ready'), failed: path.join(dir, 'failed') };
  // Ended before writing what the tests wait for (a crash, a kill): they are told so at once.
  packing.on('exit', (code, signal) => {
    const why = `the set-up's typecheck and packing process ended (exit code ${code}, signal ${signal}) before it was done`;
    if (!fs.existsSync(dir)) return;
    if (!fs.existsSync(files.typecheck)) fs.writeFileSync(files.typecheck, JSON.stringify({ status: null, output: why }));
    if (!fs.existsSync(files.ready) && !fs.existsSync(files.failed)) fs.writeFileSync(files.failed, why);
  });
  const stop = () => {
    try {
      process.kill(-packing.pid!, 'SIGKILL');
    } catch {
      // already ended
    }
  };
  process.once('exit', stop);
  // The paths packAndInstall writes (npm pack names the tarball <name>-<version>.tgz).
  project.provide('packedTool', {
    tarball: path.join(dir, `k3s-gitops-synth-${version}.tgz`),
    bin: path.join(dir, 'install/node_modules/.bin/k3s-gitops-synth'),
    fleet: path.join(dir, 'fleet'),
    version,
    dir,
    ...files,
  });
  return () => {
    stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
