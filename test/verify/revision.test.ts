import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RevisionError, expectedRevision, parseFluxRevision, revisionCommit } from '../../src/verify/revision';

let root: string;
const git = (...args: string[]) =>
  execFileSync('git', ['-C', root, '-c', 'user.name=t', '-c', 'user.email=t@t.invalid', '-c', 'commit.gpgsign=false', ...args], { encoding: 'utf8' }).trim();
/** Writes a file and commits it; returns the new commit. */
function commit(file: string, text: string): string {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
  git('add', '-A');
  git('commit', '-q', '-m', file);
  return git('rev-parse', 'HEAD');
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-revision-'));
  git('init', '-q', '-b', 'main');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const ABSENT = 'f'.repeat(40);

describe('parseFluxRevision', () => {
  it.each([
    ['main@sha1:5394cb7f48332b2de7c17dd8b8384bbc84b7e738', 'main', 'sha1'],
    ['refs/heads/main@sha1:5394cb7f48332b2de7c17dd8b8384bbc84b7e738', 'refs/heads/main', 'sha1'],
    ['feature/branch@sha1:5394cb7f48332b2de7c17dd8b8384bbc84b7e738', 'feature/branch', 'sha1'],
    ['sha1:5394cb7f48332b2de7c17dd8b8384bbc84b7e738', undefined, 'sha1'],
    ['main/5394cb7f48332b2de7c17dd8b8384bbc84b7e738', 'main', 'sha1'],
    ['HEAD/5394cb7f48332b2de7c17dd8b8384bbc84b7e738', undefined, 'sha1'],
    ['5394cb7f48332b2de7c17dd8b8384bbc84b7e738', undefined, 'sha1'],
  ])('reads %s as a commit of ref %s', (revision, ref, algorithm) => {
    expect(parseFluxRevision(revision)).toEqual({ ref, algorithm, hash: '5394cb7f48332b2de7c17dd8b8384bbc84b7e738' });
    expect(revisionCommit(revision)).toBe('5394cb7f48332b2de7c17dd8b8384bbc84b7e738');
  });

  it('reads an OCI artifact revision as a digest, not a commit', () => {
    const digest = 'a'.repeat(64);
    expect(parseFluxRevision(`v1.21.2@sha256:${digest}`)).toEqual({ ref: 'v1.21.2', algorithm: 'sha256', hash: digest });
    expect(revisionCommit(`v1.21.2@sha256:${digest}`)).toBeUndefined();
  });

  it('names no commit in a chart version', () => {
    expect(revisionCommit('1.12.1')).toBeUndefined();
  });
});

describe('expectedRevision', () => {
  it('expects the last commit that changed clusters/<env>/kubernetes/, not a later one elsewhere', () => {
    const tree = commit('clusters/dev/kubernetes/a.yaml', 'a: 1\n');
    commit('README.md', 'later\n');
    commit('clusters/prod/kubernetes/a.yaml', 'a: 1\n');
    expect(expectedRevision({ root, env: 'dev' }).commit).toBe(tree);
  });

  it('finds the folder from a root inside the repository', () => {
    fs.mkdirSync(path.join(root, 'fleet'));
    const tree = commit('fleet/clusters/dev/kubernetes/a.yaml', 'a: 1\n');
    const head = commit('fleet/README.md', 'x\n');
    const expected = expectedRevision({ root: path.join(root, 'fleet'), env: 'dev' });
    expect(expected.commit).toBe(tree);
    expect(expected.contains(`main@sha1:${head}`)).toBe('yes');
  });

  it('contains: a branch head past the commit with nothing changed under the folder', () => {
    const tree = commit('clusters/dev/kubernetes/a.yaml', 'a: 1\n');
    const head = commit('clusters/dev/bootstrap/x.yaml', 'x: 1\n');
    const expected = expectedRevision({ root, env: 'dev' });
    expect(expected.contains(`main@sha1:${tree}`)).toBe('yes');
    expect(expected.contains(`main@sha1:${head}`)).toBe('yes');
    expect(expected.relation(`refs/heads/main@sha1:${head}`)).toBe('same-tree');
  });

  it('fails when the live revision is older than the commit', () => {
    const old = commit('clusters/dev/kubernetes/a.yaml', 'a: 1\n');
    commit('clusters/dev/kubernetes/a.yaml', 'a: 2\n');
    const expected = expectedRevision({ root, env: 'dev' });
    expect(expected.contains(`main@sha1:${old}`)).toBe('no');
    expect(expected.relation(`main@sha1:${old}`)).toBe('behind');
  });

  it('fails when the live revision descends from the commit but the folder changed since (--revision)', () => {
    const given = commit('clusters/dev/kubernetes/a.yaml', 'a: 1\n');
    const head = commit('clusters/dev/kubernetes/a.yaml', 'a: 2\n');
    const expected = expectedRevision({ root, env: 'dev', revision: given });
    expect(expected.commit).toBe(given);
    expect(expected.contains(`main@sha1:${head}`)).toBe('no');
    expect(expected.relation(`main@sha1:${head}`)).toBe('changed-since');
  });

  it('fails when a branch that is not an ancestor holds another tree', () => {
    commit('clusters/dev/kubernetes/a.yaml', 'a: 1\n');
    git('checkout', '-q', '-b', 'other');
    const other = commit('clusters/dev/kubernetes/a.yaml', 'a: other\n');
    git('checkout', '-q', 'main');
    commit('clusters/dev/kubernetes/a.yaml', 'a: 2\n');
    expect(expectedRevision({ root, env: 'dev' }).relation(`other@sha1:${other}`)).toBe('behind');
  });

  it('cannot tell when the live sha is not in the local history', () => {
    commit('clusters/dev/kubernetes/a.yaml', 'a: 1\n');
    const expected = expectedRevision({ root, env: 'dev' });
    expect(expected.contains(`main@sha1:${ABSENT}`)).toBe('unknown');
    expect(expected.contains(`v1.0.0@sha256:${'a'.repeat(64)}`)).toBe('unknown');
  });

  it('cannot tell when the folder was never committed', () => {
    const head = commit('README.md', 'x\n');
    const expected = expectedRevision({ root, env: 'dev' });
    expect(expected.commit).toBeUndefined();
    expect(expected.contains(`main@sha1:${head}`)).toBe('unknown');
  });

  it('takes --revision as a branch name or a sha, resolved to the commit', () => {
    const tree = commit('clusters/dev/kubernetes/a.yaml', 'a: 1\n');
    expect(expectedRevision({ root, env: 'dev', revision: 'main' }).commit).toBe(tree);
    expect(expectedRevision({ root, env: 'dev', revision: tree.slice(0, 12) }).commit).toBe(tree);
  });

  it('fails when --revision names no commit, naming the value and the fix', () => {
    commit('clusters/dev/kubernetes/a.yaml', 'a: 1\n');
    expect(() => expectedRevision({ root, env: 'dev', revision: ABSENT })).toThrow(RevisionError);
    expect(() => expectedRevision({ root, env: 'dev', revision: ABSENT })).toThrow(`--revision ${ABSENT} names no commit`);
  });
});
