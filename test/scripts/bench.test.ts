import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSpec } from '../../src/model/spec-check';
import { fleetOf } from '../../scripts/bench-specs';

// The bench's parts run and measure what they say; their figures are never asserted (npm run
// bench reports them as ratios to floors measured in the same run).
const repo = path.resolve(import.meta.dirname, '../..');

describe('npm run bench', () => {
  it('generates valid, distinct environments with every component on', () => {
    const fleet = fleetOf(300);
    expect(fleet.flatMap(checkSpec)).toEqual([]);
    expect(new Set(fleet.map((e) => e.network.subnet)).size).toBe(300);
    expect(fleet[0]).toMatchObject({ cilium: {}, longhorn: {}, defaultDeny: {}, kyverno: {}, monitoring: { profile: 'small' } });
  });

  it('measures a fleet in process against its serialisation floor, and a review', () => {
    const run = (script: string, n: number) => JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', script, String(n)], { cwd: repo, encoding: 'utf8' }).trim().split('\n').at(-1)!);
    const fleet = run('scripts/bench-fleet.ts', 2);
    expect(Object.keys(fleet).sort()).toEqual(['bytes', 'count', 'floorMs', 'floorPerEnvMs', 'peakRssMiB', 'perEnvMs', 'synthMs']);
    expect(fleet.count).toBe(2);
    expect(fleet.bytes).toBeGreaterThan(100_000);
    const review = run('scripts/bench-review.ts', 2);
    expect(review).toMatchObject({ count: 2, environments: 2 });
    expect(review.dangers).toBeGreaterThan(0);
  });
});
