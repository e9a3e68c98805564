import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reviewCommand } from '../../src/review/command';
import { synthCommand } from '../../src/synth/commands';
import type { EnvironmentSpec } from '../../src/model/environment';
import { FLEET_MODULE, fleetRepo } from '../fixtures/fleet-repo';
import { fleet } from '../fixtures/fleet';
import { modify } from '../fixtures/environments';

// The review command on a scratch git repository holding the fixture fleet: a commit on main,
// then an edit synthesized in the working tree.

const repo = path.resolve(import.meta.dirname, '../..');
let root: string;
const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });

beforeEach(() => {
  root = fleetRepo('review-');
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-qm', 'base');
  git('checkout', '-qb', 'change');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** The fleet with prod's VIP moved, synthesized into the working tree. */
function moveProdVip(): EnvironmentSpec[] {
  const edited = fleet.map((e) => (e.name === 'prod' ? modify(e, (p) => { p.controlPlane.vip = '192.168.2.8'; }) : e));
  expect(synthCommand({ root, environments: edited }).exitCode).toBe(0);
  return edited;
}

describe('npm run review', () => {
  it('compares the merge base with main against the working tree and reports only what changed', () => {
    const environments = moveProdVip();
    const result = reviewCommand({ root, environments });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`Compared with \`${git('merge-base', 'HEAD', 'main').trim()}\``);
    expect(result.stdout).toContain('- **prod** control-plane VIP 192.168.2.9 -> 192.168.2.8');
    expect(result.stdout).not.toContain('### dev');
    const json = JSON.parse(reviewCommand({ root, environments, format: 'json', base: 'main' }).stdout);
    expect(json.environments.map((e: { env: string }) => e.env)).toEqual(['prod']);
    expect(json.environments[0].dangers.map((d: { code: string }) => d.code)).toEqual(['address', 'address']);
  });

  it('fails on danger when told to, and says nothing changed when nothing did', () => {
    const environments = moveProdVip();
    expect(reviewCommand({ root, environments, failOnDanger: true }).exitCode).toBe(1);
    expect(reviewCommand({ root, environments: fleet, base: 'main' }).exitCode).toBe(1); // not freshly synthesized for this code
    expect(synthCommand({ root, environments: fleet }).exitCode).toBe(0);
    const same = reviewCommand({ root, environments: fleet, failOnDanger: true });
    expect(same.exitCode).toBe(0);
    expect(same.stdout).toContain('No environment tree changes.');
  });

  it('refuses a working tree that is not what the code synthesizes', () => {
    const edited = fleet.map((e) => (e.name === 'prod' ? modify(e, (p) => { p.controlPlane.vip = '192.168.2.8'; }) : e));
    const result = reviewCommand({ root, environments: edited });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('review: clusters/ is not what the code synthesizes; run npm run synth (and commit) first');
    // review prints no diff, so it points at the command that does.
    expect(result.stderr).toContain('clusters/prod/ differ from what the code synthesizes (npm run check shows the diff)');
    expect(result.stdout).toBe('');
  });

  it('runs as npm run review: an unknown base is one line, never a stack trace', () => {
    const run = (...args: string[]) => spawnSync(process.execPath, ['--', path.join(repo, 'dist/cli.js'), 'review', '--root', root, '--environments', FLEET_MODULE, ...args], { cwd: repo, encoding: 'utf8' });
    const ok = run('--base', 'main');
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('No environment tree changes.');
    const bad = run('--base', 'no-such-ref');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe(`no-such-ref names no commit in ${root}; pass --base <branch, tag or commit>\n`);
    expect(run('--format', 'xml').status).toBe(2);
  });
});
