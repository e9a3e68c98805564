import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SYNTH_OPTIONS } from '../command-line/command-options';
import { EnvironmentsModuleError, loadEnvironments } from '../fleet/load-environments';
import { unlistedEnvironments } from '../fleet/unlisted-environments';
import { formatViolation } from '../model/violation';
import { checkCommand, diffCommand, synthCommand } from '../synth/commands';
import type { CommandOptions, CommandResult } from '../synth/commands';
import { UsageError } from '../command-line/usage-error';
import { argsErrorLine } from '../command-line/args-error';
import { COMMANDS_DOC, commandHelp, commandsDoc } from '../command-line/command-help';
import { kubernetesManifests } from '../synth/cdk8s-output';
import { DecisionRecordsError } from '../synth/decisions-index';

// synth, check and diff share this module: the help is the one of the command run (its first word).
const USAGE = commandHelp(['check', 'diff'].includes(process.argv[2] ?? '') ? process.argv[2]! : 'synth');

const commands: Record<string, (o: CommandOptions) => CommandResult> = {
  synth: synthCommand,
  check: checkCommand,
  diff: diffCommand,
};

async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: SYNTH_OPTIONS,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const command = commands[positionals[0] ?? ''];
  if (!command || positionals.length > 1) throw new UsageError(USAGE);
  if (values.prune && positionals[0] !== 'synth') throw new UsageError(`--prune goes with synth only\n${USAGE}`);
  const root = values.root ?? process.cwd();
  const environments = await loadEnvironments(values.environments);
  const documents = new Map([[COMMANDS_DOC, commandsDoc()]]);
  const result = command({ root, environments, only: values.env ?? [], prune: values.prune ?? false, documents });
  for (const v of await unlistedEnvironments(values.environments, environments)) process.stderr.write(`${formatViolation(v)}\n`);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  // `cdk8s synth` runs this as its app and expects manifests in CDK8S_OUTDIR (cdk8s.yaml).
  const outdir = process.env.CDK8S_OUTDIR;
  if (outdir && result.exitCode === 0 && positionals[0] === 'synth') {
    fs.mkdirSync(outdir, { recursive: true });
    for (const [name, text] of kubernetesManifests(root, environments, values.env ?? [])) fs.writeFileSync(path.join(outdir, name), text);
  }
  return result.exitCode;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // A user's mistake (unknown flag, environment or module) is a line and the usage, never a stack trace.
  const code = (error as { code?: string }).code;
  if (error instanceof EnvironmentsModuleError || error instanceof DecisionRecordsError) {
    // The environments themselves are broken (they throw, or do not parse), or the tool repository's
    // decision records are: data, not the command line.
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  } else if (error instanceof UsageError || code?.startsWith('ERR_PARSE_ARGS')) {
    const message = error instanceof UsageError ? error.message : argsErrorLine(error, Object.keys(SYNTH_OPTIONS));
    process.stderr.write(message === USAGE ? `${USAGE}\n` : `${message}\n${error instanceof UsageError ? '' : `${USAGE}\n`}`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
