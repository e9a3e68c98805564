import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { INIT_ANSWERS, INIT_OPTIONS } from '../command-line/command-options';
import * as versions from '../versions';
import { defaultsFor, parseAnswers } from './answers';
import type { RawAnswers } from './answers';
import { fleetFiles } from './fleet-files';
import { defaultToolSpec, toolSpecKind } from './tool-spec';
import { vendorTool, vendoredTool } from './vendor-tool';
import { startingSpec } from './starting-spec';
import { check } from '../check/run';
import { formatRefusedAnswer } from './answer-fields';
import { argsErrorLine } from '../command-line/args-error';
import { commandHelp } from '../command-line/command-help';
import { toolPackage } from '../synth/tool-version';
import { UsageError } from '../command-line/usage-error';

const OPTIONS = INIT_ANSWERS;

const USAGE = commandHelp('init');

/** Asks for every answer not given, offering the default that follows from the answers so far. */
async function prompt(raw: RawAnswers, dir: string): Promise<RawAnswers> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: false });
  // Lines are read through the iterator, which keeps those typed ahead of their question.
  const lines = rl[Symbol.asyncIterator]();
  const answers: RawAnswers = { ...raw };
  try {
    for (const option of OPTIONS.filter((o) => raw[o] === undefined && o !== 'tool')) {
      // Only VMs take an SSH key.
      if (option === 'ssh-key' && (answers.infrastructure ?? 'bare-metal') !== 'libvirt') continue;
      const offered = defaultsFor(answers, dir)[option];
      process.stdout.write(`${option}${offered === '' ? '' : ` [${offered}]`}: `);
      const next = await lines.next();
      if (next.done) throw new UsageError(`\ninit: the input ended before ${option} was answered; nothing was written`);
      const reply = String(next.value).trim();
      answers[option] = reply === '' ? offered : reply;
    }
  } finally {
    rl.close();
  }
  return answers;
}

/** What the folder holds besides a git repository (`git init` first is fine): a fleet goes into a new or empty folder. */
const occupants = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f !== '.git').sort() : []);

/** The folder's files that a new fleet would overwrite. */
const clashes = (dir: string, files: ReadonlyMap<string, string>) => [...files.keys()].filter((f) => fs.existsSync(path.join(dir, f)));

async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: INIT_OPTIONS,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'init needs the folder to write the fleet into' : `one folder only, not ${positionals.join(' ')}`);
  const dir = path.resolve(positionals[0]!);
  const present = occupants(dir);
  if (present.length > 0 && values['into-existing'] !== true) {
    process.stderr.write(`error ${positionals[0]}: not empty (${present.join(', ')}); init writes into a new or empty folder\n    fix: init into a new or empty folder, or add --into-existing to write beside those files (init never overwrites one)\ninit: nothing was written\n`);
    return 1;
  }
  const given = values as Record<string, string | boolean | undefined>;
  let raw = Object.fromEntries(OPTIONS.filter((o) => typeof given[o] === 'string').map((o) => [o, given[o] as string])) as RawAnswers;
  // A key given as a file (~/.ssh/id_ed25519.pub) is read; the key itself is kept as written.
  if (raw['ssh-key'] !== undefined && fs.existsSync(raw['ssh-key'])) raw = { ...raw, 'ssh-key': fs.readFileSync(raw['ssh-key'], 'utf8').trim() };
  if (process.stdin.isTTY && process.stdout.isTTY) raw = await prompt(raw, dir);
  if (given.vendor === true && raw.tool !== undefined) throw new UsageError(`--vendor copies the running tool into the fleet, --tool ${raw.tool} names another: give one of them`);
  const running = defaultToolSpec();
  // A tarball's path is on this machine only: the fleet keeps a copy, which installs on any clone.
  const vendored = given.vendor === true || (raw.tool === undefined && toolSpecKind(running) === 'tarball') ? vendoredTool() : undefined;
  const { answers, errors } = parseAnswers(raw, dir, vendored?.spec ?? running);
  if (!answers) {
    process.stderr.write(errors.map((e) => `error ${e.option} ${e.value || '(empty)'}: ${e.message}\n    fix: ${e.fix}\n`).join(''));
    process.stderr.write('init: nothing was written\n');
    return 1;
  }
  // Every rule on the environment the answers make: errors stop init (the first synth would refuse it), warnings wait for the user.
  const refused = check(startingSpec(answers, versions.k3s.tested)).filter((v) => v.severity === 'error');
  if (refused.length > 0) {
    process.stderr.write(`${refused.map((v) => formatRefusedAnswer(v, answers.name)).join('\n')}\ninit: the answers make an environment synth would refuse (the fields above); nothing was written\n`);
    return 1;
  }
  const tool = toolPackage();
  // The fleet pins each construct library exactly, at the version the tool is tested with.
  const peers = Object.fromEntries(Object.keys(tool.peerDependencies).map((p) => [p, tool.devDependencies[p] ?? tool.peerDependencies[p]!.replace(/^\^/, '')]));
  const files = fleetFiles(answers, { tool: answers.tool, peers, typescript: tool.devDependencies.typescript ?? '5.9.3', node: tool.engines.node, k3s: versions.k3s.tested });
  const taken = clashes(dir, vendored ? new Map([...files, [vendored.file, '']]) : files);
  if (taken.length > 0) {
    process.stderr.write(`${taken.map((f) => `error ${path.join(positionals[0]!, f)}: already exists; init never overwrites a file\n`).join('')}    fix: init into a new or empty folder\ninit: nothing was written\n`);
    return 1;
  }
  if (vendored) {
    try {
      vendorTool(running, path.join(dir, vendored.file));
    } catch (error) {
      process.stderr.write(`init: the tool could not be copied into ${vendored.file} (${String((error as { stderr?: string }).stderr || (error as Error).message).trim()}); nothing was written\n`);
      return 1;
    }
  }
  for (const [rel, content] of files) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
  const where = path.relative(process.cwd(), dir) || '.';
  process.stdout.write(
    `init: ${files.size + (vendored ? 1 : 0)} files written into ${where} (environment ${answers.name}, tool ${answers.tool}${vendored ? `, a copy of ${running.replace(/^file:/, '')}` : ''})\nnext:\n  cd ${where}\n  git init -b main && npm install\n  npm run secrets -- init ${answers.name}\n  npm run synth\n`,
  );
  // A path outside the fleet installs here and nowhere else: say so, with what works everywhere.
  if (answers.tool.startsWith('file:/')) {
    process.stderr.write(`note: the fleet depends on the tool by ${answers.tool}, a path on this machine: CI and other clones cannot install it; depend on a registry version or a git URL and its tag (init --tool <spec>, or npm install --save-exact --save-dev k3s-gitops-synth@<spec> later), or keep a copy of the tarball in the fleet (init --vendor)\n`);
  }
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  const code = (error as { code?: string }).code;
  if (error instanceof UsageError || code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`${error instanceof UsageError ? error.message : argsErrorLine(error, Object.keys(INIT_OPTIONS))}\n${USAGE}\n`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
