import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STACK_FRAME, edit, npmRun, packedToolReady, removeScaffold, run, scaffold } from './scaffold';

// The conformance suites the way a user gets them: the packed bin's synth writes clusters/<env>/tests/,
// its validate checks them against Chainsaw's schemas, and its check sees an edit of them.
let fleet: string;

beforeAll(async () => {
  await packedToolReady();
  fleet = scaffold('fleet-conformance-', ['--name', 'lab', '--subnet', '10.45.0.0/24', '--vip', '10.45.0.10']);
}, 300_000);
afterAll(() => removeScaffold(fleet));

describe('the conformance suites of a fleet from the packed package', () => {
  it('are written by synth into clusters/<env>/tests/, listed as synth\'s own, and pass validate', () => {
    const synth = npmRun(fleet, 'synth');
    expect(synth.code, synth.stderr).toBe(0);
    const tests = path.join(fleet, 'clusters/lab/tests');
    expect(fs.readdirSync(tests).sort()).toEqual(expect.arrayContaining(['chainsaw-config.yaml', 'network']));
    expect(fs.readFileSync(path.join(tests, 'network/chainsaw-test.yaml'), 'utf8')).toMatch(/^apiVersion: chainsaw\.kyverno\.io\/v1alpha1\nkind: Test\n/);
    expect(fs.readFileSync(path.join(fleet, 'clusters/lab/synth-manifest.txt'), 'utf8')).toContain('tests/network/chainsaw-test.yaml\n');

    const validate = npmRun(fleet, 'validate', '--no-kustomize');
    expect(validate.code, `${validate.stdout}${validate.stderr}`).toBe(0);
    expect(validate.stdout).toMatch(/^chainsaw: \d+ suite documents of tests\/ validated against Chainsaw v0\.2\.12's schemas$/m);
  });

  it("validate's second run loads the validators its first stored, and judges the same", () => {
    const cache = fs.mkdtempSync(path.join(path.dirname(fleet), 'cache-'));
    const validate = () => run(fleet, 'npm', ['run', '-s', 'validate', '--', '--no-kustomize'], undefined, { XDG_CACHE_HOME: cache });
    const first = validate();
    expect(first.code, first.stderr).toBe(0);
    const dir = path.join(cache, 'k3s-gitops-synth/validators');
    const stored = new Map(fs.readdirSync(dir).map((name) => [name, fs.statSync(path.join(dir, name))]));
    expect(stored.size).toBeGreaterThan(0);
    const earlier = new Date(Date.now() - 2 * 86_400_000);
    for (const name of stored.keys()) fs.utimesSync(path.join(dir, name), earlier, earlier);
    const second = validate();
    expect(second.stdout).toBe(first.stdout);
    // Each file marked as used again, and none written anew (a write renames a new file into place).
    for (const [name, before] of stored) {
      const after = fs.statSync(path.join(dir, name));
      expect(after.ino, name).toBe(before.ino);
      expect(after.mtimeMs, name).toBeGreaterThan(earlier.getTime() + 86_400_000);
    }
    expect(fs.readdirSync(dir).sort()).toEqual([...stored.keys()].sort());
  });

  it('make a broken suite a validate finding and a check drift, never a stack trace', () => {
    edit(fleet, 'clusters/lab/tests/network/chainsaw-test.yaml', (t) => t.replace('\n  steps:\n', '\n  stepz:\n'));
    const validate = npmRun(fleet, 'validate', '--no-kustomize');
    expect(validate.code).toBe(1);
    expect(`${validate.stdout}${validate.stderr}`).toContain("/spec must NOT have additional properties (stepz) [test-chainsaw-v1alpha1.json]");
    const check = npmRun(fleet, 'check');
    expect(check.code).toBe(1);
    expect(`${check.stdout}${check.stderr}`).toContain('tests/network/chainsaw-test.yaml');
    expect(`${validate.stdout}${validate.stderr}${check.stdout}${check.stderr}`).not.toMatch(STACK_FRAME);
    // synth owns the file: it puts it back.
    expect(npmRun(fleet, 'synth').code).toBe(0);
    expect(npmRun(fleet, 'check').code).toBe(0);
  });
});
