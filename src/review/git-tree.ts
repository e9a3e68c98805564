import { execFileSync } from 'node:child_process';

// git's own complaints stay inside: a failure here becomes one GitError line a person can act on.
const git = (root: string, args: string[], input?: string) => execFileSync('git', ['-C', root, ...args], { input, maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'pipe'] });

/** A git failure a person can act on (an unknown ref, not a repository). */
export class GitError extends Error {}

/** The commit `ref` names, or a GitError saying it names none. */
export function resolveRef(root: string, ref: string): string {
  try {
    return git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).toString().trim();
  } catch {
    throw new GitError(`${ref} names no commit in ${root}; pass --base <branch, tag or commit>`);
  }
}

/** Where the working branch left the main line: the merge base with `main` (or `origin/main`, `master`). */
export function defaultBase(root: string): string {
  for (const main of ['main', 'origin/main', 'master', 'origin/master']) {
    try {
      return git(root, ['merge-base', 'HEAD', main]).toString().trim();
    } catch {
      // try the next name
    }
  }
  throw new GitError('no main branch to compare with (main, origin/main, master); pass --base <ref>');
}

/** Every file under `prefix` as committed at `ref`, read in one `git cat-file --batch`. */
export function committedFiles(root: string, ref: string, prefix = 'clusters'): Map<string, string> {
  const commit = resolveRef(root, ref);
  const listing = git(root, ['ls-tree', '-r', '-z', '--full-tree', commit, '--', prefix]).toString();
  const blobs = listing
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const [meta, path] = line.split('\t');
      const [, type, hash] = meta!.split(' ');
      return { type, hash: hash!, path: path! };
    })
    .filter((e) => e.type === 'blob');
  const files = new Map<string, string>();
  if (blobs.length === 0) return files;
  const out = git(root, ['cat-file', '--batch'], blobs.map((b) => b.hash).join('\n') + '\n');
  let at = 0;
  for (const blob of blobs) {
    const header = out.subarray(at, out.indexOf(0x0a, at)).toString();
    const size = Number(header.split(' ')[2]);
    const start = out.indexOf(0x0a, at) + 1;
    files.set(blob.path, out.subarray(start, start + size).toString('utf8'));
    at = start + size + 1;
  }
  return files;
}
