import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fleet as environments } from '../fixtures/fleet';
import { generateIdentity, parseIdentities } from '../../src/secrets/age-keys';
import { SecretsUsageError, secretsCommand } from '../../src/secrets/commands';
import type { SecretsContext } from '../../src/secrets/commands';
import { DEMO_AGE_KEY_FILE } from '../../src/secrets/demo';
import { decryptDocument } from '../../src/secrets/sops-document';
import { RECIPIENTS_FILE } from '../../src/secrets/recipients-file';
import { FLEET_DIR } from '../fixtures/fleet-repo';
import YAML from 'yaml';
import { OTHER_AGE_RECIPIENT, modifyWorkload } from '../fixtures/environments';
import { lab1, mgmtOfLab1 } from '../fixtures/workload';

const repo = path.resolve(import.meta.dirname, '../..');
const SHIPPED = 'secrets/mgmt/capmox-system.capmox-variables.sops.yaml';
let root: string;
let stdin = '';

beforeEach(() => {
  stdin = '';
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
  // A repository's worth of the fixture fleet: its sources, the demo key and a recipients file.
  fs.cpSync(path.join(FLEET_DIR, 'secrets'), path.join(root, 'secrets'), { recursive: true });
  fs.cpSync(path.join(repo, 'test/fixtures/age/demo.agekey'), path.join(root, DEMO_AGE_KEY_FILE));
  fs.mkdirSync(path.join(root, path.dirname(RECIPIENTS_FILE)), { recursive: true });
  fs.cpSync(path.join(FLEET_DIR, 'age-recipients.ts'), path.join(root, RECIPIENTS_FILE));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const ctx = (vars: Record<string, string> = {}): SecretsContext => ({
  root,
  environments,
  vars,
  now: () => new Date('2026-11-30T12:00:00Z'),
  readStdin: () => stdin,
});
const withDemoKey = { SOPS_AGE_KEY_FILE: DEMO_AGE_KEY_FILE };
const demo = () => parseIdentities(fs.readFileSync(path.join(root, DEMO_AGE_KEY_FILE), 'utf8'));
const run = (argv: string[], vars?: Record<string, string>) => secretsCommand(argv, ctx(vars));

async function shippedValues(): Promise<Record<string, string>> {
  const decrypted = await decryptDocument(fs.readFileSync(path.join(FLEET_DIR, SHIPPED), 'utf8'), demo());
  return Object.fromEntries(decrypted.values.filter((v) => v.encrypted).map((v) => [v.path[1]!, Buffer.from(v.plaintext, 'base64').toString()]));
}

describe('secrets set', () => {
  it('leaves the shipped secret byte-identical when set again with the same values', async () => {
    const values = await shippedValues();
    const before = fs.readFileSync(path.join(root, SHIPPED), 'utf8');
    stdin = Object.entries(values).map(([k, v]) => `${k}=${v}\n`).join('');
    const result = await run(['set', 'mgmt', 'capmox-system/capmox-variables', '--env-file', '-'], withDemoKey);
    expect(result).toMatchObject({ exitCode: 0, stdout: `${SHIPPED}: unchanged\n` });
    expect(fs.readFileSync(path.join(root, SHIPPED), 'utf8')).toBe(before);
  });

  it('refuses to encrypt to the demo key without --allow-demo-key, and writes nothing', async () => {
    stdin = 'PASSWORD=hunter2\n';
    const result = await run(['set', 'dev', 'apps/db', '--env-file', '-']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('refusing to encrypt secrets/dev/apps.db.sops.yaml to the public demo key');
    expect(fs.existsSync(path.join(root, 'secrets/dev/apps.db.sops.yaml'))).toBe(false);
    const allowed = await run(['set', 'dev', 'apps/db', '--env-file', '-', '--allow-demo-key']);
    expect(allowed.exitCode).toBe(0);
    expect(allowed.stderr).toContain('no component of dev references apps/db');
  });

  it('refuses to encrypt when a recipient is an age identity, without repeating it, and writes nothing', async () => {
    const identity = 'AGE-SECRET-KEY-1QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ';
    const pasted = environments.map((e) => (e.name === 'dev' ? { ...e, sops: { ageRecipients: [identity] } } : e));
    stdin = 'PASSWORD=hunter2\n';
    const result = await secretsCommand(['set', 'dev', 'apps/db', '--env-file', '-', '--allow-demo-key'], { ...ctx(), environments: pasted });
    expect(result).toMatchObject({ exitCode: 1, stdout: '' });
    expect(result.stderr).toContain('nothing written: dev.sops.ageRecipients[0] holds an age identity (the private key, not shown), not a recipient; put its recipient there (age-keygen -y <key file> prints it)');
    expect(result.stderr).not.toContain('KEY-1QQ');
    expect(fs.existsSync(path.join(root, 'secrets/dev/apps.db.sops.yaml'))).toBe(false);
  });

  it('refuses to modify an existing file without an identity, and says why', async () => {
    stdin = 'PROXMOX_URL=https://elsewhere\n';
    const result = await run(['set', 'mgmt', 'capmox-system/capmox-variables', '--env-file', '-', '--allow-demo-key']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('no age identity is available');
  });

  it('reads values from stdin and from files, and never prints them', async () => {
    stdin = '# comment\nUSER=admin\nPASSWORD=s3cr3t-from-stdin\n';
    fs.writeFileSync(path.join(root, 'cert.pem'), 'PEM-FROM-FILE');
    const result = await run(['set', 'dev', 'apps/db', '--env-file', '-', '--file', 'CERT=cert.pem', '--allow-demo-key']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout + result.stderr).not.toMatch(/admin|s3cr3t|PEM-FROM-FILE/);
    const decrypted = await decryptDocument(fs.readFileSync(path.join(root, 'secrets/dev/apps.db.sops.yaml'), 'utf8'), demo());
    const plain = decrypted.values.filter((v) => v.encrypted).map((v) => Buffer.from(v.plaintext, 'base64').toString());
    expect(plain).toEqual(['PEM-FROM-FILE', 's3cr3t-from-stdin', 'admin']);
  });

  it('rejects a malformed line without echoing it', async () => {
    stdin = 'just-a-secret-value\n';
    await expect(run(['set', 'dev', 'apps/db', '--env-file', '-'])).rejects.toThrow(SecretsUsageError);
    await expect(run(['set', 'dev', 'apps/db', '--env-file', '-'])).rejects.not.toThrow(/just-a-secret-value/);
    await expect(run(['set', 'staging', 'apps/db', '--env-file', '-'])).rejects.toThrow('unknown environment staging; known: dev, mgmt, prod');
  });

  it('fails when a value is given as an argument: nothing written, the value never repeated, the same command reading stdin instead', async () => {
    const result = await run(['set', 'dev', 'apps/db', 'PASSWORD=hunter2', 'USER=admin', '--allow-demo-key']);
    expect(result).toEqual({
      stdout: '',
      stderr: "refusing PASSWORD=…, USER=… on the command line: a value there is kept in shell history and npm's log; nothing written\n" +
        '    fix: npm run secrets -- set dev apps/db --allow-demo-key --env-file - (then type PASSWORD=…, USER=…, one KEY=VALUE a line, and Ctrl-D; or < a file of such lines)\n' +
        '    note: the value typed is in your shell history already (and in ~/.npm/_logs when it came through npm run): if it is a real secret, rotate it\n',
      exitCode: 2,
    });
    expect(fs.existsSync(path.join(root, 'secrets/dev/apps.db.sops.yaml'))).toBe(false);
  });

  it('fails when a word without a key is given as an argument, and never repeats it', async () => {
    const result = await run(['set', 'dev', 'apps/db', 'hunter2']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('refusing an argument (not shown) on the command line');
    expect(result.stderr).toContain('fix: npm run secrets -- set dev apps/db --env-file - (then type KEY=…,');
    expect(result.stderr).not.toContain('hunter2');
  });

  it('fails when a value is given beside --env-file, and names one --file per key instead (stdin is taken)', async () => {
    fs.writeFileSync(path.join(root, 'cert.pem'), 'PEM');
    const result = await run(['set', 'dev', 'apps/db', '--env-file', 'db.env', '--file', 'CERT=cert.pem', '--remove', 'OLD', 'PASSWORD=hunter2']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('    fix: npm run secrets -- set dev apps/db --file CERT=cert.pem --remove OLD --env-file db.env --file PASSWORD=<file holding it>\n');
    expect(result.stderr).not.toContain('hunter2');
  });
});

describe('secrets show and check', () => {
  it('show decrypts to stdout with an identity', async () => {
    const result = await run(['show', 'mgmt', 'capmox-system/capmox-variables'], withDemoKey);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^apiVersion: v1\nkind: Secret\n/);
    expect(result.stdout).not.toContain('sops:');
    expect(result.stdout).toContain(`PROXMOX_URL: ${Buffer.from((await shippedValues()).PROXMOX_URL!).toString('base64')}`);
  });

  it('show fails cleanly without an identity', async () => {
    const result = await run(['show', 'mgmt', 'capmox-system/capmox-variables']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('none of the available age identities');
  });

  it('check passes, MAC-verifies with a key, and fails on a tampered file', async () => {
    expect(await run(['check'])).toMatchObject({ exitCode: 0 });
    expect((await run(['check'], withDemoKey)).stdout).toContain('mgmt: 1 secret(s), 1 MAC-verified');
    const file = path.join(root, SHIPPED);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('lastmodified: "', 'lastmodified: "1'));
    const failed = await run(['check', '--env', 'mgmt'], withDemoKey);
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr).toContain('[secret.undecryptable]');
  });
});

describe('secrets init', () => {
  it('creates a key pair outside Git, switches the environment, re-encrypts its secrets', async () => {
    const values = await shippedValues();
    const result = await run(['init', 'mgmt']);
    expect(result.exitCode).toBe(0);
    const keyFile = path.join(root, '.age/mgmt.agekey');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const identity = parseIdentities(fs.readFileSync(keyFile, 'utf8'));
    const recipient = /public key: (age1\w+)/.exec(fs.readFileSync(keyFile, 'utf8'))![1]!;
    const recipients = fs.readFileSync(path.join(root, 'environments/age-recipients.ts'), 'utf8');
    expect(recipients).toContain(`  mgmt: ['${recipient}'],`);
    expect(recipients).toContain('  dev: [DEMO_AGE_RECIPIENT],');
    const text = fs.readFileSync(path.join(root, SHIPPED), 'utf8');
    const decrypted = await decryptDocument(text, identity);
    expect(decrypted.values.filter((v) => v.encrypted).map((v) => Buffer.from(v.plaintext, 'base64').toString()).sort()).toEqual(Object.values(values).sort());
    await expect(decryptDocument(text, demo())).rejects.toThrow();
    // flux-system does not exist before Flux: the runbook applies the key; the line is for a running Flux.
    expect(result.stdout).toContain("next:\n  the cold build's Flux step applies it as flux-system/sops-age (clusters/mgmt/bootstrap/README.md); where mgmt's Flux runs already, apply it now:\n  kubectl -n flux-system create secret generic sops-age --from-file=age.agekey=.age/mgmt.agekey --dry-run=client -o yaml | kubectl apply --server-side --field-manager=k3s-gitops-synth --force-conflicts -f - && kubectl -n flux-system annotate secret sops-age kubectl.kubernetes.io/last-applied-configuration-\n");
    expect((await run(['init', 'mgmt'])).exitCode).toBe(1);
  });
});

describe("a workload cluster's SOPS identity", () => {
  it("is encrypted to its management environment's recipients, whose Flux delivers it", async () => {
    const fleet = [mgmtOfLab1, modifyWorkload(lab1, (e) => { e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; })];
    const file = 'secrets/lab1/flux-system.sops-age.sops.yaml';
    stdin = 'age.agekey=AGE-SECRET-KEY-1…\n';
    const result = await secretsCommand(['set', 'lab1', 'flux-system/sops-age', '--env-file', '-', '--allow-demo-key'], { ...ctx(), environments: fleet });
    expect(result).toMatchObject({ exitCode: 0 });
    const written = YAML.parse(fs.readFileSync(path.join(root, file), 'utf8'));
    expect(written.sops.age.map((a: { recipient: string }) => a.recipient)).toEqual(mgmtOfLab1.sops.ageRecipients);
    // Any other Secret of lab1 is its own recipients'.
    stdin = 'PASSWORD=x\n';
    await secretsCommand(['set', 'lab1', 'apps/db', '--env-file', '-'], { ...ctx(), environments: fleet });
    const own = YAML.parse(fs.readFileSync(path.join(root, 'secrets/lab1/apps.db.sops.yaml'), 'utf8'));
    expect(own.sops.age.map((a: { recipient: string }) => a.recipient)).toEqual([OTHER_AGE_RECIPIENT]);
  });

  /** mgmt switched to a real key in .age/mgmt.agekey, lab1 to a recipient whose key is not here, and lab1's identity written. */
  async function deliveredIdentity() {
    const mgmtKey = await generateIdentity();
    fs.mkdirSync(path.join(root, '.age'));
    fs.writeFileSync(path.join(root, '.age/mgmt.agekey'), `# public key: ${mgmtKey.recipient}\n${mgmtKey.identity}\n`);
    const fleet = [{ ...mgmtOfLab1, sops: { ageRecipients: [mgmtKey.recipient] } }, modifyWorkload(lab1, (e) => { e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; })];
    const c = (vars: Record<string, string> = {}) => ({ ...ctx(vars), environments: fleet });
    stdin = 'age.agekey=AGE-SECRET-KEY-1X\n';
    expect(await secretsCommand(['set', 'lab1', 'flux-system/sops-age', '--env-file', '-'], c())).toMatchObject({ exitCode: 0 });
    return { c, fleet, mgmtKey };
  }

  it("check and show open it with the delivering environment's key file", async () => {
    const { c } = await deliveredIdentity();
    expect(await secretsCommand(['check', '--env', 'lab1'], c())).toMatchObject({ exitCode: 0, stdout: 'lab1: 1 secret(s), 1 MAC-verified\n', stderr: '' });
    const shown = await secretsCommand(['show', 'lab1', 'flux-system/sops-age'], c());
    expect(shown).toMatchObject({ exitCode: 0 });
    expect(shown.stdout).toContain(`age.agekey: ${Buffer.from('AGE-SECRET-KEY-1X').toString('base64')}`);
    // Without mgmt's key, the fix names the file that would open it.
    fs.rmSync(path.join(root, '.age/mgmt.agekey'));
    expect((await secretsCommand(['check', '--env', 'lab1'], c())).stdout).toBe('lab1: 1 secret(s), 0 MAC-verified (no identity: key-free checks only)\n');
    const wrong = await secretsCommand(['check', '--env', 'lab1'], c(withDemoKey));
    expect(wrong.exitCode).toBe(1);
    expect(wrong.stderr).toContain("it is encrypted to mgmt's (whose Flux delivers it) recipients; looked in SOPS_AGE_KEY_FILE=secrets/demo.agekey, .age/mgmt.agekey");
    expect((await secretsCommand(['show', 'lab1', 'flux-system/sops-age'], c())).stderr).toContain('put mgmt\'s identity at .age/mgmt.agekey');
  });

  it('init re-encrypts it with the delivering environment, never with the workload cluster', async () => {
    const { c, mgmtKey } = await deliveredIdentity();
    const file = path.join(root, 'secrets/lab1/flux-system.sops-age.sops.yaml');
    const before = fs.readFileSync(file, 'utf8');
    const initLab1 = (await secretsCommand(['init', 'lab1'], c())).stdout;
    expect(initLab1).toContain('re-encrypted: 0 secret(s)\n');
    // Its key is never copied by hand: the next step encrypts it for mgmt's Flux to deliver.
    expect(initLab1).toContain("next:\n  npm run secrets -- set lab1 flux-system/sops-age --file age.agekey=.age/lab1.agekey   (mgmt's Flux delivers it)\n");
    expect(initLab1).not.toContain('kubectl');
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    fs.rmSync(path.join(root, '.age/mgmt.agekey'));
    const init = await secretsCommand(['init', 'mgmt'], c({ SOPS_AGE_KEY: mgmtKey.identity, SOPS_AGE_KEY_FILE: DEMO_AGE_KEY_FILE }));
    expect(init).toMatchObject({ exitCode: 0 });
    expect(init.stdout).toContain('re-encrypted: 2 secret(s) (1 it delivers to its workload clusters)');
    const recipient = /public key: (age1\w+)/.exec(fs.readFileSync(path.join(root, '.age/mgmt.agekey'), 'utf8'))![1]!;
    expect(YAML.parse(fs.readFileSync(file, 'utf8')).sops.age.map((a: { recipient: string }) => a.recipient)).toEqual([recipient]);
  });
});
