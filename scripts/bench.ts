/**
 * `npm run bench`: the cost of synth, check and review, each as a ratio to a floor measured in the
 * same run on the same machine, so the figures compare across machines. Prints a table and writes
 * reports/bench.json. Never part of the test suite (no timed assertion anywhere).
 *
 *   npm run bench [-- --runs <n>] [--fleets 10,100,1000] [--no-suite] [--prove | --prove-cold]
 *
 * (a) whole-process synth of the example fleet into an empty folder, by the npm script's own
 *     command line, and check on the unchanged tree, against the import floor (a plain Node process
 *     loading cdk8s, cdk8s-plus-31, cdktf and yaml and writing the same files); and the same from
 *     the installed package in a fleet its init wrote, against that fleet's import floor
 *     (scripts/bench-installed.ts);
 * (b) in-process synth of generated fleets, per environment, against the serialisation floor (the
 *     same objects written with yaml / JSON.stringify and the project's options: the same bytes),
 *     with the scaling exponent and peak memory; compiled like the CLIs (scripts/bench-bundle.mjs);
 * (c) review of a change touching 100 environments;
 * (d) the fleet's CI commands (typecheck, check, validate, review) in that fleet;
 * (e) the tool's own npm test, once (--no-suite leaves it out);
 * (f) with --prove, the proving ground (npm run prove: root, libvirt, Go) warm, its binaries cached;
 *     with --prove-cold also cold: empty binary, Go build and Go module caches, so every module is
 *     downloaded and built again (the 0.9 libvirt provider from PROVE_SOURCES: docs/design/proving-ground.md).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { readTree } from '../src/tree/files';
import { benchBundles } from './bench-bundle.mjs';
import { installedFleet, toolTests } from './bench-installed';

const repo = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { runs: { type: 'string' }, fleets: { type: 'string' }, 'no-suite': { type: 'boolean' }, prove: { type: 'boolean' }, 'prove-cold': { type: 'boolean' } } });
const RUNS = Number(values.runs ?? 7);
const FLEETS = (values.fleets ?? '10,100,1000').split(',').map(Number);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));

/** Wall time of a child process, in ms; fails loudly when the child does. */
function timed(args: string[], cwd = repo): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stderr}`);
  return ms;
}

/** A root holding what synth reads besides the code: the encrypted secret sources. */
function freshRoot(): string {
  const root = fs.mkdtempSync(path.join(scratch, 'root-'));
  fs.cpSync(path.join(repo, 'secrets'), path.join(root, 'secrets'), { recursive: true });
  return root;
}

/** The npm scripts' own command line (package.json): the compiled bin through its launcher. */
const SYNTH = ['--', 'scripts/run.mjs'];

function wholeProcess() {
  // The files synth writes, as the floor's payload (this first run also brings dist/ up to date).
  const sample = freshRoot();
  timed([...SYNTH, 'synth', '--root', sample]);
  const files: Record<string, string> = {};
  for (const env of fs.readdirSync(path.join(sample, 'clusters'))) {
    for (const [rel, text] of readTree(path.join(sample, 'clusters', env))) files[`clusters/${env}/${rel}`] = text;
  }
  const payload = path.join(scratch, 'payload.json');
  fs.writeFileSync(payload, JSON.stringify(files));
  const floor: number[] = [];
  const synth: number[] = [];
  const check: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    floor.push(timed(['scripts/bench-floor.mjs', payload, fs.mkdtempSync(path.join(scratch, 'floor-'))]));
    const root = freshRoot();
    synth.push(timed([...SYNTH, 'synth', '--root', root]));
    check.push(timed([...SYNTH, 'check', '--root', root]));
  }
  return { files: Object.keys(files).length, floorMs: median(floor), synthMs: median(synth), checkMs: median(check) };
}

interface FleetRun { count: number; perEnvMs: number; floorPerEnvMs: number; synthMs: number; peakRssMiB: number }

function fleet(count: number): FleetRun {
  const runs = count >= 1000 ? Math.max(1, Math.floor(RUNS / 4)) : count >= 100 ? Math.max(1, Math.floor(RUNS / 2)) : RUNS;
  const results: FleetRun[] = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, [bundles.fleet, String(count)], { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 26 });
    results.push(JSON.parse(out.trim().split('\n').at(-1)!) as FleetRun);
  }
  const byTime = [...results].sort((a, b) => a.synthMs - b.synthMs)[Math.floor(results.length / 2)]!;
  return { ...byTime, peakRssMiB: Math.max(...results.map((r) => r.peakRssMiB)) };
}

function reviewCost(count: number) {
  const out = execFileSync(process.execPath, [bundles.review, String(count)], { cwd: repo, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!) as { count: number; reviewMs: number; perEnvMs: number; environments: number; dangers: number };
}

const bundles = await benchBundles();
const whole = wholeProcess();
const fleets = FLEETS.map(fleet);
const big = fleets.at(-1)!;
const mid = fleets.find((f) => f.count * 10 === big.count) ?? fleets.at(-2);
const exponent = mid ? Math.log(big.synthMs / mid.synthMs) / Math.log(big.count / mid.count) : undefined;
const rev = reviewCost(100);
const installed = installedFleet(scratch, RUNS);
const suiteMs = values['no-suite'] ? undefined : toolTests();
/** npm run prove's wall time; cold: every cache it and Go keep, empty (they are removed after). */
function proveMs(cold: boolean): number {
  const caches = fs.mkdtempSync(path.join(os.tmpdir(), 'prove-cold-'));
  const env = cold ? { XDG_CACHE_HOME: path.join(caches, 'xdg'), GOCACHE: path.join(caches, 'go-build'), GOMODCACHE: path.join(caches, 'go-mod') } : {};
  const started = performance.now();
  const r = spawnSync('npm', ['run', 'prove'], { cwd: repo, env: { ...process.env, ...env }, stdio: 'ignore' });
  const ms = performance.now() - started;
  // The module cache is read-only by design: make it writable to remove it.
  spawnSync('chmod', ['-R', 'u+w', caches]);
  fs.rmSync(caches, { recursive: true, force: true });
  if (r.status !== 0) throw new Error(`npm run prove (${cold ? 'cold' : 'warm'}) exited ${r.status}`);
  return ms;
}
const proveCold = values['prove-cold'] ? proveMs(true) : undefined;
const proveWarm = values.prove || values['prove-cold'] ? proveMs(false) : undefined;

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const f1 = (x: number) => x.toFixed(1);
const rows = [
  ['synth, shipped environments, empty folder (a)', `${Math.round(whole.synthMs)} ms`, `import floor ${Math.round(whole.floorMs)} ms`, `${f1(whole.synthMs / whole.floorMs)} ×`, '≤ 1.5 ×'],
  ['check, unchanged tree (a)', `${Math.round(whole.checkMs)} ms`, `synth ${Math.round(whole.synthMs)} ms`, `${f1(whole.checkMs / whole.synthMs)} ×`, '≤ 1 ×'],
  ['synth from the installed package, a fleet init wrote, empty clusters/ (a)', `${Math.round(installed.synthMs)} ms`, `fleet import floor ${Math.round(installed.floorMs)} ms`, `${f1(installed.synthMs / installed.floorMs)} ×`, '≤ 1.5 ×'],
  ['check from the installed package, unchanged tree (a)', `${Math.round(installed.checkMs)} ms`, `synth ${Math.round(installed.synthMs)} ms`, `${f1(installed.checkMs / installed.synthMs)} ×`, ''],
  ...fleets.map((f) => [`synth in process, ${f.count} environments (b)`, `${f1(f.perEnvMs)} ms/env`, `serialisation ${f1(f.floorPerEnvMs)} ms/env`, `${f1(f.perEnvMs / f.floorPerEnvMs)} ×`, f.count >= 100 ? '≤ 3 ×' : '']),
  ...(exponent === undefined ? [] : [[`scaling exponent ${mid!.count} → ${big.count} (b)`, f1(exponent), '', '', '≤ 1.05']]),
  [`peak memory, ${big.count} environments (b)`, `${Math.round(big.peakRssMiB)} MiB`, '', '', '< 1024 MiB'],
  [`review, change over ${rev.count} environments (c)`, `${Math.round(rev.reviewMs)} ms`, `${f1(rev.perEnvMs)} ms/env`, '', ''],
  [`the fleet's CI: typecheck ${f1(installed.ci.typecheckMs / 1000)} s, check ${f1(installed.ci.checkMs / 1000)} s, validate ${f1(installed.ci.validateMs / 1000)} s, review ${f1(installed.ci.reviewMs / 1000)} s (d)`, `${f1(installed.ci.totalMs / 1000)} s`, '', '', '≤ 60 s'],
  ['validate again, with the validators the first run stored (d)', `${f1(installed.validateWarmMs / 1000)} s`, `cold ${f1(installed.ci.validateMs / 1000)} s`, `${f1(installed.validateWarmMs / installed.ci.validateMs)} ×`, ''],
  ...(suiteMs === undefined ? [] : [["the tool's npm test (e)", `${f1(suiteMs / 1000)} s`, '', '', '≤ 240 s']]),
  ...(proveCold === undefined ? [] : [['npm run prove, cold: every Go module downloaded and built (f)', `${f1(proveCold / 60000)} min`, '', '', '≤ 20 min']]),
  ...(proveWarm === undefined ? [] : [['npm run prove, warm: the binaries cached (f)', `${f1(proveWarm / 60000)} min`, '', '', '≤ 10 min']]),
];
const table = ['| measure | value | floor | ratio | goal |', '| --- | --- | --- | --- | --- |', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
process.stdout.write(`${table}\n\nmachine: ${machine}; medians of ${RUNS} runs (fewer for the large fleets)\n`);
fs.mkdirSync(path.join(repo, 'reports'), { recursive: true });
fs.writeFileSync(path.join(repo, 'reports', 'bench.json'), `${JSON.stringify({ date: new Date().toISOString(), machine, runs: RUNS, whole, installed, suiteMs, proveCold, proveWarm, fleets, exponent, review: rev, table }, null, 2)}\n`);
fs.rmSync(scratch, { recursive: true, force: true });
