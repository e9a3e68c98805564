import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// In a process of its own: Node warns of a deprecation once per process.
const entry = path.resolve(import.meta.dirname, '../../src/infra/cdktf-warnings.ts');
const run = (body: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `import util from 'node:util'; const { withoutCdktfDeprecations } = await import(${JSON.stringify(entry)}); ${body}`], { encoding: 'utf8' });

describe("cdktf's deprecation warning", () => {
  it("drops DEP0044 inside the render, in both of emitWarning's forms, and it stays spent after", () => {
    const result = run("withoutCdktfDeprecations(() => { process.emitWarning('a', 'DeprecationWarning', 'DEP0044'); process.emitWarning('b', { type: 'DeprecationWarning', code: 'DEP0044' }); util.isArray([]); }); util.isArray([]);");
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('fails when it would drop any other warning, inside the render or after it', () => {
    const result = run("withoutCdktfDeprecations(() => process.emitWarning('inside', 'DeprecationWarning', 'DEP0999')); process.emitWarning('after', 'DeprecationWarning', 'DEP0044');");
    expect(result.stderr).toContain('[DEP0999] DeprecationWarning: inside');
    expect(result.stderr).toContain('[DEP0044] DeprecationWarning: after');
  });
});
