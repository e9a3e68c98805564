import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkCommand, diffCommand, synthCommand } from '../../src/synth/commands';
import { singleServer } from '../fixtures/environments';

// bootstrap/run.sh is the runbook as a script: written 0755, so a fleet's git records 100755.

let root: string;
const environments = [singleServer];
const script = () => path.join(root, 'clusters/single/bootstrap/run.sh');
const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' });

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'commands-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the run script keeps its execute bit', () => {
  it('is committed as 100755 after a synth', () => {
    expect(synthCommand({ root, environments }).exitCode).toBe(0);
    git('init', '--quiet');
    git('add', 'clusters');
    expect(git('ls-files', '--stage', 'clusters/single/bootstrap/run.sh')).toMatch(/^100755 /);
    expect(git('ls-files', '--stage', 'clusters/single/bootstrap/README.md')).toMatch(/^100644 /);
  });

  it('fails check when run.sh lost its execute bit, naming the file and the fix', () => {
    synthCommand({ root, environments });
    fs.chmodSync(script(), 0o644);
    const checked = checkCommand({ root, environments });
    expect(checked.exitCode).toBe(1);
    // Its bytes are the tree's: no diff, no "differ" line, only the mode.
    expect(checked.stdout).toBe('');
    expect(checked.stderr).toBe(
      'clusters/single/bootstrap/run.sh is not executable on disk; run npm run synth (it writes the file with mode 0755) and commit it, so git records 100755 (where core.fileMode is false: git update-index --chmod=+x clusters/single/bootstrap/run.sh)\n',
    );
  });

  it('is made executable again by synth, which says so, and check passes after', () => {
    synthCommand({ root, environments });
    fs.chmodSync(script(), 0o644);
    expect(diffCommand({ root, environments }).stderr).toContain('single: 0 added, 0 changed, 0 removed, 1 made executable by synth;');
    expect(synthCommand({ root, environments }).stdout).toMatch(/^single: 0 added, 0 changed, 0 removed, 1 made executable; /);
    expect(fs.statSync(script()).mode & 0o777).toBe(0o755);
    expect(checkCommand({ root, environments })).toMatchObject({ exitCode: 0, stdout: 'single: up to date\n' });
  });
});

describe('check after a tool upgrade', () => {
  it('fails when the version that wrote the tree is said after its diff: the line comes first, then the diff', () => {
    synthCommand({ root, environments });
    // A tree written by an earlier release: its manifest's stamp and one file differ.
    const manifest = path.join(root, 'clusters/single/synth-manifest.txt');
    fs.writeFileSync(manifest, fs.readFileSync(manifest, 'utf8').replace(/^# Written by: .*$/m, '# Written by: k3s-gitops-synth 0.0.1'));
    const checked = checkCommand({ root, environments });
    expect(checked.exitCode).toBe(1);
    expect(checked.stdout).toMatch(/^clusters\/single\/ was written by k3s-gitops-synth 0\.0\.1; k3s-gitops-synth \S+ is installed: run npm run synth, then npm run review to see what the release changes\n--- a\/clusters\/single\//);
    expect(checked.stderr).not.toContain('was written by');
    expect(checked.stderr).toContain('clusters/single/ differ from what the code synthesizes (diff above)');
  });
});
