import { parseArgs } from 'node:util';
import { VERIFY_OPTIONS } from '../command-line/command-options';
import { argsErrorLine } from '../command-line/args-error';
import { commandHelp } from '../command-line/command-help';
import { EnvironmentsModuleError, loadEnvironments } from '../fleet/load-environments';
import { verifyCommand } from './command';
import { UsageError } from '../command-line/usage-error';

const OPTIONS = Object.keys(VERIFY_OPTIONS);
const USAGE = commandHelp('verify');

async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: VERIFY_OPTIONS,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected ${positionals.join(' ')}`);
  if (values.env === undefined) throw new UsageError('--env <name> is required: the environment whose cluster to read');
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format ${format}: use text or json`);
  const root = values.root ?? process.cwd();
  const result = await verifyCommand({
    root,
    environments: await loadEnvironments(values.environments, root),
    env: values.env,
    kubeconfig: values.kubeconfig,
    context: values.context,
    revision: values.revision,
    format,
  });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result.exitCode;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  const code = (error as { code?: string }).code;
  // Exit 1 is drift; environments that do not load are the command line's or the fleet's mistake.
  if (error instanceof EnvironmentsModuleError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 2;
  } else if (error instanceof UsageError || code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`${error instanceof UsageError ? error.message : argsErrorLine(error, OPTIONS)}\n${USAGE}\n`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
