import fs from 'node:fs';
import { EnvironmentsModuleError, loadEnvironments } from '../fleet/load-environments';
import type { EnvironmentSpec } from '../model/environment';
import { formatViolation, hasErrors } from '../model/violation';
import { SECRETS_USAGE, SecretsUsageError, secretsCommand } from './commands';
import { specGate } from './spec-gate';
import { argsErrorLine } from '../command-line/args-error';

/** Takes the options every subcommand shares out of argv; the rest goes to the subcommand. */
function globalOptions(argv: readonly string[]): { root?: string; environments?: string; help: boolean; rest: string[] } {
  const found: { root?: string; environments?: string; help: boolean; rest: string[] } = { help: false, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag === '--root' || flag === '--environments') {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new SecretsUsageError(`${flag} needs a value`);
      found[flag === '--root' ? 'root' : 'environments'] = value;
    } else if (arg === '--help' || arg === '-h') found.help = true;
    else found.rest.push(arg);
  }
  return found;
}

// `npm run secrets -- …`: a thin shell around secretsCommand(); values are never printed except by `show`.
try {
  const options = globalOptions(process.argv.slice(2));
  if (options.help) {
    process.stdout.write(`${SECRETS_USAGE}\n`);
  } else {
    const environments = await loadEnvironments(options.environments);
    const found = specGate(options.rest, environments);
    if (found.length > 0) process.stderr.write(`${found.map(formatViolation).join('\n')}\n`);
    if (hasErrors(found)) {
      process.stderr.write('secrets: the environments above must be fixed first\n');
      process.exitCode = 1;
    } else {
      const result = await secretsCommand(options.rest, {
        root: options.root ?? process.cwd(),
        environments: environments as readonly EnvironmentSpec[],
        vars: process.env,
        now: () => new Date(),
        readStdin: () => fs.readFileSync(0, 'utf8'),
      });
      process.stdout.write(result.stdout);
      process.stderr.write(result.stderr);
      process.exitCode = result.exitCode;
    }
  }
} catch (error) {
  const code = (error as { code?: string }).code;
  if (error instanceof EnvironmentsModuleError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  } else if (error instanceof SecretsUsageError || code?.startsWith('ERR_PARSE_ARGS') || code === 'ENOENT') {
    const message = code?.startsWith('ERR_PARSE_ARGS') ? argsErrorLine(error, []) : (error as Error).message;
    process.stderr.write(message === SECRETS_USAGE ? `${SECRETS_USAGE}\n` : `${message}\n${code === 'ENOENT' ? '' : `${SECRETS_USAGE}\n`}`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
