import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { REVIEW_OPTIONS } from '../command-line/command-options';
import { postComment } from './pr-comment';
import { argsErrorLine } from '../command-line/args-error';
import { commandHelp } from '../command-line/command-help';
import { EnvironmentsModuleError, loadEnvironments } from '../fleet/load-environments';
import { reviewCommand } from './command';
import { GitError } from './git-tree';
import { UsageError } from '../command-line/usage-error';

const USAGE = commandHelp('review');

async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: REVIEW_OPTIONS,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values['post-comment'] !== undefined) {
    if (!fs.existsSync(values['post-comment'])) throw new UsageError(`--post-comment ${values['post-comment']}: no such file; write the review there first (npm run --silent review -- --base <ref> > ${values['post-comment']})`);
    const posted = await postComment(values['post-comment'], process.env);
    process.stdout.write(posted.stdout);
    process.stderr.write(posted.stderr);
    return posted.exitCode;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected ${positionals.join(' ')}`);
  const format = values.format ?? 'markdown';
  if (format !== 'markdown' && format !== 'json') throw new UsageError(`--format ${format}: use markdown or json`);
  if (values['fail-on'] !== undefined && values['fail-on'] !== 'danger') throw new UsageError(`--fail-on ${values['fail-on']}: the only level is danger`);
  const environments = await loadEnvironments(values.environments);
  const result = reviewCommand({
    root: values.root ?? process.cwd(),
    environments,
    base: values.base,
    format,
    failOnDanger: values['fail-on'] === 'danger',
    only: values.env ?? [],
  });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result.exitCode;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  const code = (error as { code?: string }).code;
  if (error instanceof EnvironmentsModuleError || error instanceof GitError) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 1;
  } else if (error instanceof UsageError || code?.startsWith('ERR_PARSE_ARGS')) {
    const message = error instanceof UsageError ? error.message : argsErrorLine(error, Object.keys(REVIEW_OPTIONS));
    process.stderr.write(`${message}\n${USAGE}\n`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
