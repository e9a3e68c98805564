import { describe, expect, it } from 'vitest';
import { podPattern, POLICY_RULES } from '../../src/components/kyverno/policy-rules';
import type { Container } from '../../src/components/kyverno/policy-rules';

/**
 * The few pattern forms the table's rules use, read as Kyverno v1.19.0 documents them
 * (pkg/engine/pattern/pattern.go, pkg/engine/anchor): `*` any run, `?` one character, a leading
 * `!` negates, `=(key)` checks the key only where it exists, a one-element list applies to every
 * element, a string pattern never matches an absent value. Only to cross-check the table's two
 * forms; nothing of the tool uses it.
 */
function matches(pattern: unknown, value: unknown): boolean {
  if (typeof pattern === 'string') {
    const negated = pattern.startsWith('!');
    const glob = negated ? pattern.slice(1) : pattern;
    if (typeof value !== 'string' && typeof value !== 'number') return false;
    const re = new RegExp(`^${glob.split('').map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&'))).join('')}$`);
    return re.test(String(value)) !== negated;
  }
  if (Array.isArray(pattern)) return Array.isArray(value) && value.every((v) => matches(pattern[0], v));
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(pattern as Record<string, unknown>).every(([key, p]) => {
    const optional = /^=\((.+)\)$/.exec(key);
    const field = (value as Record<string, unknown>)[optional ? optional[1]! : key];
    return optional && field === undefined ? true : field !== undefined && matches(p, field);
  });
}

const IMAGES = ['nginx', 'nginx:1.29.1', 'nginx:latest', 'registry.local:5000/nginx', 'registry.local:5000/nginx:latest', 'nginx@sha256:abc', '', undefined];
const REQUESTS = [undefined, {}, { cpu: '50m' }, { memory: '64Mi' }, { cpu: '50m', memory: '64Mi' }, { cpu: 1, memory: '1Gi' }, { cpu: '', memory: '64Mi' }, { cpu: null, memory: '64Mi' }];
const CONTAINERS: Container[] = IMAGES.flatMap((image) => REQUESTS.map((requests) => ({ name: 'c', image, ...(requests === undefined ? {} : { resources: { requests } }) })));

describe("the rule table's two forms", () => {
  it.each(POLICY_RULES.map((r) => [`${r.policy}/${r.rule}`, r] as const))('%s: the synth check passes exactly the containers its Kyverno pattern matches', (_name, row) => {
    const pattern = podPattern(row.container);
    for (const container of CONTAINERS) {
      const pod = { spec: { containers: [container] } };
      expect(row.check(container) === undefined, JSON.stringify(container)).toBe(matches(pattern, pod));
      // An init container is held to the same pattern.
      expect(matches(pattern, { spec: { initContainers: [container], containers: [{ name: 'ok', image: 'a:1', resources: { requests: { cpu: '1', memory: '1' } } }] } })).toBe(matches(pattern, pod));
    }
  });

  it('each rule passes some containers and fails others (no rule is vacuous)', () => {
    for (const row of POLICY_RULES) {
      const verdicts = new Set(CONTAINERS.map((c) => row.check(c) === undefined));
      expect([...verdicts].sort(), row.rule).toEqual([false, true]);
    }
  });
});
