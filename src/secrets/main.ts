import fs from 'node:fs';
import { environments } from '../environments';
import { SecretsUsageError, secretsCommand } from './commands';

// `npm run secrets -- …`: a thin shell around secretsCommand(); values are never printed except by `show`.
try {
  const result = await secretsCommand(process.argv.slice(2), {
    root: process.cwd(),
    environments,
    vars: process.env,
    now: () => new Date(),
    readStdin: () => fs.readFileSync(0, 'utf8'),
  });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
} catch (error) {
  const code = (error as { code?: string }).code;
  if (error instanceof SecretsUsageError || code?.startsWith('ERR_PARSE_ARGS') || code === 'ENOENT') {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
