import { environmentRules } from '../check/check';
import { appSourceRules } from '../model/invariants/app-sources';
import { componentCatalogueRules } from '../components/rules';
import { renderedRules } from './rendered-rules';
import { renderRules } from './render';
import { secretSourceRules } from '../model/invariants/secrets';
import { specRules } from '../model/spec-check';
import { planRules } from './plan';
import { fleetRules } from '../model/invariants/fleet';
import { catalogueRules } from '../model/invariants/catalogue';

export const INVARIANTS_DOC = 'docs/invariants.md';

/** docs/invariants.md: every rule with its code, severity and what it protects, from the rule tables. */
export function invariantsDoc(): string {
  const table = (rules: readonly { code: string; severity: string; summary: string }[]) => [
    '| code | severity | what it protects |',
    '| --- | --- | --- |',
    ...rules.map((r) => `| \`${r.code}\` | ${r.severity} | ${r.summary} |`),
  ];
  return [
    '# Invariants',
    '',
    'Generated from the rule tables in `src/model/invariants/`, `src/components/` and `src/synth/rendered-rules.ts` by',
    '`npm run synth`; `npm run check` fails',
    'when it is stale. Every rule has a test that breaks exactly that one thing and expects its code.',
    '',
    '## On the spec as written (the boundary: shape and types, from the zod schema)',
    '',
    ...table(specRules),
    '',
    '## On the environment (before anything is rendered)',
    '',
    ...table(environmentRules),
    '',
    '## On the encrypted secret sources (no key needed)',
    '',
    ...table(secretSourceRules),
    '',
    "## On what the apps read from the repository (manifests folders, values schemas)",
    '',
    ...table(appSourceRules),
    '',
    '## On the rendered files',
    '',
    ...table([...renderedRules, ...renderRules]),
    '',
    '## On src/versions.ts, the fleet and the tree on disk (once per run)',
    '',
    ...table([...catalogueRules, ...componentCatalogueRules, ...fleetRules, ...planRules]),
    '',
  ].join('\n');
}
