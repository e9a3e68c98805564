import { describe, expect, it } from 'vitest';
import { POLICY_RULES } from '../../src/components/kyverno/policy-rules';
import type { Container } from '../../src/components/kyverno/policy-rules';

const row = (rule: string) => POLICY_RULES.find((r) => r.rule === rule)!;
const holds = (rule: string, container: Container) => row(rule).check(container) === undefined;

/**
 * The verdicts each row's CEL condition gives, as CEL reads it (`.?x.orValue('')` makes an absent
 * field the empty string; `string()` turns a number into its text). The proving ground
 * (prove/policies.ts) compares the rendered policies with `kyverno apply` itself on the corpus.
 */
describe("the rule table's two forms", () => {
  it.each([
    ['nginx', false, true],
    ['nginx:1.29.1', true, true],
    ['nginx:latest', true, false],
    ['registry.local:5000/nginx', true, true],
    ['registry.local:5000/nginx:latest', true, false],
    ['nginx@sha256:abc', true, true],
    ['', false, true],
    [undefined, false, true],
  ])('image %s: a tag %s, not latest %s', (image, tagged, notLatest) => {
    expect(row('require-image-tag').condition).toBe("container.?image.orValue('').contains(':')");
    expect(row('disallow-latest').condition).toBe("!container.?image.orValue('').endsWith(':latest')");
    expect(holds('require-image-tag', { image })).toBe(tagged);
    expect(holds('disallow-latest', { image })).toBe(notLatest);
  });

  it.each([
    [undefined, false],
    [{}, false],
    [{ cpu: '50m' }, false],
    [{ memory: '64Mi' }, false],
    [{ cpu: '50m', memory: '64Mi' }, true],
    [{ cpu: 1, memory: '1Gi' }, true],
    [{ cpu: '', memory: '64Mi' }, false],
    [{ cpu: '0', memory: '0' }, true],
  ])('requests %j: %s', (requests, ok) => {
    expect(row('cpu-and-memory').condition).toBe("string(container.?resources.?requests.?cpu.orValue('')) != '' && string(container.?resources.?requests.?memory.orValue('')) != ''");
    expect(holds('cpu-and-memory', requests === undefined ? {} : { resources: { requests } })).toBe(ok);
  });

  it('names the value at fault and a fix in every failing check', () => {
    const problems = [row('require-image-tag').check({ image: 'nginx' }), row('disallow-latest').check({ image: 'nginx:latest' }), row('cpu-and-memory').check({ resources: { requests: { cpu: '1' } } })];
    expect(problems).toMatchObject([
      { value: 'nginx', fix: 'pin a version: nginx:<version>' },
      { value: 'nginx:latest', fix: 'pin a version instead: nginx:<version>' },
      { problem: 'its resources.requests set no memory', fix: 'set resources.requests.memory to what the container uses (e.g. 64Mi)' },
    ]);
  });
});
