import { execFileSync } from 'node:child_process';
import { fluxDir } from '../tree/paths';
import type { ExpectedRevision } from './types';

// Stream B's file (src/verify/revision.ts) replaces this stand-in at the merge; it has the same
// exports, so main.ts needs no change. Until then: the commit that last changed the Flux folder.

export class RevisionError extends Error {}

const git = (root: string, args: readonly string[]): string | undefined => {
  try {
    return execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch {
    return undefined;
  }
};

export function expectedRevision({ root, env, revision }: { root: string; env: string; revision?: string }): ExpectedRevision {
  const commit = revision === undefined ? git(root, ['log', '-1', '--format=%H', '--', fluxDir(env)]) || undefined : git(root, ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`]);
  if (revision !== undefined && !commit) throw new RevisionError(`--revision ${revision} names no commit of the repository at ${root}`);
  return {
    commit,
    contains: (live) => {
      if (commit === undefined || git(root, ['cat-file', '-e', `${live}^{commit}`]) === undefined) return 'unknown';
      return git(root, ['merge-base', '--is-ancestor', commit, live]) === undefined ? 'no' : 'yes';
    },
  };
}
