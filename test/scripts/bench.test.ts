import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSpec } from '../../src/model/spec-check';
import { fleetOf } from '../../scripts/bench-specs';
import { benchBundles } from '../../scripts/bench-bundle.mjs';

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

  it('measures a fleet in process, compiled, against a floor that writes the same bytes, and a review', async () => {
    const bundles = await benchBundles();
    const run = (script: string, n: number) => JSON.parse(execFileSync(process.execPath, [script, String(n)], { cwd: repo, encoding: 'utf8' }).trim().split('\n').at(-1)!);
    const fleet = run(bundles.fleet, 2);
    expect(Object.keys(fleet).sort()).toEqual(['bytes', 'count', 'differing', 'floorMs', 'floorPerEnvMs', 'peakRssMiB', 'perEnvMs', 'synthMs']);
    expect(fleet.count).toBe(2);
    expect(fleet.bytes).toBeGreaterThan(100_000);
    // The floor serialises the same objects with the same options: not one file may differ.
    expect(fleet.differing).toBe(0);
    const review = run(bundles.review, 2);
    expect(review).toMatchObject({ count: 2, environments: 2 });
    expect(review.dangers).toBeGreaterThan(0);
  });
});
