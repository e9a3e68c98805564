import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutCopy } from './checkout-copy';
import { npmRun, run } from './scaffold';

// A fleet depending on the tool by git URL and tag, installed as npm does it: it clones the tag,
// installs the tool's dependencies (dev ones too) from the tool's lock file, runs prepare (dist/
// and the API's types) and packs what `files` lists. Offline: every package comes from npm's
// cache, as the tool's own npm ci left it. Not in `npm test` (minutes of npm and the compiler):
// `npm run test:release`, which .ci/run runs.
const repo = path.resolve(import.meta.dirname, '../..');
const version = (JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string }).version;
let dir: string | undefined;
let fleet: string;
let spec: string;
let install: { code: number | null; stdout: string; stderr: string };

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'git-install-'));
  const tool = checkoutCopy(path.join(dir, 'k3s-gitops-synth'), `v${version}`);
  spec = `git+file://${tool}#v${version}`;
  fleet = path.join(dir, 'fleet');
  const init = run(dir, process.execPath, ['--', path.join(repo, 'scripts/run.mjs'), 'init', fleet, '--name', 'lab', '--tool', spec]);
  expect(init.code, init.stderr).toBe(0);
  install = run(fleet, 'npm', ['install', '--offline', '--no-audit', '--no-fund']);
}, 900_000);
afterAll(() => { if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true }); });

describe('a fleet on the tool by git URL and tag', () => {
  it('is written by init --tool with what npm needs to fetch and build it', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(fleet, 'package.json'), 'utf8'));
    expect(pkg.devDependencies['k3s-gitops-synth']).toBe(spec);
    expect(pkg.allowScripts).toEqual({ [spec.replace(/#.*$/, '')]: true });
    expect(fs.readFileSync(path.join(fleet, '.npmrc'), 'utf8')).toBe('allow-git=root\n');
  });

  it('installs offline, built by its prepare script, pinned to the commit of the tag', () => {
    expect(install.code, install.stderr).toBe(0);
    const installed = path.join(fleet, 'node_modules/k3s-gitops-synth');
    expect(fs.existsSync(path.join(installed, 'dist/cli.js'))).toBe(true);
    expect(fs.existsSync(path.join(installed, 'dist/types/index.d.ts'))).toBe(true);
    // What the package ships and nothing of the checkout's sources.
    expect(fs.existsSync(path.join(installed, 'src'))).toBe(false);
    const sha = execFileSync('git', ['rev-parse', `v${version}^{commit}`], { cwd: path.join(dir!, 'k3s-gitops-synth'), encoding: 'utf8' }).trim();
    const lock = JSON.parse(fs.readFileSync(path.join(fleet, 'package-lock.json'), 'utf8'));
    expect(lock.packages['node_modules/k3s-gitops-synth'].resolved).toBe(`${spec.replace(/#.*$/, '')}#${sha}`);
  });

  it('runs: the bin is the tag\'s version, and synth writes the trees', () => {
    expect(run(fleet, path.join(fleet, 'node_modules/.bin/k3s-gitops-synth'), ['--version']).stdout.trim()).toBe(version);
    const synth = npmRun(fleet, 'synth');
    expect(synth.code, synth.stderr).toBe(0);
    expect(fs.readFileSync(path.join(fleet, 'clusters/lab/synth-manifest.txt'), 'utf8')).toContain(`# Written by: k3s-gitops-synth ${version}\n`);
  });
});
