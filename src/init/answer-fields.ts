import { formatViolation } from '../model/violation';
import type { Violation } from '../model/violation';

/**
 * The field of the starting environment each answer writes, most specific first: a rule's
 * violation on the environment init would write names the option the user gave, not a field
 * of a file that does not exist yet.
 */
const ANSWER_FIELDS: readonly (readonly [field: string, option: string])[] = [
  ['network.dns', '--dns'],
  ['network.gateway', '--gateway'],
  ['network.subnet', '--subnet'],
  ['nodes', '--nodes'],
  ['controlPlane.vipInterface', '--interface'],
  ['controlPlane.vip', '--vip'],
  ['ingressVip', '--vip'],
  ['baseDomain', '--domain'],
  ['infrastructure.access.sshKeys', '--ssh-key'],
  ['infrastructure', '--infrastructure'],
  ['flux.url', '--flux-url'],
  ['flux.branch', '--branch'],
  ['name', '--name'],
];

/** The option whose answer wrote `path` (`dev.network.dns[0]` → `--dns`), if one did. */
export function answerOption(path: string, env: string): string | undefined {
  const field = path.startsWith(`${env}.`) ? path.slice(env.length + 1) : path;
  return ANSWER_FIELDS.find(([f]) => field === f || field.startsWith(`${f}.`) || field.startsWith(`${f}[`))?.[1];
}

/** `error --dns 127.0.0.53 (dev.network.dns[0]) [code]: …`: the option first, the field it became after. */
export function formatRefusedAnswer(v: Violation, env: string): string {
  const option = answerOption(v.path, env);
  return option === undefined ? formatViolation(v) : `${v.severity} ${option} ${v.value} (${v.path}) [${v.code}]: ${v.message}\n    fix: ${v.fix}`;
}
