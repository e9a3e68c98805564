import type { Environment } from '../model/resolve';
import { REQUIRED_ENCRYPTED_REGEX } from '../model/invariants/secrets';
import { toYaml } from '../tree/yaml';

export const SOPS_CONFIG_FILE = '.sops.yaml';

/**
 * `.sops.yaml`: one creation rule per environment, so the `sops` CLI (for those who have it)
 * encrypts exactly as `npm run secrets` does. The path regex matches relative or absolute paths.
 */
export function sopsConfig(environments: readonly Environment[]): string {
  // A file another environment's Flux delivers is encrypted to that one's recipients: its rule goes first (sops takes the first match).
  const delivered = [...environments]
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((env) => env.secrets.filter((s) => s.deliveredBy && s.deliveredBy.recipients.length > 0))
    .map((ref) => ({
      path_regex: `(^|/)${ref.source.replace(/[.]/g, '\\.')}$`,
      encrypted_regex: REQUIRED_ENCRYPTED_REGEX,
      age: ref.deliveredBy!.recipients.join(','),
    }));
  const rules = [...delivered, ...[...environments]
    .filter((env) => env.ageRecipients.length > 0)
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((env) => ({
      path_regex: `(^|/)secrets/${env.name}/[^/]+\\.sops\\.yaml$`,
      encrypted_regex: REQUIRED_ENCRYPTED_REGEX,
      age: env.ageRecipients.join(','),
    }))];
  return `# Generated from environments/ by npm run synth: edit the environments, not this file.\n${toYaml({ creation_rules: rules })}`;
}
