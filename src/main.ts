import { parseArgs } from 'node:util';
import { environments } from './environments';
import { checkCommand, diffCommand, synthCommand } from './synth/commands';
import type { CommandResult } from './synth/commands';
import { UsageError } from './synth/plan';

const USAGE = `usage: tsx src/main.ts <synth|check|diff> [--env <name>]... [--root <dir>]
  synth   write clusters/<env>/ for every environment (nothing while an error stands)
  check   exit 1 on a broken invariant or when clusters/ differs from the code (writes nothing)
  diff    show what synth would change (writes nothing)
  --env   restrict to one environment; repeat for several
  --root  folder that holds clusters/ (default: the current folder)`;

const commands: Record<string, (o: Parameters<typeof synthCommand>[0]) => CommandResult> = {
  synth: synthCommand,
  check: checkCommand,
  diff: diffCommand,
};

function main(argv: readonly string[]): number {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { env: { type: 'string', multiple: true }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const command = commands[positionals[0] ?? ''];
  if (values.help || !command || positionals.length > 1) throw new UsageError(USAGE);
  const result = command({ root: values.root ?? process.cwd(), environments, only: values.env ?? [] });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result.exitCode;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  // A user's mistake (unknown flag or environment) is one line, never a stack trace.
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
