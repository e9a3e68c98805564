import { RULE_FAMILIES } from '../check/families';
import type { RuleFamily } from '../check/families';
import { fieldMatrixDoc } from '../check/field-matrix';
import { planRules } from './plan';

export const INVARIANTS_DOC = 'docs/invariants.md';

/** The family synth's plan runs itself, after the checks: the tree on disk. */
const TREE_FAMILY: RuleFamily = {
  name: 'tree',
  files: ['src/synth/plan.ts'],
  reads: 'the committed `clusters/<env>/` on disk and its `synth-manifest.txt`',
  when: 'synth, check and diff only, after the checks (the API writes nothing)',
  rules: planRules,
};

/** docs/invariants.md: every rule family (its files, what it reads, when it runs), then each family's rules. */
export function invariantsDoc(): string {
  const families = [...RULE_FAMILIES, TREE_FAMILY];
  const table = (rules: RuleFamily['rules']) => [
    '| code | severity | what it protects |',
    '| --- | --- | --- |',
    ...rules.map((r) => `| \`${r.code}\` | ${r.severity} | ${r.summary}${(r.aliases ?? []).map((a) => `<br>alias of this code: \`${a}\`, until the next release`).join('')} |`),
  ];
  return [
    '# Invariants',
    '',
    'Generated from the rule tables by `npm run synth`; `npm run check` fails when it is stale. Every rule has a',
    'test that breaks exactly that one thing and expects its code. One entry point, `runChecks()` in',
    '`src/check/run.ts`, runs every family below but the last, in this order (the order their violations are',
    'reported in); synth, check, diff and the API\'s `check()` and `synthesize()` all call it. A new rule goes into',
    'the file of its family; a component\'s rules go into its own folder.',
    '',
    '| # | family | files | reads | runs |',
    '| --- | --- | --- | --- | --- |',
    ...families.map((f, i) => `| ${i + 1} | ${f.name} | ${f.files.map((file) => file.replace(/^(\S+)/, '`$1`')).join('<br>')} | ${f.reads} | ${f.when} |`),
    '',
    "The review's dangers (`src/review/dangers.ts`) are no family: they judge the change between two commits'",
    'trees, in the pull request, and block nothing. Nor is `validate` (`src/validate/`), the conformance gate that',
    're-reads the committed trees as Flux and the API server would (schemas, kustomize builds, the Flux graph).',
    '',
    ...families.flatMap((f, i) => [
      `## ${i + 1}. ${f.name}`,
      '',
      ...(f.rules.length === 0 ? ['The catalogue family\'s rules, on the pins as the environment overrides them; their codes are listed there.'] : table(f.rules)),
      '',
    ]),
    ...fieldMatrixDoc(),
  ].join('\n');
}
