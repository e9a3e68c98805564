import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { checkoutCopy } from './checkout-copy';
import { npmRun, run } from './scaffold';

// The release workflow's dry run: its own steps' commands, run in a copy of this checkout as the
// tag's clone, publish to a registry on loopback (verdaccio 6.8.0, the last that runs on Node 20,
// through npx: a dev dependency would add its ~200 packages to every git install of the tool),
// and a fleet installs the tool from it. Not provable here: the provenance statement (npm signs it
// with the CI's OIDC token, which exists only in a GitHub Actions run) and the GitHub release (gh
// against GitHub). Not in `npm test`: `npm run test:release`, which .ci/run runs.
const repo = path.resolve(import.meta.dirname, '../..');
const WORKFLOW = '.github/workflows/release.yml';
const content = fs.readFileSync(path.join(repo, WORKFLOW), 'utf8');
const steps = YAML.parse(content).jobs.release.steps as { name?: string; uses?: string; run?: string; with?: Record<string, unknown> }[];
const step = (name: string) => steps.find((s) => s.name === name)!.run!;
const version = (JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string }).version;

let dir: string | undefined;
let registry: ChildProcess | undefined;
let url: string;
/** npm's settings for the loopback registry: its address and the token of a user made there. */
let npmEnv: NodeJS.ProcessEnv;
let checkout: string;

const bash = (cwd: string, script: string, env: NodeJS.ProcessEnv = {}) => run(cwd, 'bash', ['-euo', 'pipefail', '-c', script], undefined, env);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}/`;
  fs.writeFileSync(path.join(dir, 'verdaccio.yaml'), [
    `storage: ${dir}/storage`,
    `auth: { htpasswd: { file: ${dir}/htpasswd, max_users: 1 } }`,
    // The tool is published here; everything else passes through to the npm registry.
    'uplinks: { npmjs: { url: "https://registry.npmjs.org/" } }',
    "packages: { 'k3s-gitops-synth': { access: $all, publish: $authenticated }, '**': { access: $all, proxy: npmjs } }",
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n'));
  // Its own process group, so the teardown stops npx and verdaccio together.
  registry = spawn('npx', ['--yes', 'verdaccio@6.8.0', '--config', path.join(dir, 'verdaccio.yaml'), '--listen', `127.0.0.1:${port}`], { stdio: 'ignore', detached: true });
  for (const start = Date.now(); ; await new Promise((r) => setTimeout(r, 500))) {
    if (await fetch(`${url}-/ping`).then((r) => r.ok, () => false)) break;
    if (Date.now() - start > 240_000) throw new Error(`verdaccio did not answer on ${url} within 240 s`);
  }
  const user = await (await fetch(`${url}-/user/org.couchdb.user:release`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'release', password: 'dry-run-only' }) })).json() as { token?: string };
  if (user.token === undefined) throw new Error(`verdaccio made no user: ${JSON.stringify(user)}`);
  // What setup-node's registry-url writes, for this registry.
  fs.writeFileSync(path.join(dir, 'npmrc'), `//127.0.0.1:${port}/:_authToken=${user.token}\n`);
  npmEnv = { npm_config_registry: url, NPM_CONFIG_USERCONFIG: path.join(dir, 'npmrc'), GITHUB_REF_NAME: `v${version}` };
  checkout = checkoutCopy(path.join(dir, 'k3s-gitops-synth'));
}, 600_000);
afterAll(() => {
  if (registry?.pid !== undefined) try { process.kill(-registry.pid, 'SIGTERM'); } catch { /* already ended */ }
  if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the release workflow', () => {
  it("is valid by GitHub's own parser: a tag v* builds, tests, packs, publishes with provenance and makes a release", () => {
    const parsed = parseWorkflow({ name: WORKFLOW, content }, new NoOperationTraceWriter());
    expect(parsed.context.errors.getErrors().map((e) => e.message)).toEqual([]);
    const workflow = YAML.parse(content);
    expect(workflow.on).toEqual({ push: { tags: ['v*'] } });
    expect(workflow.permissions).toEqual({ contents: 'write', 'id-token': 'write' });
    expect(steps.map((s) => s.name ?? s.uses)).toEqual(['actions/checkout@v4', 'actions/setup-node@v4', 'Tag', 'Debian tools the tests use', 'Build', 'Test', 'Pack', 'Publish', 'GitHub release']);
    expect(steps[1]!.with).toMatchObject({ 'registry-url': 'https://registry.npmjs.org' });
    expect(step('Publish')).toBe('npm publish "./$(cat tarball.txt)" --provenance --access public');
    expect(step('GitHub release')).toContain('gh release create "$GITHUB_REF_NAME" "./$(cat tarball.txt)"');
  });

  it('fails when the tag is not the version package.json sets', () => {
    expect(bash(checkout, step('Tag'), npmEnv).code).toBe(0);
    const wrong = bash(checkout, step('Tag'), { ...npmEnv, GITHUB_REF_NAME: 'v9.9.9' });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toBe(`tag v9.9.9 is not v${version}, the version in package.json: tag the commit that sets it\n`);
  });

  it("packs, publishes to the loopback registry (the provenance flag aside) and a fleet installs the tool from it", () => {
    const pack = bash(checkout, step('Pack'), npmEnv);
    expect(pack.code, pack.stderr).toBe(0);
    expect(pack.stdout.trim()).toBe(`k3s-gitops-synth-${version}.tgz`);
    const publish = bash(checkout, step('Publish').replace(' --provenance', ''), npmEnv);
    expect(publish.code, publish.stderr).toBe(0);
    expect(run(dir!, 'npm', ['view', `k3s-gitops-synth@${version}`, 'version'], undefined, npmEnv).stdout.trim()).toBe(version);

    // As a user installs a published tool: from the registry, then init, then the fleet's npm install.
    const install = path.join(dir!, 'install');
    fs.mkdirSync(install);
    fs.writeFileSync(path.join(install, 'package.json'), '{ "name": "tool-install", "private": true }\n');
    const tool = run(install, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', `k3s-gitops-synth@${version}`], undefined, npmEnv);
    expect(tool.code, tool.stderr).toBe(0);
    const fleet = path.join(dir!, 'fleet');
    const init = run(dir!, path.join(install, 'node_modules/.bin/k3s-gitops-synth'), ['init', fleet, '--name', 'lab'], undefined, npmEnv);
    expect(init.code, init.stderr).toBe(0);
    // Installed from a registry, the tool pins its version: no path, no vendor/.
    expect(JSON.parse(fs.readFileSync(path.join(fleet, 'package.json'), 'utf8')).devDependencies['k3s-gitops-synth']).toBe(version);
    expect(fs.existsSync(path.join(fleet, 'vendor'))).toBe(false);
    const fleetInstall = run(fleet, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], undefined, npmEnv);
    expect(fleetInstall.code, fleetInstall.stderr).toBe(0);
    // The very tarball the workflow packed and published.
    const packed = fs.readFileSync(path.join(checkout, `k3s-gitops-synth-${version}.tgz`));
    expect(JSON.parse(fs.readFileSync(path.join(fleet, 'package-lock.json'), 'utf8')).packages['node_modules/k3s-gitops-synth'].integrity).toBe(`sha512-${crypto.createHash('sha512').update(packed).digest('base64')}`);
    const synth = npmRun(fleet, 'synth');
    expect(synth.code, synth.stderr).toBe(0);
  });

  it("writes the release's notes from its CHANGELOG.md section", () => {
    const notes = step('GitHub release').split('\n')[0]!;
    expect(bash(checkout, notes, { GITHUB_REF_NAME: 'v0.2.0' }).code).toBe(0);
    const text = fs.readFileSync(path.join(checkout, 'notes.md'), 'utf8');
    const changelog = fs.readFileSync(path.join(repo, 'CHANGELOG.md'), 'utf8');
    expect(text.length).toBeGreaterThan(100);
    expect(changelog).toContain(`## 0.2.0\n${text}`);
    expect(text).not.toContain('\n## ');
  });
});
