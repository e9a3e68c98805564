import path from 'node:path';

/**
 * A load error as one line: its message and the first place in the user's own files it points at
 * (an environment that throws, a syntax error tsx reports), never the loader's stack.
 */
export function describeUserError(error: unknown, cwd: string = process.cwd()): string {
  const { message = String(error), stack = '' } = error instanceof Error ? error : {};
  // esbuild (through tsx) puts the place of a syntax error in its message: `file:line:col: ERROR: …`.
  const syntax = message.split('\n').find((line) => line.includes(': ERROR: '));
  if (syntax) return syntax.trim().replace(/^(\/[^:]+)/, (file) => path.relative(cwd, file));
  const frame = stack
    .split('\n')
    .map((line) => /^at (?:.* \()?((?:file:\/\/)?\/[^():]+):(\d+):(\d+)\)?$/.exec(line.trim()))
    .find((match) => match && !match[1]!.includes('/node_modules/'));
  const where = frame ? ` (at ${path.relative(cwd, frame[1]!.replace(/^file:\/\//, ''))}:${frame[2]}:${frame[3]})` : '';
  return `${message.split('\n')[0]}${where}`;
}
