import { execFileSync } from 'node:child_process';
import { fluxDir } from '../tree/paths';
import type { ExpectedRevision, RevisionRelation } from './types';

// git's own complaints stay inside: a failing command is an answer ('unknown', no commit), or one
// RevisionError line for a --revision that names nothing.
function git(root: string, args: readonly string[]): string | undefined {
  try {
    return execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch {
    return undefined;
  }
}

/** A `--revision` that names no commit of the local repository: a usage error (exit 2). */
export class RevisionError extends Error {}

/** A revision as Flux reports it, split into what names it and its hash. */
export interface FluxRevision {
  /** The branch or tag (`main`, `refs/heads/main`), or undefined for a bare hash. */
  readonly ref: string | undefined;
  /** `sha1` for a Git commit, `sha256` for an OCI artifact's digest; undefined when the revision names none. */
  readonly algorithm: string | undefined;
  readonly hash: string;
}

/**
 * Flux's revision strings (fluxcd/pkg git/git.go Commit.String and git/utils.go
 * ExtractHashFromRevision, at e2cfd1a2; source-controller v1.9.1 writes them): `<ref>@sha1:<hex>`
 * (the ref's last part, `main`, or the whole of it, `refs/heads/main`, when the GitRepository names
 * `ref.name`), `sha1:<hex>` for a commit checkout, `<tag>@sha256:<hex>` for an OCIRepository's
 * artifact, and the pre-v2 `main/<hex>` and a bare `<hex>`.
 */
export function parseFluxRevision(revision: string): FluxRevision {
  const at = revision.lastIndexOf('@');
  const ref = at === -1 ? undefined : revision.slice(0, at);
  const digest = at === -1 ? revision : revision.slice(at + 1);
  const colon = digest.indexOf(':');
  if (colon !== -1) return { ref, algorithm: digest.slice(0, colon), hash: digest.slice(colon + 1) };
  const slash = digest.lastIndexOf('/');
  if (slash !== -1) return { ref: digest.slice(0, slash) === 'HEAD' ? undefined : digest.slice(0, slash), algorithm: 'sha1', hash: digest.slice(slash + 1) };
  return { ref, algorithm: /^[0-9a-f]{40}$/.test(digest) ? 'sha1' : undefined, hash: digest };
}

/** The Git commit a revision names, or undefined when it names none (an OCI digest, a chart version). */
export function revisionCommit(revision: string): string | undefined {
  const { algorithm, hash } = parseFluxRevision(revision);
  return algorithm === 'sha1' && /^[0-9a-f]{40}$/.test(hash) ? hash : undefined;
}

export interface ExpectedRevisionOptions {
  /** The repository root (the fleet's git work tree). */
  readonly root: string;
  readonly env: string;
  /** `--revision <sha>`: the commit the cluster should be at, instead of the last one that changed the tree. */
  readonly revision?: string;
}

/**
 * The commit the live cluster should be at: `--revision`, or the last commit that changed
 * clusters/<env>/kubernetes/ (the one folder Flux syncs). A live revision `contains` it when the
 * commit is its ancestor (or itself) and that folder's tree is the same at both: Flux reports the
 * branch head, which moves with any commit, and a head past the commit is as good as the commit
 * exactly when nothing Flux applies changed in between.
 */
export function expectedRevision({ root, env, revision }: ExpectedRevisionOptions): Required<ExpectedRevision> {
  const folder = fluxDir(env);
  const commit = revision === undefined ? lastChange(root, folder) : givenCommit(root, revision);
  const relation = (live: string): RevisionRelation => {
    const sha = revisionCommit(live) ?? live;
    if (commit === undefined || !/^[0-9a-f]{40}$/.test(sha) || git(root, ['cat-file', '-e', `${sha}^{commit}`]) === undefined) return 'unknown';
    if (git(root, ['merge-base', '--is-ancestor', commit, sha]) === undefined) return 'behind';
    // `<commit>:./<path>` is the folder's tree object (`./`: the path from `root`, which may lie inside the repository): equal ids, equal contents. A folder missing at
    // either end has no id (undefined), which is only equal when missing at both.
    return git(root, ['rev-parse', '--verify', '--quiet', `${sha}:./${folder}`]) === git(root, ['rev-parse', '--verify', '--quiet', `${commit}:./${folder}`])
      ? 'same-tree'
      : 'changed-since';
  };
  return {
    commit,
    relation,
    contains: (live) => ({ 'same-tree': 'yes', behind: 'no', 'changed-since': 'no', unknown: 'unknown' } as const)[relation(live)],
  };
}

/** The last commit that changed `folder`, or undefined outside a git repository or before its first commit. */
function lastChange(root: string, folder: string): string | undefined {
  const sha = git(root, ['log', '-1', '--format=%H', '--', folder]);
  return sha === undefined || sha === '' ? undefined : sha;
}

function givenCommit(root: string, revision: string): string {
  const sha = git(root, ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`]);
  if (sha === undefined || sha === '') throw new RevisionError(`--revision ${revision} names no commit of the repository at ${root}; pass a commit of its history (git log -- clusters/)`);
  return sha;
}
