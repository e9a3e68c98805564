import { RULE_FAMILIES } from '../check/families';
import type { RuleFamily } from '../check/families';
import { fieldMatrixDoc } from '../check/field-matrix';
import { headingAnchor, markdownText, tableCell } from '../tree/markdown-text';
import { planRules } from './plan';

export const RULES_DIR = 'docs/reference/rules';

/** The family synth's plan runs itself, after the checks: the tree on disk. */
const TREE_FAMILY: RuleFamily = {
  name: 'tree',
  files: ['src/synth/plan.ts'],
  reads: 'the committed `clusters/<env>/` on disk and its `synth-manifest.txt`',
  when: 'synth, check and diff only, after the checks (the API writes nothing)',
  guide: 'environments.md#files-synth-owns',
  rules: planRules,
};

const GENERATED = 'Generated from the rule tables by `npm run synth`; `npm run check` fails when it is stale.';

/** Every family, in the order their violations are reported, the tree's last. */
export const ruleFamilies = (): readonly RuleFamily[] => [...RULE_FAMILIES, TREE_FAMILY];

/** `names and fleet` → `names-and-fleet.md`, the family's page. */
export const familyPage = (family: RuleFamily) => `${family.name.replace(/ /g, '-')}.md`;

/** `names and fleet` → `Names and fleet`. */
const title = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;

/** The family's guide as a link from a rules page: `[guides/components](../../guides/components.md)`. */
const guideLink = (guide: string) => `[guides/${guide.replace(/\.md(#.*)?$/, '')}](../../guides/${guide})`;

/** Where a rule's fix is: computed per finding, so the page can only say where it is printed. */
const fixLine = (family: RuleFamily) =>
  `**Fix**: computed for each finding; synth, check and diff print it under the finding as \`fix:\`${family.guide === undefined ? '' : `; its family's guide: ${guideLink(family.guide)}`}.`;

/** `src/x.ts (why)` with its path as code. */
const fileText = (file: string) => file.replace(/^(\S+)/, '`$1`');

/** rules/index.md: the families in their order, what each reads and when it runs, each linked. */
function indexPage(families: readonly RuleFamily[]): string {
  return [
    '# Rules',
    '',
    `${GENERATED} Every rule has a test that`,
    'breaks exactly that one thing and expects its code. One entry point, `runChecks()` in `src/check/run.ts`,',
    'runs every family below but the last, in this order (the order their violations are reported in); synth,',
    'check, diff and the API\'s `check()` and `synthesize()` all call it. A new rule goes into the file of its',
    'family; a component\'s rules go into its own folder. Each family has a page with a heading per rule code.',
    '',
    '| # | family | rules | reads | runs |',
    '| --- | --- | --- | --- | --- |',
    ...families.map((f, i) => `| ${i + 1} | [${f.name}](${familyPage(f)}) | ${f.rules.length} | ${tableCell(f.reads)} | ${tableCell(f.when)} |`),
    '',
    "The review's dangers (`src/review/dangers.ts`) are no family: they judge the change between two commits'",
    'trees, in the pull request, and block nothing. Nor is `validate` (`src/validate/`), the conformance gate that',
    're-reads the committed trees as Flux and the API server would (schemas, kustomize builds, the Flux graph).',
    '',
    'Every rule code, alphabetically, with its family, severity and summary: [the rule codes](codes.md).',
    'Which rules catch each class of silent acceptance, field by field: [the field matrix](matrix.md).',
    '',
  ].join('\n');
}

/** rules/codes.md: every code and alias, alphabetically, each linked to its heading on its family's page. */
function codesPage(families: readonly RuleFamily[]): string {
  const rows = families.flatMap((f) =>
    f.rules.flatMap((r) => {
      const link = `${familyPage(f)}#${headingAnchor(r.code)}`;
      return [
        { code: r.code, row: `| [\`${r.code}\`](${link}) | ${f.name} | ${r.severity} | ${tableCell(r.summary)} |` },
        ...(r.aliases ?? []).map((a) => ({ code: a, row: `| [\`${a}\`](${link}) | ${f.name} | ${r.severity} | alias of \`${r.code}\` until the next release |` })),
      ];
    }),
  );
  return [
    '# Rule codes',
    '',
    `${GENERATED} Every code a violation can carry, alphabetically, linked to its heading on its family's page (the`,
    "family's [order](index.md) is the order violations are reported in). The catalogue family's codes also answer",
    'for the overridden pins.',
    '',
    '| code | family | severity | what it protects |',
    '| --- | --- | --- | --- |',
    ...rows.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)).map((r) => r.row),
    '',
  ].join('\n');
}

/** rules/<family>.md: where its rules live, what they read, when they run, then a heading per code. */
function familyDoc(family: RuleFamily, position: number, count: number): string {
  return [
    `# ${title(family.name)}`,
    '',
    `${GENERATED} Family ${position} of ${count} in the order of [the rules](index.md).`,
    '',
    `- **Files**: ${markdownText(family.files.map(fileText).join('; '))}`,
    `- **Reads**: ${markdownText(family.reads)}`,
    `- **Runs**: ${markdownText(family.when)}`,
    '',
    ...(family.rules.length === 0
      ? ["The [catalogue](catalogue.md) family's rules, on the pins as the environment overrides them; their codes are listed there.", '']
      : family.rules.flatMap((r) => [
          `## ${r.code}`,
          '',
          `**${r.severity}**: ${markdownText(r.summary)}`,
          ...(r.aliases ?? []).map((a) => `\nAlias of this code until the next release: \`${a}\`.`),
          '',
          fixLine(family),
          '',
        ])),
  ].join('\n');
}

/** rules/matrix.md: every field × each class of silent acceptance. */
function matrixPage(): string {
  const [heading, ...rest] = fieldMatrixDoc();
  return [heading, '', GENERATED, ...rest.map(markdownText)].join('\n');
}

/** Every page of docs/reference/rules/, by path: the index, one per family, the codes, the field matrix. */
export function rulesDocs(): ReadonlyMap<string, string> {
  const families = ruleFamilies();
  return new Map([
    [`${RULES_DIR}/index.md`, indexPage(families)],
    ...families.map((f, i) => [`${RULES_DIR}/${familyPage(f)}`, familyDoc(f, i + 1, families.length)] as const),
    [`${RULES_DIR}/codes.md`, codesPage(families)],
    [`${RULES_DIR}/matrix.md`, matrixPage()],
  ]);
}
