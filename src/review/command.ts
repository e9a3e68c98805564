import fs from 'node:fs';
import path from 'node:path';
import { checkCommand } from '../synth/commands';
import type { CommandResult } from '../synth/commands';
import { CLUSTERS_DIR } from '../tree/paths';
import { FOREIGN_PATHS, readTree } from '../tree/files';
import { committedFiles, defaultBase } from './git-tree';
import { reviewJson, reviewMarkdown } from './markdown';
import { review } from './review';

export interface ReviewOptions {
  /** The repository (holds clusters/ and .git). */
  readonly root: string;
  readonly environments: readonly unknown[];
  /** A git ref to compare with. @default the merge base with main */
  readonly base?: string;
  /** @default 'markdown' */
  readonly format?: 'markdown' | 'json';
  /** Exit 1 when any danger is found. @default false */
  readonly failOnDanger?: boolean;
  /** Restrict to these environments. @default all */
  readonly only?: readonly string[];
}

/** `clusters/` as the working tree holds it: every environment folder, other tools' files left out. */
function workingFiles(root: string): Map<string, string> {
  const dir = path.join(root, CLUSTERS_DIR);
  const files = new Map<string, string>();
  for (const env of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
    if (!env.isDirectory() || env.name.startsWith('.')) continue;
    for (const [rel, text] of readTree(path.join(dir, env.name))) files.set(`${CLUSTERS_DIR}/${env.name}/${rel}`, text);
  }
  return files;
}

const foreign = (file: string) => FOREIGN_PATHS.some((p) => file.split('/').slice(2).join('/').startsWith(p));
const selected = (only: readonly string[]) => (file: string) => only.length === 0 || only.includes(file.split('/')[1]!);

/**
 * Compares the committed trees at a base with the working tree, which must be what the code
 * synthesizes (else the review would describe files nobody will merge).
 */
export function reviewCommand(options: ReviewOptions): CommandResult {
  const only = options.only ?? [];
  const fresh = checkCommand({ root: options.root, environments: options.environments, only, withoutDiff: true });
  if (fresh.exitCode !== 0) {
    return { stdout: '', stderr: `${fresh.stderr}review: clusters/ is not what the code synthesizes; run npm run synth (and commit) first\n`, exitCode: 1 };
  }
  const baseRef = options.base ?? defaultBase(options.root);
  const keep = (file: string) => selected(only)(file) && !foreign(file);
  const base = new Map([...committedFiles(options.root, baseRef)].filter(([f]) => keep(f)));
  const head = new Map([...workingFiles(options.root)].filter(([f]) => keep(f)));
  const reviews = review(base, head);
  const stdout = options.format === 'json' ? reviewJson(reviews, baseRef) : reviewMarkdown(reviews, baseRef);
  const dangers = reviews.reduce((n, r) => n + r.dangers.length, 0);
  return { stdout, stderr: '', exitCode: options.failOnDanger && dangers > 0 ? 1 : 0 };
}
