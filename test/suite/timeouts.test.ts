import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import mutation from '../../vitest.mutation.config';
import config from '../../vitest.config';
import { timeoutSites } from './timeouts';

// Below a minute, a test that spawns npm, the bin or kubectl fails on a loaded two-core runner
// (the upgrade test's 10 s afterAll did, issue 43). The suite's floor for every timeout it sets.
const FLOOR_MS = 60_000;
const root = path.resolve(import.meta.dirname, '../..');

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : testFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the suite under load', () => {
  it.each([
    ['vitest.config.ts', config],
    ['vitest.mutation.config.ts', mutation],
  ])('%s: tests and hooks wait at least a minute', (_file, c) => {
    const { testTimeout, hookTimeout } = (c as { test: { testTimeout?: number; hookTimeout?: number } }).test;
    expect(testTimeout).toBeGreaterThanOrEqual(FLOOR_MS);
    expect(hookTimeout).toBeGreaterThanOrEqual(FLOOR_MS);
  });

  it('sets no timeout under a minute in any test file', () => {
    const files = [...testFiles(path.join(root, 'test')), ...testFiles(path.join(root, 'prove'))];
    const short = files.flatMap((file) =>
      timeoutSites(fs.readFileSync(file, 'utf8'), file)
        .filter((s) => !(s.ms >= FLOOR_MS))
        .map((s) => `${path.relative(root, file)}:${s.line} ${s.call} ${s.ms} ms`),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(short).toEqual([]);
  });
});

describe('timeoutSites', () => {
  it('finds a hook, a test option and a group number, as written', () => {
    const sites = timeoutSites(
      [
        "afterAll(() => rm(dir), 10_000);",
        "it('runs', { timeout: 2 * 60_000 }, () => {});",
        "it.each([[1]])('row %s', () => {}, 6e4);",
        "describe('group', () => {}, 300_000);",
        "setTimeout(() => {}, 250);",
      ].join('\n'),
    );
    expect(sites).toEqual([
      { line: 1, call: 'afterAll', ms: 10_000 },
      { line: 2, call: 'it', ms: 120_000 },
      { line: 3, call: 'it', ms: 60_000 },
      { line: 4, call: 'describe', ms: 300_000 },
    ]);
  });

  it('reports a timeout it cannot read as NaN, which no floor admits', () => {
    expect(timeoutSites("it('x', { timeout: SHORT }, () => {});")).toEqual([{ line: 1, call: 'it', ms: Number.NaN }]);
  });
});
