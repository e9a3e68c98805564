import { describe, expect, it } from 'vitest';
import { answersTo, formatViolation, hasErrors, runRules, shown } from '../../src/model/violation';
import type { Rule, Violation } from '../../src/model/violation';

const violation = (severity: Violation['severity']): Violation => ({
  code: 'vip.is-node-ip',
  severity,
  path: 'prod.controlPlane.vip',
  value: '192.168.2.10',
  message: 'the VIP is the IP of node k3s-prod-1',
  fix: 'pick a free address',
});

describe('violations', () => {
  it('formats one violation as a line and an indented fix', () => {
    expect(formatViolation(violation('error'))).toBe(
      'error prod.controlPlane.vip [vip.is-node-ip]: the VIP is the IP of node k3s-prod-1\n    fix: pick a free address',
    );
  });

  it('counts only errors as errors', () => {
    expect(hasErrors([violation('warning')])).toBe(false);
    expect(hasErrors([violation('warning'), violation('error')])).toBe(true);
    expect(hasErrors([])).toBe(false);
  });

  it('runs every rule and stamps each finding with its code and severity', () => {
    const rules: Rule<number>[] = [
      { code: 'a.none', severity: 'error', summary: 'never', check: () => [] },
      { code: 'b.twice', severity: 'warning', summary: 'twice', check: (n) => [1, 2].map((i) => ({ path: `p${i}`, value: String(n), message: 'm', fix: 'f' })) },
    ];
    expect(runRules(rules, 7)).toEqual([
      { code: 'b.twice', severity: 'warning', path: 'p1', value: '7', message: 'm', fix: 'f' },
      { code: 'b.twice', severity: 'warning', path: 'p2', value: '7', message: 'm', fix: 'f' },
    ]);
  });

  it.each([
    [undefined, '(not set)'],
    [null, '(not set)'],
    ['', '(empty)'],
    [0, '0'],
    [false, 'false'],
    ['enp1s0', 'enp1s0'],
    [{ a: 1 }, '{"a":1}'],
  ])('shows %j as %j', (value, text) => {
    expect(shown(value)).toBe(text);
  });
});

describe('codes and their aliases', () => {
  const rules = [{ code: 'new.code', aliases: ['old.code'] }, { code: 'old.code' }, { code: 'other.code' }];
  it('a code answers to itself and to the aliases its rule keeps, never the reverse nor another rule\'s', () => {
    expect(answersTo('new.code', 'new.code', rules)).toBe(true);
    expect(answersTo('new.code', 'old.code', rules)).toBe(true);
    expect(answersTo('old.code', 'new.code', rules)).toBe(false);
    expect(answersTo('other.code', 'old.code', rules)).toBe(false);
    expect(answersTo('unknown.code', 'old.code', rules)).toBe(false);
  });
});
