import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POLICY_SCENARIO, runPolicyScenario } from '../../prove/policies';

describe('the policy scenario without the Kyverno CLI', () => {
  it('is not provable here, naming the missing binary, and scaffolds nothing', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'policies-test-'));
    const kyverno = path.join(work, 'no-such-kyverno');
    const result = await runPolicyScenario({ kyverno, work, bin: path.join(work, 'no-such-bin'), log: () => {} });
    expect(result).toEqual({ name: POLICY_SCENARIO, outcome: 'not provable here', reason: expect.stringContaining(`no Kyverno CLI at ${kyverno}`), steps: [] });
    expect(fs.readdirSync(work)).toEqual([]);
    fs.rmSync(work, { recursive: true });
  });
});
