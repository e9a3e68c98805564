import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RECIPIENTS_FILE } from '../../src/secrets/recipients-file';
import { FLEET_DIR } from '../fixtures/fleet-repo';

// `npm run secrets -- …` as the repository's script runs it, on mgmt and a lab1 whose line in
// age-recipients.ts is not written yet (`sops: { ageRecipients: ageRecipients.lab1 }` is undefined).
const repo = path.resolve(import.meta.dirname, '../..');
let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-missing-'));
  fs.cpSync(path.join(FLEET_DIR, 'secrets'), path.join(root, 'secrets'), { recursive: true });
  fs.mkdirSync(path.join(root, 'environments'));
  fs.cpSync(path.join(FLEET_DIR, 'age-recipients.ts'), path.join(root, RECIPIENTS_FILE));
  const workload = path.join(repo, 'test/fixtures/workload.ts');
  fs.writeFileSync(
    path.join(root, 'environments/index.ts'),
    `import { lab1, mgmtOfLab1 } from ${JSON.stringify(workload)};\nexport const environments = [mgmtOfLab1, { ...lab1, sops: { ageRecipients: undefined } }];\n`,
  );
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function secrets(...args: string[]) {
  const result = spawnSync(process.execPath, ['--', 'scripts/run.mjs', 'secrets', '--root', root, '--environments', path.join(root, 'environments/index.ts'), ...args], { cwd: repo, encoding: 'utf8', input: 'url=https://pve:8006\ntoken=a@pve!b\nsecret=c\n' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('an environment without a line in age-recipients.ts', () => {
  it('init adds the line; set on another environment warns; set on it names the line to add', { timeout: 120_000 }, () => {
    const set = secrets('set', 'lab1', 'apps/db', '--env-file', '-');
    expect(set.code).toBe(1);
    expect(set.stderr).toContain(`error lab1.sops.ageRecipients [spec.missing-field]: lab1 has no age recipients yet\n    fix: npm run secrets -- init lab1 creates its key pair and adds \`  lab1: ['age1…'],\` to ${RECIPIENTS_FILE}`);

    const other = secrets('set', 'mgmt', 'apps/pve-notes', '--env-file', '-', '--allow-demo-key');
    expect(other.stderr).toContain('warning lab1.sops.ageRecipients [spec.missing-field]');
    expect(other.code).toBe(0);
    expect(fs.existsSync(path.join(root, 'secrets/mgmt/apps.pve-notes.sops.yaml'))).toBe(true);

    const init = secrets('init', 'lab1');
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    const recipient = /new age key (age1\w+)/.exec(init.stdout)![1]!;
    expect(fs.readFileSync(path.join(root, RECIPIENTS_FILE), 'utf8')).toContain(`  lab1: ['${recipient}'],\n};`);
  });
});
