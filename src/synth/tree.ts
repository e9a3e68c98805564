import fs from 'node:fs';
import path from 'node:path';

import { FOREIGN_PATHS, readTree } from '../tree/files';

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
}

/** What replacing `current` by `next` adds, changes and removes. */
export function compareTrees(current: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): TreeChanges {
  const sorted = (list: string[]) => list.sort();
  return {
    added: sorted([...next.keys()].filter((p) => !current.has(p))),
    changed: sorted([...next.keys()].filter((p) => current.has(p) && current.get(p) !== next.get(p))),
    removed: sorted([...current.keys()].filter((p) => !next.has(p))),
  };
}

export const isUnchanged = (c: TreeChanges) => c.added.length + c.changed.length + c.removed.length === 0;

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
  const changes = compareTrees(current, next);
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
