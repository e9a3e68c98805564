import type { Environment } from '../model/resolve';
import { RULES_DIR, rulesDocs } from './rules-docs';
import { SETTINGS_DOC, settingsDoc } from './settings-doc';
import { VERSIONS_DOC, versionsDoc } from './versions-doc';

export const REFERENCE_DIR = 'docs/reference';

/** Each reference page, by its path under docs/reference/, and what it is: the index's list. */
const PAGES: readonly (readonly [string, string])[] = [
  ['commands.md', "every command with its words, options and exit codes, from the definitions each command's parser and `--help` read (`src/command-line/command-options.ts`)"],
  [SETTINGS_DOC.slice(REFERENCE_DIR.length + 1), 'every field of an environment, its type, its default and what it does, from the schema (`src/model/environment.ts` and each component\'s `settings.ts`)'],
  [`${RULES_DIR.slice(REFERENCE_DIR.length + 1)}/index.md`, 'every rule family in the order it runs, a page per family with a heading per rule code, every code alphabetically, and the field matrix, from the rule tables'],
  [VERSIONS_DOC.slice(REFERENCE_DIR.length + 1), "every pin of the tool's catalogue, its tag convention, the vendored compatibility data and the example fleet's table (`src/versions.ts`)"],
];

/** docs/reference/index.md: what each reference page is, and that none is edited by hand. */
function indexDoc(): string {
  return [
    '# Reference',
    '',
    'Every page here is generated from the code by `npm run synth` in the tool\'s repository, and `npm run check`',
    'fails when one is stale: do not edit them by hand; change the definition they are read from.',
    '',
    ...PAGES.map(([page, what]) => `- [${page}](${page}): ${what}.`),
    '',
  ].join('\n');
}

/**
 * The tool's reference pages, by path: `above` holds those the layer above renders (the bin's
 * commands page, from the CLI's own definitions), the rest are rendered here; `fleet` is the example
 * fleet, whose version table the versions page shows.
 */
export function referenceDocs(fleet: readonly Environment[], above: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
  return new Map([
    [`${REFERENCE_DIR}/index.md`, indexDoc()],
    ...above,
    [SETTINGS_DOC, settingsDoc()],
    ...rulesDocs(),
    [VERSIONS_DOC, versionsDoc(fleet)],
  ]);
}
