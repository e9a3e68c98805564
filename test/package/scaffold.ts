import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/** What a command printed, and how it exited. */
export interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const GIT = ['-c', 'user.name=fleet test', '-c', 'user.email=fleet@test.invalid', '-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false'];

/** Runs a command in a fleet as its user would, with no age key of theirs in the environment (and `env` added). */
export function run(cwd: string, command: string, args: readonly string[], input?: string, env: NodeJS.ProcessEnv = {}): Ran {
  const result = spawnSync(command, args, { cwd, input, encoding: 'utf8', env: { ...process.env, SOPS_AGE_KEY_FILE: '', SOPS_AGE_KEY: '', NO_COLOR: '1', ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The same without blocking: several at once share the machine's cores. */
export function runAsync(cwd: string, command: string, args: readonly string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, encoding: 'utf8', env: { ...process.env, SOPS_AGE_KEY_FILE: '', SOPS_AGE_KEY: '', NO_COLOR: '1' } }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      resolve({ code, stdout, stderr });
    });
  });
}

/** `npm run -s <script> -- args`: the fleet's own scripts, as its README says. */
export const npmRun = (fleet: string, script: string, ...args: string[]) => run(fleet, 'npm', ['run', '-s', script, ...(args.length > 0 ? ['--', ...args] : [])]);

export const git = (fleet: string, ...args: string[]) => run(fleet, 'git', [...GIT, ...args]);

/** Commits everything in the fleet, as a user does after synth. */
export function commitAll(fleet: string, message: string): void {
  git(fleet, 'add', '-A');
  const done = git(fleet, 'commit', '-q', '-m', message);
  if (done.code !== 0) throw new Error(`git commit failed: ${done.stderr}`);
}

/** Waits for the set-up's packing (it runs beside the other tests); fails with npm's output if it failed. */
export async function packedToolReady(): Promise<void> {
  const { ready, failed } = inject('packedTool');
  for (const start = Date.now(); Date.now() - start < 280_000; await new Promise((r) => setTimeout(r, 250))) {
    if (fs.existsSync(ready)) return;
    if (fs.existsSync(failed)) throw new Error(`packing the tool failed: ${fs.readFileSync(failed, 'utf8')}`);
  }
  throw new Error('packing the tool took more than 280 s');
}

/**
 * A fleet of the test's own, written by the packed tool's `init` (options as given) in a new
 * folder; it shares the node_modules `npm install` put into the set-up's fleet, and is a git
 * repository with nothing committed yet. The caller removes it.
 */
export function scaffold(prefix: string, options: readonly string[] = []): string {
  const { bin, fleet: installed } = inject('packedTool');
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), prefix)), 'fleet');
  const init = run(os.tmpdir(), bin, ['init', dir, ...options]);
  if (init.code !== 0) throw new Error(`init failed: ${init.stderr}`);
  fs.symlinkSync(path.join(installed, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  git(dir, 'init', '-q');
  return dir;
}

/**
 * Removes a fleet `scaffold` wrote, with its folder, when the set-up got as far as writing one: a
 * failed packing leaves none, and its error is then the one to read, not a second from the clean-up.
 */
export function removeScaffold(fleet: string | undefined): void {
  if (fleet !== undefined) fs.rmSync(path.dirname(fleet), { recursive: true, force: true });
}

/** Edits a file of the fleet; fails loudly when the edit finds nothing to change (the template moved). */
export function edit(fleet: string, rel: string, change: (text: string) => string): void {
  const file = path.join(fleet, rel);
  const before = fs.readFileSync(file, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`the edit of ${rel} changed nothing: the test no longer matches what init writes`);
  fs.writeFileSync(file, after);
}

export const write = (fleet: string, rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(fleet, rel)), { recursive: true });
  fs.writeFileSync(path.join(fleet, rel), text);
};

/** A failure a person caused prints lines, never a JavaScript stack. */
export const STACK_FRAME = /^\s+at .+[:(].*\d+:\d+\)?$/m;
