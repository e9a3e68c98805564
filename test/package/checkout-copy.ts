import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../..');

/** The example fleet: in a tag's tree, but nothing the package builds from. Tests never read it. */
const EXAMPLE = /^(clusters|environments|secrets)\//;

/**
 * This checkout as a clone of its tag has it: the tracked files as they are now (and new ones not
 * ignored), without the example fleet, in `into`, its node_modules linked to this one's. With
 * `tag`, a git repository whose one commit carries that tag.
 */
export function checkoutCopy(into: string, tag?: string): string {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: repo, encoding: 'utf8' }).split('\0').filter((f) => f !== '' && !EXAMPLE.test(f) && f !== 'node_modules');
  for (const file of files) {
    if (!fs.existsSync(path.join(repo, file))) continue;
    fs.mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    fs.copyFileSync(path.join(repo, file), path.join(into, file));
  }
  if (tag === undefined) {
    fs.symlinkSync(path.join(repo, 'node_modules'), path.join(into, 'node_modules'), 'dir');
    return into;
  }
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=release test', '-c', 'user.email=release@test.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: into, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', `the tool at ${tag}`);
  git('tag', tag);
  return into;
}
