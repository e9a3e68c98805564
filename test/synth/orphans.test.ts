import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCommand, synthCommand } from '../../src/synth/commands';
import { singleServer } from '../fixtures/environments';

describe('folders under clusters/ that no environment writes', () => {
  it('fail check, are named by synth, and are never deleted', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'orphans-'));
    const environments = [singleServer];
    expect(synthCommand({ root, environments }).exitCode).toBe(0);
    expect(checkCommand({ root, environments }).exitCode).toBe(0);

    fs.mkdirSync(path.join(root, 'clusters/old/kubernetes'), { recursive: true });
    fs.writeFileSync(path.join(root, 'clusters/old/kubernetes/kustomization.yaml'), 'resources: []\n');
    fs.mkdirSync(path.join(root, 'clusters/.synth-staging'));

    const checked = checkCommand({ root, environments });
    expect(checked.exitCode).toBe(1);
    expect(checked.stderr).toBe('clusters/old/ belongs to no environment in environments/; if that environment is gone, delete it (git rm -r clusters/old/), else restore the environment\n');
    // Checking one environment says nothing about the others' folders.
    expect(checkCommand({ root, environments, only: ['single'] }).exitCode).toBe(0);

    const synthesized = synthCommand({ root, environments });
    expect(synthesized.exitCode).toBe(0);
    expect(synthesized.stderr).toContain('note: clusters/old/ belongs to no environment');
    expect(fs.existsSync(path.join(root, 'clusters/old/kubernetes/kustomization.yaml'))).toBe(true);
    fs.rmSync(root, { recursive: true });
  });
});
