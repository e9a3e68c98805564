import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { VALIDATE_OPTIONS } from '../command-line/command-options';
import { EnvironmentsModuleError, loadEnvironments } from '../fleet/load-environments';
import { specName } from '../model/spec-check';
import { validate } from './validate';
import { checkRegistries } from './registry-check';
import { readEnvironmentTree } from './tree-objects';
import { argsErrorLine } from '../command-line/args-error';
import { commandHelp } from '../command-line/command-help';
import { UsageError } from '../command-line/usage-error';

const USAGE = commandHelp('validate');

async function main(argv: string[]): Promise<number> {
  const { values: opts } = parseArgs({
    args: argv,
    options: VALIDATE_OPTIONS,
  });
  if (opts.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // A folder named on the command line that is none is the command line's mistake.
  for (const [option, dir] of [['--root', opts.root], ['--schemas', opts.schemas], ['--values', opts.values]] as const) {
    if (dir === undefined) continue;
    if (!fs.existsSync(dir)) throw new UsageError(`${option} ${dir} does not exist`);
    if (!fs.statSync(dir).isDirectory()) throw new UsageError(`${option} ${dir} is not a folder`);
  }
  const root = opts.root ?? process.cwd();
  const known = (await loadEnvironments(opts.environments)).map(specName);
  const names = opts.env ?? [...known].sort();
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0) throw new UsageError(`unknown environment ${unknown.join(', ')}; known: ${[...known].sort().join(', ')}`);
  const report = validate({
    root,
    environments: names,
    schemas: opts.schemas && path.resolve(opts.schemas),
    values: opts.values && path.resolve(opts.values),
    kustomize: opts['no-kustomize'] ? false : undefined,
  });
  const online = opts.online ? await checkRegistries(names.map((env) => readEnvironmentTree(root, env))) : undefined;
  const findings = [...report.findings, ...(online?.findings ?? [])];
  const summary = [...report.summary, online ? `online: ${online.checked} pinned charts and images asked of their registries` : 'online: no registry asked (pass --online)'];
  process.stdout.write(summary.map((line) => `${line}\n`).join(''));
  for (const f of findings) process.stderr.write(`${f.check} ${f.where}: ${f.message}\n`);
  process.stdout.write(findings.length === 0 ? 'validate: all checks passed\n' : `validate: ${findings.length} finding(s)\n`);
  return findings.length === 0 ? 0 : 1;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // Broken environments are the user's data (exit 1); a mistake on the command line gets the usage
  // (exit 2); anything else is the tool's own fault, and keeps its stack for the bug report.
  const code = (error as { code?: string }).code;
  if (error instanceof EnvironmentsModuleError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  } else if (error instanceof UsageError || code?.startsWith('ERR_PARSE_ARGS')) {
    // A mistake in an option's value is its own line; one the parser finds gets the usage too.
    const message = error instanceof UsageError ? error.message : argsErrorLine(error, Object.keys(VALIDATE_OPTIONS));
    process.stderr.write(`${message}\n${error instanceof UsageError ? '' : `${USAGE}\n`}`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
