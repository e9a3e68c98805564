import type { Environment } from '../model/resolve';
import { REQUIRED_ENCRYPTED_REGEX } from '../model/invariants/secrets';
import { toYaml } from '../tree/yaml';

export const SOPS_CONFIG_FILE = '.sops.yaml';

/**
 * `.sops.yaml`: one creation rule per environment, so the `sops` CLI (for those who have it)
 * encrypts exactly as `npm run secrets` does. The path regex matches relative or absolute paths.
 */
export function sopsConfig(environments: readonly Environment[]): string {
  const rules = [...environments]
    .filter((env) => env.ageRecipients.length > 0)
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((env) => ({
      path_regex: `(^|/)secrets/${env.name}/[^/]+\\.sops\\.yaml$`,
      encrypted_regex: REQUIRED_ENCRYPTED_REGEX,
      age: env.ageRecipients.join(','),
    }));
  return `# Generated from environments/ by npm run synth: edit the environments, not this file.\n${toYaml({ creation_rules: rules })}`;
}
