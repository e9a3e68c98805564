import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// CI sets CI=true, and vitest then fails a file with an obsolete or unwritten snapshot; on a
// developer's machine it writes new ones and only warns of obsolete ones, so a stale entry passed
// here and failed CI (stop 47). UPDATE_SNAPSHOT=none is vitest's own switch for CI's behaviour
// (vitest 4.1.12 resolveConfig: snapshotOptions.updateSnapshot), and `-u` still overrides it.
const root = path.resolve(import.meta.dirname, '../..');
const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** Each `vitest run` in a script, with whether it is started as CI starts it. */
function vitestRuns(script: string): { run: string; strict: boolean }[] {
  return script.split('&&').map((s) => s.trim()).filter((s) => /\bvitest run\b/.test(s)).map((run) => ({ run, strict: run.startsWith('UPDATE_SNAPSHOT=none vitest run') }));
}

describe('snapshots judged as CI judges them', () => {
  it.each(['test', 'test:release'])('npm run %s fails on an obsolete or unwritten snapshot, as CI does', (name) => {
    const runs = vitestRuns(scripts[name]!);
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.filter((r) => !r.strict)).toEqual([]);
  });

  it('fails when one of the runs of a script is started without the switch', () => {
    expect(vitestRuns('UPDATE_SNAPSHOT=none vitest run --project a && vitest run --project b').filter((r) => !r.strict)).toEqual([{ run: 'vitest run --project b', strict: false }]);
  });
});
