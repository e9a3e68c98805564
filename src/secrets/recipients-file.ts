/** The data file `secrets init` rewrites, relative to the repository root. */
export const RECIPIENTS_FILE = 'environments/age-recipients.ts';

/**
 * Replaces one environment's line in age-recipients.ts (`  dev: [ … ],`) with literal
 * recipients, or adds the line when the environment has none yet.
 */
export function withRecipients(source: string, env: string, recipients: readonly string[]): string {
  const line = `  ${env}: [${recipients.map((r) => `'${r}'`).join(', ')}],`;
  const existing = new RegExp(`^  ${env}: \\[.*\\],$`, 'm');
  if (existing.test(source)) return source.replace(existing, line);
  const end = source.lastIndexOf('};');
  if (end === -1) throw new Error(`${RECIPIENTS_FILE} has no 'export const ageRecipients = { … };' to add ${env} to`);
  return `${source.slice(0, end)}${line}\n${source.slice(end)}`;
}
