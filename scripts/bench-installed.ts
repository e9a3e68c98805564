/**
 * The installed package's part of `npm run bench`: this checkout packed, installed into a scratch
 * project as a user installs a tool, a fleet written by its init and `npm install`ed, then
 * (a) synth of that fleet into an empty clusters/ by the installed bin, against the import floor
 *     of the fleet (scripts/bench-fleet-floor.mjs), and check of the unchanged tree;
 * (d) the fleet's CI commands one after another: typecheck, check, validate, review.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readTree } from '../src/tree/files';
import { packAndInstall } from './packed-fleet';

const repo = path.resolve(import.meta.dirname, '..');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Wall time of a command, in ms; fails loudly when it does. */
function timed(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): number {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr}`);
  return ms;
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@bench.invalid', ...args], { cwd, encoding: 'utf8' });

export interface InstalledFleet {
  readonly files: number;
  readonly floorMs: number;
  readonly synthMs: number;
  readonly checkMs: number;
  readonly ci: { readonly typecheckMs: number; readonly checkMs: number; readonly validateMs: number; readonly reviewMs: number; readonly totalMs: number };
  /** validate again with the validators the CI's run stored (a developer's second run). */
  readonly validateWarmMs: number;
}

/** Packs, installs and scaffolds in `scratch`, then measures; medians of `runs`. */
export function installedFleet(scratch: string, runs: number): InstalledFleet {
  const dir = fs.mkdtempSync(path.join(scratch, 'installed-'));
  const { fleet } = packAndInstall(dir, ['--flux-url', 'https://git.bench.test/ops/fleet.git']);
  const bin = path.join(fleet, 'node_modules/.bin/k3s-gitops-synth');

  // The files synth writes, as the floor's payload.
  timed(bin, ['synth'], fleet);
  const payload = path.join(dir, 'payload.json');
  const files = Object.fromEntries([...readTree(path.join(fleet, 'clusters'))].map(([rel, text]) => [`clusters/${rel}`, text]));
  fs.writeFileSync(payload, JSON.stringify(files));
  const floor: number[] = [];
  const synth: number[] = [];
  const check: number[] = [];
  for (let i = 0; i < runs; i++) {
    floor.push(timed(process.execPath, [path.join(repo, 'scripts/bench-fleet-floor.mjs'), fleet, payload, fs.mkdtempSync(path.join(dir, 'floor-'))], fleet));
    fs.rmSync(path.join(fleet, 'clusters'), { recursive: true, force: true });
    synth.push(timed(bin, ['synth'], fleet));
    check.push(timed(bin, ['check'], fleet));
  }

  // The fleet's CI on a pull request: npm test's parts, then the review against the base. A CI
  // machine starts without the validator cache (src/validate/validator-cache.ts): a folder of its own.
  const cache = { XDG_CACHE_HOME: fs.mkdtempSync(path.join(dir, 'cache-')) };
  git(fleet, 'init', '-q');
  git(fleet, 'add', '-A');
  git(fleet, 'commit', '-qm', 'base');
  const ci = {
    typecheckMs: timed(process.execPath, [path.join(fleet, 'node_modules/typescript/bin/tsc'), '--noEmit'], fleet),
    checkMs: timed(bin, ['check'], fleet),
    validateMs: timed(bin, ['validate'], fleet, cache),
    reviewMs: timed(bin, ['review', '--base', 'HEAD'], fleet),
  };
  return {
    files: Object.keys(files).length,
    floorMs: median(floor),
    synthMs: median(synth),
    checkMs: median(check),
    ci: { ...ci, totalMs: ci.typecheckMs + ci.checkMs + ci.validateMs + ci.reviewMs },
    validateWarmMs: timed(bin, ['validate'], fleet, cache),
  };
}

/** The tool's own suite, once, as `npm test` runs it (tsc and vitest), in ms. */
export function toolTests(): number {
  return timed('npm', ['test'], repo);
}
