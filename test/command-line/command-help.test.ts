import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS_DOC, binUsage, commandHelp, commandsDoc } from '../../src/command-line/command-help';
import { COMMANDS, DEPLOY_OPTIONS, INIT_OPTIONS, REVIEW_OPTIONS, SECRETS_OPTIONS, SYNTH_OPTIONS, VALIDATE_OPTIONS, VERIFY_OPTIONS, commandNamed, refusedLine } from '../../src/command-line/command-options';
import type { CommandDefinition } from '../../src/command-line/command-options';
import { EXIT } from '../../src/verify/report';

const repo = path.resolve(import.meta.dirname, '../..');

/** The options each `## <command>` section of the page lists in its table: `--env`, `--help`. */
function pageOptions(page: string): Map<string, string[]> {
  const sections = page.split(/^## /m).slice(1);
  return new Map(sections.map((s) => [s.split('\n')[0]!, [...s.matchAll(/^\| `(?:-\w, )?--([\w-]+)/gm)].map((m) => m[1]!)]));
}

/** A line the bin takes for `command` with `--option` set: its words, then the option and a value. */
function lineWith(c: CommandDefinition, option: string): string[] {
  const value = c.options[option]!.type === 'string' ? ['x'] : [];
  return [...c.name.split(' '), ...c.words.map(() => 'w'), `--${option}`, ...value];
}

describe('the commands reference', () => {
  it('is the page the code renders (run npm run synth when this fails)', () => {
    expect(fs.readFileSync(path.join(repo, COMMANDS_DOC), 'utf8')).toBe(commandsDoc());
  });

  it('reads the very option objects each command parses its line with', () => {
    expect(commandNamed('synth')!.options).toBe(SYNTH_OPTIONS);
    expect(commandNamed('validate')!.options).toBe(VALIDATE_OPTIONS);
    expect(commandNamed('review')!.options).toBe(REVIEW_OPTIONS);
    expect(commandNamed('verify')!.options).toBe(VERIFY_OPTIONS);
    expect(commandNamed('deploy')!.options).toBe(DEPLOY_OPTIONS);
    expect(commandNamed('init')!.options).toBe(INIT_OPTIONS);
    for (const sub of Object.keys(SECRETS_OPTIONS) as (keyof typeof SECRETS_OPTIONS)[]) expect(commandNamed(`secrets ${sub}`)!.options).toMatchObject(SECRETS_OPTIONS[sub]);
  });

  it('lists every option the parser accepts, on the page and in --help, and only those', () => {
    const listed = pageOptions(commandsDoc());
    for (const c of COMMANDS) {
      const options = Object.keys(c.options);
      expect(listed.get(c.name), c.name).toEqual(options);
      const help = commandHelp(c.name);
      for (const o of options) {
        expect(help, `${c.name} --${o}`).toMatch(new RegExp(`^  (-\\w, )?--${o}\\b`, 'm'));
        expect(refusedLine(lineWith(c, o)), `${c.name} --${o}`).toBeUndefined();
      }
    }
  });

  it('fails when an option on the page is one the parser refuses', () => {
    const check = commandNamed('check')!;
    expect(refusedLine([...check.name.split(' '), '--prune'])).toMatch(/Unknown option '--prune'/);
    expect(pageOptions(commandsDoc()).get('check')).not.toContain('prune');
  });

  it('shows a new option, its default and an exit code without the page being edited', () => {
    const made: CommandDefinition = {
      name: 'frob',
      summary: 'frobs',
      words: ['<thing>'],
      options: { level: { type: 'string', value: '<n>', help: 'how hard', defaults: '3', multiple: true } },
      about: 'frobs <thing>',
      exits: [[0, 'frobbed'], [4, 'it would not frob']],
    };
    const page = commandsDoc([made]);
    expect(page).toContain('| `--level <n>` | string | yes | 3 | how hard |');
    expect(page).toContain('| 4 | it would not frob |');
    expect(page).toContain('Frobs &lt;thing>.');
    expect(page).toContain('npm run frob -- <thing> [--level <n>]...');
  });

  it("gives verify's exit codes as verify returns them", () => {
    expect(commandNamed('verify')!.exits.map(([code]) => code)).toEqual(Object.values(EXIT));
  });

  it("lists every command the bin dispatches (src/cli/main.ts), and the bin's usage every one for people", () => {
    const main = fs.readFileSync(path.join(repo, 'src/cli/main.ts'), 'utf8');
    const dispatched = [...main.matchAll(/^ {2}'?([\w-]+)'?: \{ load:/gm)].map((m) => m[1]!);
    expect(dispatched.length).toBeGreaterThan(5);
    for (const name of dispatched) expect(COMMANDS.some((c) => c.name.split(' ')[0] === name), name).toBe(true);
    for (const c of COMMANDS.filter((c) => !c.internal)) expect(binUsage()).toContain(`  ${c.name} `);
    expect(binUsage()).not.toContain('cdktf-app');
  });

  it("prints every secrets subcommand's usage for secrets --help", () => {
    const help = commandHelp('secrets');
    for (const sub of Object.keys(SECRETS_OPTIONS)) expect(help).toContain(`usage: npm run secrets -- ${sub}`);
  });
});
