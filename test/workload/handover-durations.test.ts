import { describe, expect, it } from 'vitest';
import { sumDurations } from '../../src/workload/handover/durations';

describe('sumDurations', () => {
  it.each([[['10m', '5m'], '15m'], [['1h', '30m'], '90m'], [['90s', '1m'], '150s'], [['5m'], '5m']])('adds %j to %s', (durations, sum) => {
    expect(sumDurations(durations)).toBe(sum);
  });
});
