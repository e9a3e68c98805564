import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STACK_FRAME, edit, npmRun, packedToolReady, scaffold } from './scaffold';

// The conformance suites the way a user gets them: the packed bin's synth writes clusters/<env>/tests/,
// its validate checks them against Chainsaw's schemas, and its check sees an edit of them.
let fleet: string;

beforeAll(async () => {
  await packedToolReady();
  fleet = scaffold('fleet-conformance-', ['--name', 'lab', '--subnet', '10.45.0.0/24', '--vip', '10.45.0.10']);
}, 300_000);
afterAll(() => fs.rmSync(path.dirname(fleet), { recursive: true, force: true }));

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
