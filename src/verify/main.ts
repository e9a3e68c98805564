import { parseArgs } from 'node:util';
import { VERIFY_OPTIONS } from '../command-line/command-options';
import { argsErrorLine } from '../command-line/args-error';
import { EnvironmentsModuleError, loadEnvironments } from '../fleet/load-environments';
import { verifyCommand } from './command';
import { UsageError } from '../command-line/usage-error';

const OPTIONS = ['env', 'kubeconfig', 'context', 'revision', 'format', 'root', 'environments', 'help'];
const USAGE = `usage: npm run verify -- --env <name> [--kubeconfig <file>] [--context <name>] [--revision <sha>] [--format text|json] [--root <dir>] [--environments <module>]
  reads the live cluster (gets and lists only, after asking the server that the credentials can
  neither write nor read Secrets) and compares it with the committed clusters/<env>/ and the model:
  one line per comparison, pass, drift or not-checkable, with what was expected, what is live and
  the fix. --kubeconfig defaults to $KUBECONFIG, then ~/.kube/config; use the inspector's.
  --revision: the commit Flux should be at (default: the last commit that changed clusters/<env>/kubernetes/).
  exit 0 pass, 1 drift, 2 usage, 3 the cluster could not be read.`;

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
