import type { EnvironmentSpec } from '../model/environment';
import { checkSpec } from '../model/spec-check';
import type { Violation } from '../model/violation';
import { RECIPIENTS_FILE } from './recipients-file';

/**
 * The spec violations of `secrets <argv>`. An environment without age recipients yet (no line
 * in age-recipients.ts) is what `secrets init <env>` mends, by writing that line: no obstacle
 * to init of that environment, nor to a command on another one (its recipients are read only
 * for its own secrets), so there it is a warning; it stops `check` of it and `set`/`show` on it.
 */
export function specGate(argv: readonly string[], environments: readonly unknown[]): Violation[] {
  const [command, target] = argv;
  return environments.flatMap((spec) => {
    const name = (spec as Partial<EnvironmentSpec>)?.name;
    return checkSpec(spec).flatMap((v): Violation[] => {
      if (v.code !== 'spec.missing-field' || v.path !== `${name}.sops.ageRecipients`) return [v];
      if (command === 'init' && target === name) return [];
      const fix = `npm run secrets -- init ${name} creates its key pair and adds \`  ${name}: ['age1…'],\` to ${RECIPIENTS_FILE} (or add that line yourself, with its recipients)`;
      const needed = command === 'check' ? !argv.includes('--env') || argv.some((a, i) => a === name && argv[i - 1] === '--env') || argv.includes(`--env=${name}`) : target === name;
      return [{ ...v, severity: needed ? 'error' : 'warning', fix }];
    });
  });
}
