import { specName } from '../model/spec-check';
import type { Rule, Violation } from '../model/violation';

/** The rule on the environments' names across the fleet, which look at the specs as written. */
export const environmentNameRules: readonly Omit<Rule<unknown>, 'check'>[] = [
  { code: 'environment.duplicate-name', severity: 'error', summary: 'no two environments share a name (and so a clusters/ folder)' },
];

/** Two environments with one name would write one `clusters/<name>/` folder. */
export function duplicateNames(all: readonly unknown[]): Violation[] {
  const names = all.map(specName);
  return names
    .filter((name, i) => names.indexOf(name) < i)
    .map((name) => ({
      code: 'environment.duplicate-name',
      severity: 'error',
      path: `${name}.name`,
      value: name,
      message: `two environments are named ${name}; both would write clusters/${name}/`,
      fix: 'give each environment its own name',
    }));
}
