import fs from 'node:fs';
import path from 'node:path';

import { FOREIGN_PATHS, readTree } from '../tree/files';
import { EXECUTABLE_FILES, EXECUTABLE_MODE } from '../tree/paths';

export { FOREIGN_PATHS, readTree };

const isForeign = (rel: string) => FOREIGN_PATHS.includes(rel);

/** Moves every foreign path present in `from` and absent in `to` over to `to`. */
function carryForeign(from: string, to: string): void {
  for (const rel of FOREIGN_PATHS) {
    const source = path.join(from, rel);
    const target = path.join(to, rel);
    if (!fs.existsSync(source) || fs.existsSync(target)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(source, target);
  }
}

const STAGE_PREFIX = '.synth-';

export interface TreeChanges {
  readonly added: readonly string[];
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  /** Files to be executable that are on disk without the execute bit (whatever their bytes). */
  readonly modes: readonly string[];
}

/**
 * What replacing `current` by `next` adds, changes and removes; `notExecutable` are the files
 * on disk that lack their execute bit (notExecutable() reads them), none for trees off the disk.
 */
export function compareTrees(current: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>, notExecutable: readonly string[] = []): TreeChanges {
  const sorted = (list: string[]) => list.sort();
  return {
    added: sorted([...next.keys()].filter((p) => !current.has(p))),
    changed: sorted([...next.keys()].filter((p) => current.has(p) && current.get(p) !== next.get(p))),
    removed: sorted([...current.keys()].filter((p) => !next.has(p))),
    modes: sorted(notExecutable.filter((p) => current.has(p) && next.has(p))),
  };
}

/** Whether a file's bytes are added, changed or removed (a mode alone changes none). */
export const changesContent = (c: TreeChanges) => c.added.length + c.changed.length + c.removed.length > 0;
export const isUnchanged = (c: TreeChanges) => !changesContent(c) && c.modes.length === 0;

const isExecutable = (rel: string) => EXECUTABLE_FILES.includes(rel);

/** The files of `rels` to be executable that exist under `dir` without the owner's execute bit, the one git records. */
export function notExecutable(dir: string, rels: Iterable<string>): string[] {
  return [...rels].filter((rel) => {
    if (!isExecutable(rel)) return false;
    const stat = fs.statSync(path.join(dir, rel), { throwIfNoEntry: false });
    return stat !== undefined && (stat.mode & 0o100) === 0;
  });
}

/**
 * Finishes or undoes what a killed run left in `parent`: a tree moved aside but not replaced is
 * moved back (it is whole), foreign paths already moved into a staging tree go back to the live
 * tree, and every staging folder is removed.
 */
export function recover(parent: string): void {
  if (!fs.existsSync(parent)) return;
  for (const entry of fs.readdirSync(parent)) {
    const match = /^\.synth-(.+)-old$/.exec(entry);
    if (match && !fs.existsSync(path.join(parent, match[1]!))) {
      fs.renameSync(path.join(parent, entry), path.join(parent, match[1]!));
    }
  }
  for (const entry of fs.readdirSync(parent)) {
    const match = /^\.synth-(.+)-new$/.exec(entry);
    if (match && fs.existsSync(path.join(parent, match[1]!))) carryForeign(path.join(parent, entry), path.join(parent, match[1]!));
  }
  for (const entry of fs.readdirSync(parent)) {
    if (entry.startsWith(STAGE_PREFIX)) fs.rmSync(path.join(parent, entry), { recursive: true, force: true });
  }
}

/** Fault injection for the crash-safety test: a pause after every file and rename. @default 0 */
export interface ReplaceOptions {
  readonly pauseMs?: number;
}

const pause = (ms: number) => ms > 0 && Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Replaces the tree `parent/name` by `files` atomically: the new tree is built beside it, the old
 * one moved aside, the new one moved in, the old one deleted. A crash at any moment leaves either
 * the whole old or the whole new tree (after `recover`). Foreign files are carried over.
 */
export function replaceTree(parent: string, name: string, files: ReadonlyMap<string, string>, options: ReplaceOptions = {}): TreeChanges {
  const step = () => pause(options.pauseMs ?? 0);
  recover(parent);
  const target = path.join(parent, name);
  const current = readTree(target);
  const next = new Map([...files].filter(([rel]) => !isForeign(rel)));
  const changes = compareTrees(current, next, notExecutable(target, next.keys()));
  if (isUnchanged(changes)) return changes;

  const stage = path.join(parent, `${STAGE_PREFIX}${name}-new`);
  const aside = path.join(parent, `${STAGE_PREFIX}${name}-old`);
  fs.mkdirSync(stage, { recursive: true });
  const made = new Set<string>([stage]);
  for (const [rel, content] of next) {
    const dir = path.dirname(path.join(stage, rel));
    // Each folder once: a recursive mkdir stats every level of the path on each call.
    if (!made.has(dir)) fs.mkdirSync(dir, { recursive: true });
    made.add(dir);
    fs.writeFileSync(path.join(stage, rel), content);
    // 0755 whatever the umask: git records the file as 100755, and ./run.sh runs.
    if (isExecutable(rel)) fs.chmodSync(path.join(stage, rel), EXECUTABLE_MODE);
    step();
  }
  if (fs.existsSync(target)) {
    carryForeign(target, stage);
    fs.renameSync(target, aside);
    step();
  }
  fs.renameSync(stage, target);
  step();
  fs.rmSync(aside, { recursive: true, force: true });
  return changes;
}
