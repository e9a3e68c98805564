import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { refusedLine } from '../../src/command-line/command-options';
import type { Answers } from '../../src/init/answers';
import { packageJson } from '../../src/init/templates/project';
import { quotedLines } from './command-lines';
import type { QuotedLine } from './command-lines';

const REPO_ROOT = path.resolve(__dirname, '../..');

// The pages a person reads: the README and docs/, less what the code writes (the reference pages,
// checked by their own generators) and the decision records (history, quoted as it was).
const GENERATED = ['docs/reference/', 'docs/decisions/', 'docs/decisions.md', 'docs/invariants.md', 'docs/settings.md'];
function pages(dir = 'docs'): string[] {
  return fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name.startsWith('.') || e.name === 'node_modules' || GENERATED.includes(`${rel}/`) ? [] : pages(rel);
    return e.name.endsWith('.md') && !GENERATED.includes(rel) ? [rel] : [];
  });
}

/** npm scripts a reader may run: the tool repository's and a fleet's (as init writes them), each with the bin command it runs, if any. */
function scripts(): Map<string, string | undefined> {
  const own = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const fleet = (JSON.parse(packageJson({} as Answers, 'fleet', { tool: '0.0.0', peers: {}, typescript: '5', node: '>=20' })) as { scripts: Record<string, string> }).scripts;
  const command = (line: string) => /^(?:k3s-gitops-synth|node -- scripts\/run\.mjs) ([a-z-]+)$/.exec(line)?.[1];
  return new Map(Object.entries({ ...own, ...fleet }).map(([name, line]) => [name, command(line)]));
}

/** Why the line would not run as the page says, or undefined. */
function refusal(q: QuotedLine, known: Map<string, string | undefined>): string | undefined {
  if (q.script !== undefined) {
    if (!known.has(q.script)) return `npm run ${q.script}: no such script in the tool's package.json nor a fleet's`;
    const command = known.get(q.script);
    return command === undefined || q.named ? undefined : refusedLine([command, ...q.argv]);
  }
  if (q.named) return refusedLine(q.argv) === `${q.argv[0]} is no command of the bin` ? refusedLine(q.argv) : undefined;
  return q.argv[0] === '--version' || q.argv[0] === '--help' ? undefined : refusedLine(q.argv);
}

describe('every command line the README and the guides show is one the bin and npm accept', () => {
  const known = scripts();
  const quoted = ['README.md', ...pages()].flatMap((file) => quotedLines(file, fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')));

  it('reads the README and the guides, and finds their command lines', () => {
    expect(pages()).toEqual(expect.arrayContaining(['docs/index.md', 'docs/getting-started/new-fleet.md', 'docs/guides/secrets.md']));
    expect(quoted.length).toBeGreaterThan(50);
  });

  it.each(quoted.map((q) => [`${q.file}: ${q.line.trim()}`, q] as const))('%s', (_name, q) => {
    expect(refusal(q, known)).toBeUndefined();
  });

  it('fails when a page quotes an option the bin does not take', () => {
    const [q] = quotedLines('page.md', 'Run `npm run check -- --envv prod` first.');
    expect(refusal(q!, known)).toMatch(/--envv/);
  });

  it('fails when a page runs an npm script that does not exist', () => {
    const [q] = quotedLines('page.md', '```sh\nnpm run sinth   # a typo\n```\n');
    expect(refusal(q!, known)).toMatch(/npm run sinth: no such script/);
  });

  it('fails when a page gives a command too many words', () => {
    const [q] = quotedLines('page.md', '```sh\n(cd ../.. && npm run deploy -- dev prod --plan)\n```\n');
    expect(refusal(q!, known)).toMatch(/deploy takes 1 word/);
  });

  it('fails when a page calls the bin by name with a command it does not have', () => {
    const [q] = quotedLines('page.md', 'then `npx k3s-gitops-synth apply dev`.');
    expect(refusal(q!, known)).toMatch(/apply is no command/);
  });

  it('reads the words after npm\'s --, stops at a comment, a redirection or the next command', () => {
    const lines = quotedLines('page.md', '```sh\nnpm run -s secrets -- set dev a/b --env-file - <<< "x=1" && npm run synth # then commit\n```\n');
    expect(lines.map((q) => [q.script, ...q.argv])).toEqual([['secrets', 'set', 'dev', 'a/b', '--env-file', '-'], ['synth']]);
  });
});
