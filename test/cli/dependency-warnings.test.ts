import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// In a process of its own: the bin replaces process.emitWarning for its whole run.
const entry = path.resolve(import.meta.dirname, '../../src/cli/dependency-warnings.ts');
const script = (emits: string) =>
  `const { dropDependencyDeprecations } = await import(${JSON.stringify(entry)}); dropDependencyDeprecations(); ${emits}`;
const run = (emits: string) => spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(emits)], { encoding: 'utf8' });

describe("a dependency's deprecation warnings", () => {
  it("drops cdktf's util.isArray warning (DEP0044), in both of emitWarning's forms", () => {
    const result = run("process.emitWarning('util.isArray is deprecated', 'DeprecationWarning', 'DEP0044'); process.emitWarning('again', { type: 'DeprecationWarning', code: 'DEP0044' });");
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('fails when it would drop any other warning: those print as Node prints them', () => {
    const result = run("process.emitWarning('something else', 'DeprecationWarning', 'DEP0999'); process.emitWarning('plain');");
    expect(result.stderr).toContain('[DEP0999] DeprecationWarning: something else');
    expect(result.stderr).toContain('Warning: plain');
  });
});
