import { didYouMean } from '../model/spec-check';

/**
 * A command-line mistake as one line of ours: node:util's parseArgs says
 * `Unknown option '--pruen'. To specify a positional argument starting with a '-', …`; this says
 * `unknown option --pruen; did you mean --prune?` from the options the command takes.
 */
export function argsErrorLine(error: unknown, options: readonly string[]): string {
  const { code, message = String(error) } = error as { code?: string; message?: string };
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const flag = /Unknown option '([^']+)'/.exec(message)?.[1] ?? '';
    const guess = didYouMean(flag, options.map((o) => `--${o}`));
    const near = guess === undefined ? '' : `; did you mean ${guess}?`;
    return `unknown option ${flag}${near}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return message.replace(/^Option '([^']+)'/, 'option $1').replace(/\.$/, '');
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return message.replace(/^Unexpected argument '([^']+)'.*$/s, 'unexpected argument $1');
  return message;
}
