import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle } from '../../scripts/build.mjs';
import { synthCommand } from '../../src/synth/commands';
import { readTree, recover } from '../../src/synth/tree';
import { crashEnvironments } from '../fixtures/crash-environments';

const repo = path.resolve(import.meta.dirname, '../..');
const PAUSE_MS = 3;
let work: string;

/** Every environment tree of a scratch repository, keyed by environment. */
const trees = (root: string) => Object.fromEntries(crashEnvironments(false).map((e) => [e.name, readTree(path.join(root, 'clusters', e.name))]));

function build(changed: boolean): Record<string, Map<string, string>> {
  const root = fs.mkdtempSync(path.join(work, 'build-'));
  expect(synthCommand({ root, environments: crashEnvironments(changed) }).exitCode).toBe(0);
  return trees(root);
}

/**
 * Starts the slow synth of the new version and SIGKILLs it: `delayMs` after it started
 * (`'start'`), or after its first staging folder appeared (`'write'`), so the kills land at
 * known moments of the write phase whatever the machine's speed.
 */
function killAfter(root: string, from: 'start' | 'write', delayMs: number): Promise<'killed' | 'finished'> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [childScript, root, 'new', String(PAUSE_MS)], { cwd: repo });
    const clusters = path.join(root, 'clusters');
    let timer: NodeJS.Timeout | undefined;
    let poll: NodeJS.Timeout | undefined;
    const arm = () => { timer ??= setTimeout(() => child.kill('SIGKILL'), delayMs); };
    child.stdout.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('started')) return;
      if (from === 'start') arm();
      else poll ??= setInterval(() => fs.readdirSync(clusters).some((e) => e.startsWith('.synth-')) && (clearInterval(poll), arm()), 1);
    });
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      clearInterval(poll);
      resolve(signal === 'SIGKILL' ? 'killed' : 'finished');
    });
  });
}

/** How long the slow synth's write phase lasts: from its first staging folder to its exit. */
function writePhaseMs(root: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [childScript, root, 'new', String(PAUSE_MS)], { cwd: repo });
    const clusters = path.join(root, 'clusters');
    let started: number | undefined;
    const poll = setInterval(() => { if (started === undefined && fs.readdirSync(clusters).some((e) => e.startsWith('.synth-'))) started = Date.now(); }, 1);
    child.on('exit', () => {
      clearInterval(poll);
      resolve(Date.now() - (started ?? Date.now()));
    });
  });
}

/** The slow synth, compiled like the bin (its starts are most of this test's time under tsx). */
let childScript: string;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'));
  // Inside the repository (dist/test/), where the bundle's external packages resolve.
  const out = path.join(repo, 'dist/test');
  await bundle({ 'crash-synth': 'test/fixtures/crash-synth.ts' }, out);
  childScript = path.join(out, 'crash-synth.js');
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('crash safety of synth', () => {
  it('leaves every tree wholly old or wholly new whenever it is killed, and the next run recovers', async () => {
    const before = build(false);
    const after = build(true);
    const outcomes: string[] = [];
    let leftovers = 0;
    // Right after start (still rendering), then all through the writes, then never. The moments
    // are fractions of a write phase measured here, on this machine, with these trees.
    const timed = fs.mkdtempSync(path.join(work, 'timed-'));
    expect(synthCommand({ root: timed, environments: crashEnvironments(false) }).exitCode).toBe(0);
    const writeMs = await writePhaseMs(timed);
    const moments: ['start' | 'write', number][] = [
      ['start', 0],
      ...[0, 0.02, 0.1, 0.25, 0.45, 0.65, 0.85].map((f): ['write', number] => ['write', Math.round(f * writeMs)]),
      ['start', 60_000],
    ];
    for (const [from, delay] of moments) {
      const root = fs.mkdtempSync(path.join(work, 'run-'));
      expect(synthCommand({ root, environments: crashEnvironments(false) }).exitCode).toBe(0);
      const how = await killAfter(root, from, delay);
      const clusters = path.join(root, 'clusters');
      leftovers += fs.readdirSync(clusters).filter((e) => e.startsWith('.synth-')).length > 0 ? 1 : 0;

      recover(clusters); // what every run does first
      expect(fs.readdirSync(clusters).filter((e) => e.startsWith('.')), `delay ${delay}`).toEqual([]);
      const now = trees(root);
      for (const [env, tree] of Object.entries(now)) {
        const state = JSON.stringify([...tree]) === JSON.stringify([...before[env]!]) ? 'old' : JSON.stringify([...tree]) === JSON.stringify([...after[env]!]) ? 'new' : 'MIXED';
        expect(state, `${env} after a kill at ${delay} ms`).not.toBe('MIXED');
        outcomes.push(state);
      }
      expect(how === 'finished' ? outcomes.slice(-3) : []).not.toContain('old');

      // The next run does not trip on anything the killed one left.
      expect(synthCommand({ root, environments: crashEnvironments(true) }).exitCode).toBe(0);
      expect(trees(root)).toEqual(after);
    }
    expect(outcomes).toContain('old');
    expect(outcomes).toContain('new');
    // Some kills left one tree new and another old: they landed between two environments (any
    // two of a run's three, not only the first two).
    const runs = Array.from({ length: outcomes.length / 3 }, (_, k) => outcomes.slice(3 * k, 3 * k + 3));
    expect(runs.some((run) => new Set(run).size > 1), JSON.stringify(runs)).toBe(true);
    // Some kills landed mid-write: they left staging folders that recover() had to clean.
    expect(leftovers).toBeGreaterThan(0);
  }, 120_000);
});
