import { describe, expect, it } from 'vitest';
import { compareVerdicts, findingsCheck, findingVerdicts, kyvernoVerdicts, readKyvernoOutput, synthVerdicts, verdictsOf } from '../../prove/policy-verdicts';
import type { Judged, Verdicts } from '../../prove/policy-verdicts';

// Kyverno's policy report as `kyverno apply --policy-report --output-format json` (v1.19.0) prints it.
const result = (policy: string, verdict: string, resource: Record<string, string>, index?: number) => ({
  source: 'KyvernoValidatingPolicy', policy, result: verdict, scored: true, resources: [resource], message: 'm',
  properties: { process: 'background scan', ...(index !== undefined && { 'cel.validationIndex': String(index) }) },
});
const pod = (name: string, namespace = 'shop') => ({ kind: 'Pod', namespace, name, apiVersion: 'v1' });
const report = (...results: unknown[]) => ({ kind: 'ClusterReport', apiVersion: 'openreports.io/v1alpha1', metadata: { name: 'merged' }, results });

describe("Kyverno's policy report in the synth check's words", () => {
  it('reads the report line of the output, and no verdict where the CLI printed no report', () => {
    const out = `${JSON.stringify(report(result('require-requests', 'pass', pod('a'))))}\n`;
    expect(readKyvernoOutput(out)).toEqual({ report: report(result('require-requests', 'pass', pod('a'))), unloaded: [] });
    expect(readKyvernoOutput('')).toEqual({ report: { results: [] }, unloaded: [] });
  });

  it('fails when the CLI could not load a policy: it lists the policy', () => {
    const out = ['----', 'Invalid Policies:', '1. require-requests: spec.validations[0]: compile error', '----', '{"results":[]}'].join('\n');
    expect(readKyvernoOutput(out).unloaded).toEqual(['1. require-requests: spec.validations[0]: compile error']);
  });

  it("names a failing validation by the table's rule at its cel.validationIndex, per object and policy", () => {
    const verdicts = kyvernoVerdicts(report(
      result('disallow-latest-tag', 'fail', pod('a'), 1),
      result('require-requests', 'pass', pod('a')),
      result('disallow-latest-tag', 'fail', pod('b'), 0),
      result('require-requests', 'error', pod('b'), 0),
    ));
    expect(Object.fromEntries(verdicts)).toEqual({
      'Pod/shop/a': { 'disallow-latest-tag': 'fail:disallow-latest', 'require-requests': 'pass' },
      'Pod/shop/b': { 'disallow-latest-tag': 'fail:require-image-tag', 'require-requests': 'error' },
    });
  });

  it('finds an object that names no namespace where the CLI puts it: default', () => {
    const verdicts = kyvernoVerdicts(report(result('require-requests', 'pass', pod('a', 'default'))));
    expect(verdictsOf(verdicts, { kind: 'Pod', metadata: { name: 'a' } })).toEqual({ 'require-requests': 'pass' });
    expect(verdictsOf(verdicts, { kind: 'Pod', metadata: { name: 'a', namespace: 'shop' } })).toEqual({});
  });

  it("gives policyVerdicts' verdicts in the same words", () => {
    const doc = { kind: 'Pod', metadata: { name: 'a', namespace: 'shop' }, spec: { containers: [{ name: 'c', image: 'x:latest' }] } };
    expect(synthVerdicts(doc, ['kube-system'])).toEqual({ 'disallow-latest-tag': 'fail:disallow-latest', 'require-requests': 'fail:cpu-and-memory' });
    expect(synthVerdicts({ ...doc, metadata: { name: 'a', namespace: 'kube-system' } }, ['kube-system'])).toEqual({});
  });
});

describe("synth's findings as verdicts", () => {
  const line = (code: string, object: string, policy: string, rule: string, container = 'c') =>
    `error manifests/shop/x.yaml [${code}]: app shop: ${object}, container ${container} (spec.containers[0]): image x; Kyverno's policy ${policy} (rule ${rule}) refuses it at admission\n    fix: pin a version`;

  it("reads each object's failing policies from the rule's findings, and only that rule's", () => {
    const out = [
      line('kyverno.app-refused', 'Deployment shop/web', 'disallow-latest-tag', 'disallow-latest'),
      line('kyverno.app-refused', 'Pod shop/debug', 'require-requests', 'cpu-and-memory'),
      line('kyverno.app-audited', 'Pod shop/other', 'require-requests', 'cpu-and-memory'),
    ].join('\n');
    expect(Object.fromEntries(findingVerdicts(out, 'kyverno.app-refused'))).toEqual({
      'Deployment/shop/web': { 'disallow-latest-tag': 'fail:disallow-latest' },
      'Pod/shop/debug': { 'require-requests': 'fail:cpu-and-memory' },
    });
  });

  it("keeps the policy's first rule in table order when two containers fail different rules, as Kyverno reports the first failing validation", () => {
    const out = [
      line('kyverno.app-refused', 'Pod shop/two', 'disallow-latest-tag', 'disallow-latest', 'a'),
      line('kyverno.app-refused', 'Pod shop/two', 'disallow-latest-tag', 'require-image-tag', 'b'),
    ].join('\n');
    expect(findingVerdicts(out, 'kyverno.app-refused').get('Pod/shop/two')).toEqual({ 'disallow-latest-tag': 'fail:require-image-tag' });
  });

  const kyverno = new Map<string, Verdicts>([['Pod/shop/debug', { 'disallow-latest-tag': 'pass', 'require-requests': 'fail:cpu-and-memory' }], ['Pod/shop/ok', { 'require-requests': 'pass' }]]);

  it('holds when the findings name exactly the policies Kyverno fails, with the same rule', () => {
    const findings = new Map([['Pod/shop/debug', { 'require-requests': 'fail:cpu-and-memory' }]]);
    expect(findingsCheck('w', findings, kyverno)).toMatchObject({ ok: true, detail: '1 failing verdicts on 1 objects' });
  });

  it('fails when a finding names an object Kyverno passes', () => {
    const findings = new Map([['Pod/shop/debug', { 'require-requests': 'fail:cpu-and-memory' }], ['Pod/shop/ok', { 'require-requests': 'fail:cpu-and-memory' }]]);
    expect(findingsCheck('w', findings, kyverno)).toMatchObject({ ok: false, detail: 'they differ on Pod/shop/ok' });
  });

  it('fails when synth names no failing object at all (the step proves nothing)', () => {
    expect(findingsCheck('w', new Map(), new Map([['Pod/shop/ok', { 'require-requests': 'pass' }]]))).toMatchObject({ ok: false });
  });
});

describe('the two verdicts compared', () => {
  const agree: Judged = { address: 'Pod/shop/a', synth: { p: 'pass', q: 'fail:r' }, kyverno: { p: 'pass', q: 'fail:r' } };
  const failing = (judged: Judged[]) => compareVerdicts(judged).checks.filter((c) => !c.ok).map((c) => `${c.what}: ${c.detail}`);

  it('agrees row by row, every check holding', () => {
    const { rows, checks } = compareVerdicts([agree, { address: 'ConfigMap/shop/c', synth: {}, kyverno: {} }]);
    expect(rows).toEqual([
      { address: 'Pod/shop/a', predicted: 'p: pass; q: fail:r', real: 'p: pass; q: fail:r', agrees: true },
      { address: 'ConfigMap/shop/c', predicted: 'no policy matches', real: 'no policy matches', agrees: true },
    ]);
    expect(checks.every((c) => c.ok)).toBe(true);
  });

  it.each([
    ['fails when Kyverno judges an object the synth check leaves unjudged', { synth: {}, kyverno: { p: 'pass' } }, 'Kyverno judges no object the synth check leaves unjudged'],
    ['fails when the synth check judges an object Kyverno leaves unjudged', { synth: { p: 'pass' }, kyverno: {} }, 'the synth check judges no object Kyverno leaves unjudged'],
    ['fails when Kyverno errs on a policy', { synth: { p: 'fail:r' }, kyverno: { p: 'error' } }, 'Kyverno evaluates every policy to pass or fail (no error, skip or warn)'],
    ['fails when Kyverno fails what synth passes', { synth: { p: 'pass' }, kyverno: { p: 'fail:r' } }, 'no object the synth check passes fails in Kyverno'],
    ['fails when Kyverno passes what synth fails', { synth: { p: 'fail:r' }, kyverno: { p: 'pass' } }, 'no object the synth check fails passes in Kyverno'],
    ['fails when both fail with another rule', { synth: { p: 'fail:r' }, kyverno: { p: 'fail:s' } }, 'where both fail an object, they name the same rule'],
  ])('%s: exactly that class', (_name, verdicts, what) => {
    const judged = [agree, { address: 'Pod/shop/b', ...verdicts }];
    expect(failing(judged)).toEqual([`${what}: Pod/shop/b`]);
    expect(compareVerdicts(judged).rows.map((r) => r.agrees)).toEqual([true, false]);
  });

  it("fails when Kyverno's verdict is not the corpus's expected one, though the synth check agrees with Kyverno", () => {
    const judged: Judged[] = [{ ...agree, expected: { p: 'pass', q: 'fail:r' } }, { address: 'Pod/shop/b', synth: { p: 'pass' }, kyverno: { p: 'pass' }, expected: { p: 'fail:r' } }];
    expect(failing(judged)).toEqual(['Kyverno gives every one of the 2 corpus objects the verdicts its annotation expects: Pod/shop/b']);
    expect(compareVerdicts(judged).rows[1]).toMatchObject({ agrees: false, note: 'the corpus expects p: fail:r' });
  });
});
