import { describe, expect, it } from 'vitest';
import { remediationLimit } from '../../src/workload/health-check';

describe('the remediation limit of a machine set', () => {
  it.each([
    [1, 1],
    [2, 1],
    [3, 1],
    [4, 2],
    [5, 2],
    [7, 3],
  ])('lets %i replicas be remediated while at most %i are unhealthy', (replicas, limit) => {
    expect(remediationLimit(replicas)).toBe(limit);
  });

  it('stops remediation when every machine of a set of two or more is unhealthy at once', () => {
    for (const replicas of [2, 3, 5, 10]) expect(remediationLimit(replicas), String(replicas)).toBeLessThan(replicas);
  });
});
