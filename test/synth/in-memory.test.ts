import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');

describe('synthesize()', () => {
  it('renders VM-backed environments, Terraform included, without touching the disk', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'in-memory-'));
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(repo, 'test/fixtures/synthesize-in.ts'), dir], { cwd: repo, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(Number(result.stdout)).toBeGreaterThan(20);
    // cdktf's App would have created cdktf.out/stacks/ here.
    expect(fs.readdirSync(dir)).toEqual([]);
    fs.rmSync(dir, { recursive: true });
  });
});
