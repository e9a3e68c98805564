/**
 * The Git repositories source-controller pulls here: the fleet's rewritten trees (one commit per
 * fleet commit the scenario publishes) and each upstream repository a tree names, made from the
 * Go module that carries its files at the tag. Bare repositories under the Git server's root.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { moduleDir } from '../toolchain';
import { bareRepository, commitFolder } from './git-server';
import type { UpstreamGit } from './tree-copy';

/** A bare repository's name under the server's root for an upstream URL. */
export const upstreamRepo = (url: string) => `upstream/${url.replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9._-]+/g, '_')}.git`;

/** The Go module's files at `tag`, committed and tagged in a bare repository under `root`. */
export function publishUpstream(root: string, up: UpstreamGit): void {
  if (fs.existsSync(path.join(root, upstreamRepo(up.url)))) return;
  const bare = bareRepository(root, upstreamRepo(up.url));
  const commit = commitFolder(bare, moduleDir(up.module, up.tag), `${up.module}@${up.tag} from the Go module proxy`);
  execFileSync('git', ['--git-dir', bare, 'tag', up.tag, commit]);
}

/** The working folder the rewritten trees are written into, committed whole to `<root>/<name>` on each publish. */
export interface ServedRepo {
  readonly work: string;
  /** Commits the working folder as the branch's next commit; returns the commit. */
  publish(message: string): string;
}

export function servedRepo(root: string, name: string, work: string): ServedRepo {
  const bare = bareRepository(root, name);
  fs.mkdirSync(work, { recursive: true });
  return { work, publish: (message) => commitFolder(bare, work, message) };
}
