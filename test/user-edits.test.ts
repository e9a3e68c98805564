import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The repository as a user makes it their own: a copy of this very checkout, edited the way an
// operator edits their fleet, must still synthesize, check and validate green. This is the proof
// that the suite tests the tool and that the shipped environments are only data.
const repo = path.resolve(import.meta.dirname, '..');
let copy: string;

function npm(...args: string[]) {
  const result = spawnSync('npm', ['run', '-s', ...args], { cwd: copy, encoding: 'utf8', env: { ...process.env, SOPS_AGE_KEY_FILE: '', SOPS_AGE_KEY: '' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function edit(rel: string, change: (text: string) => string) {
  const file = path.join(copy, rel);
  const before = fs.readFileSync(file, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`the edit of ${rel} changed nothing: the test no longer matches the file`);
  fs.writeFileSync(file, after);
}

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'user-repo-'));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: repo, encoding: 'utf8' }).split('\n').filter(Boolean);
  for (const file of files.filter((f) => fs.existsSync(path.join(repo, f)))) {
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(repo, file), path.join(copy, file));
  }
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  // Start from a tree in step with the environments, as a user's clone is.
  expect(npm('synth').code).toBe(0);
});
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

describe('a user makes the repository their own', () => {
  it('adds two dev servers (raising the memory budget), renames one, adds staging, a secret and an app: synth, check, validate pass', () => {
    edit('src/environments/dev.ts', (t) =>
      t
        .replace("{ name: 'k3s-dev-3', ip: '192.168.1.52' },", "{ name: 'k3s-dev-3', ip: '192.168.1.52' },\n    { name: 'k3s-dev-4', ip: '192.168.1.53' },\n    { name: 'k3s-dev-5', ip: '192.168.1.54' },")
        .replace('memoryBudgetMiB: 22528', 'memoryBudgetMiB: 32768')
        .replaceAll('k3s-dev-2', 'k3s-dev-b')
        .replace("  sops: {", "  secrets: [{ namespace: 'apps', name: 'db', keys: ['PASSWORD'], layer: 'apps' }],\n  sops: {")
        .replace("  apps: [", "  apps: [\n    { name: 'whoami', layer: 'apps', manifests: 'manifests/dev/whoami' },"),
    );
    fs.mkdirSync(path.join(copy, 'manifests/dev/whoami'), { recursive: true });
    fs.writeFileSync(
      path.join(copy, 'manifests/dev/whoami/deployment.yaml'),
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: whoami\n  namespace: whoami\nspec:\n  selector:\n    matchLabels: {app: whoami}\n  template:\n    metadata:\n      labels: {app: whoami}\n    spec:\n      containers:\n        - name: whoami\n          image: traefik/whoami:v1.11.0\n',
    );
    fs.writeFileSync(
      path.join(copy, 'src/environments/staging.ts'),
      fs
        .readFileSync(path.join(copy, 'src/environments/prod.ts'), 'utf8')
        .replaceAll('prod', 'staging')
        .replaceAll('192.168.2.', '192.168.3.')
        .replace("ageRecipients: ageRecipients.staging", 'ageRecipients: ageRecipients.prod'),
    );
    edit('src/environments/index.ts', (t) => t.replace("import { prod } from './prod';", "import { prod } from './prod';\nimport { staging } from './staging';").replace('[mgmt, dev, prod]', '[mgmt, dev, prod, staging]'));
    edit('src/versions.ts', (t) => t.replace("  prod: 'v1.36.4+k3s1',", "  prod: 'v1.36.4+k3s1',\n  // renovate: datasource=github-releases depName=k3s-io/k3s\n  staging: 'v1.36.4+k3s1',"));

    const init = npm('secrets', '--', 'init', 'dev');
    expect(init.code, init.stderr).toBe(0);
    const set = spawnSync('npm', ['run', '-s', 'secrets', '--', 'set', 'dev', 'apps/db', '--env-file', '-'], { cwd: copy, input: 'PASSWORD=correct-horse-battery\n', encoding: 'utf8' });
    expect(set.status, set.stderr).toBe(0);

    const synth = npm('synth');
    expect(synth.code, synth.stderr).toBe(0);
    expect(synth.stdout).toMatch(/^staging: \d+ added/m);
    expect(fs.existsSync(path.join(copy, 'clusters/dev/bootstrap/nodes/k3s-dev-5/config.yaml'))).toBe(true);
    expect(fs.existsSync(path.join(copy, 'clusters/dev/kubernetes/apps/secrets/secret.apps.db.sops.yaml'))).toBe(true);
    expect(fs.existsSync(path.join(copy, 'clusters/dev/kubernetes/apps/whoami/deployment.yaml'))).toBe(true);
    expect(fs.readFileSync(path.join(copy, 'clusters/dev/terraform/cdk.tf.json'), 'utf8')).toContain('"k3s-dev-b"');

    const check = npm('check');
    expect(check.code, check.stderr + check.stdout).toBe(0);
    const validate = npm('validate');
    expect(validate.code, validate.stderr + validate.stdout).toBe(0);
    expect(validate.stdout).toContain('validate: all checks passed');
  });
});

describe('the suite reads none of the users\' data', () => {
  it('no test or fixture imports src/environments/ (they are the users\' fleet, guarded by check and validate)', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.ts$/.test(entry.name) && /from '(\.\.\/)+src\/environments|import\('(\.\.\/)+src\/environments/.test(fs.readFileSync(full, 'utf8'))) offenders.push(path.relative(repo, full));
      }
    };
    walk(path.join(repo, 'test'));
    expect(offenders).toEqual([]);
  });
});
