import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_MODULE, fleetRepo } from './fixtures/fleet-repo';

// Every command as this repository's npm scripts run it, on the fixture fleet in a scratch repository.
const repo = path.resolve(import.meta.dirname, '..');
let root: string;
beforeAll(() => { root = fleetRepo('options-'); });
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const scripts = (JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/**
 * `npm run -s <script> -- <args>` as npm runs it: the script's own command line with the
 * arguments after `--` appended, spawned without npm itself (a second of start-up per call).
 */
function npm([script, ...rest]: string[], input?: string) {
  const [command, ...words] = scripts[script!]!.split(' ');
  expect(command, script).toBe('node');
  const args = [...words, ...(rest[0] === '--' ? rest.slice(1) : rest)];
  const result = spawnSync(process.execPath, args, { cwd: repo, encoding: 'utf8', input });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('every command', () => {
  it.each([['synth'], ['check'], ['diff'], ['validate'], ['secrets'], ['vendor']])('%s --help prints the usage and exits 0', (script) => {
    const { code, stdout } = npm([script, '--', '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: /);
  });

  // Every command's unknown flag is the packed bin's test (test/package/help.test.ts): here the
  // arguments reach it through a script, with a subcommand before them and without.
  it.each([['synth'], ['secrets']])('%s names an unknown flag and prints the usage, exit 2, no stack trace', (script) => {
    const { code, stderr } = npm([script, '--', ...(script === 'secrets' ? ['check'] : []), '--bogus']);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe('unknown option --bogus');
    expect(stderr).toContain('usage: ');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

describe('--environments and --root', () => {
  it('check, validate and secrets work on another repository and environments module', () => {
    expect(npm(['check', '--', '--root', root, '--environments', FLEET_MODULE]).code).toBe(0);
    // The kustomize builds of these trees are validate's own test (test/validate): here, the options.
    expect(npm(['validate', '--', '--root', root, '--environments', FLEET_MODULE, '--no-kustomize']).code).toBe(0);
    const secrets = npm(['secrets', '--', 'check', '--root', root, '--environments', FLEET_MODULE]);
    expect(secrets.code, secrets.stderr).toBe(0);
    expect(secrets.stdout).toContain('mgmt: 1 secret(s)');
  });

  it('secrets set reads values from stdin with --env-file - (node 20 would take the flag for itself)', () => {
    const result = npm(['secrets', '--', 'set', 'dev', 'apps/db', '--env-file', '-', '--allow-demo-key', '--root', root, '--environments', FLEET_MODULE], 'PASSWORD=correct-horse\n');
    expect(result.code, result.stderr).toBe(0);
    expect(fs.readFileSync(path.join(root, 'secrets/dev/apps.db.sops.yaml'), 'utf8')).toMatch(/PASSWORD: ENC\[AES256_GCM,/);
  });

  it('reports a misspelt field of an environment module as a violation, not a stack trace, and writes nothing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'envmod-'));
    const module = path.join(dir, 'environments.mjs');
    fs.writeFileSync(module, `export const environments = [{ name: 'typo', baseDomain: 'typo.test', netwrk: {} }];\n`);
    const result = npm(['synth', '--', '--root', dir, '--environments', module]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error typo.netwrk [spec.unknown-field]: netwrk is not a field here; did you mean network?');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(fs.readdirSync(dir)).toEqual(['environments.mjs']);
    fs.rmSync(dir, { recursive: true });
  });

  it('names an environments module that does not exist, and the file it looked for', () => {
    const missing = path.join(os.tmpdir(), 'no-such-fleet', 'envs.ts');
    const result = npm(['validate', '--', '--environments', missing, '--no-kustomize']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`--environments ${missing}: there is no ${missing}; name a fleet's environments module (environments/index.ts in its folder)\n`);
  });

  const CASES = ['exports no environments', 'throws while it loads', 'does not parse'];
  it.each([
    ['exports no environments', 'export const nothing = 1;\n', /none\.ts exports no environments list; export const environments = \[ … \]$/],
    ['throws while it loads', "const versions: any = {};\nexport const environments = [{ k3s: versions.k3s.staging }];\n", /none\.ts could not be loaded: Cannot read properties of undefined \(reading 'staging'\) \(at .*none\.ts:2:\d+\)$/],
    ['does not parse', 'export const environments = [{ name: 1 }}];\n', /none\.ts could not be loaded: .*none\.ts:1:\d+: ERROR: Expected "\]" but found "}"$/],
  ])('names an environments module that %s, with its line, and no stack trace', (_what, text, expected) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'envmod-'));
    fs.writeFileSync(path.join(dir, 'none.ts'), text);
    // One loader serves every command: each command once over the three cases.
    for (const script of [['check', 'validate', 'secrets'][CASES.indexOf(_what)]!]) {
      const result = npm([script, '--', ...(script === 'secrets' ? ['check'] : []), '--root', dir, '--environments', path.join(dir, 'none.ts')]);
      expect(result.code, script).toBe(1);
      expect(result.stderr.trim(), script).toMatch(expected);
    }
    fs.rmSync(dir, { recursive: true });
  });
});

describe('cdk8s synth (cdk8s.yaml app:)', () => {
  it('writes each environment\'s objects into CDK8S_OUTDIR after a synth', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-'));
    const app = /^app: (.*)$/m.exec(fs.readFileSync(path.join(repo, 'cdk8s.yaml'), 'utf8'))![1]!;
    const result = spawnSync(`${app} --root ${root} --environments ${FLEET_MODULE}`, { cwd: repo, shell: true, encoding: 'utf8', env: { ...process.env, CDK8S_OUTDIR: out } });
    expect(result.status, result.stderr).toBe(0);
    expect(fs.readdirSync(out).sort()).toEqual(['dev.k8s.yaml', 'mgmt.k8s.yaml', 'prod.k8s.yaml']);
    expect(fs.readFileSync(path.join(out, 'dev.k8s.yaml'), 'utf8')).toContain('kind: HelmRelease');
    fs.rmSync(out, { recursive: true });
  });
});
