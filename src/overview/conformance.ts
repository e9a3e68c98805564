import type { Environment } from '../model/resolve';
import { treeDocuments } from '../tree/documents';
import { CHAINSAW_CONFIG_FILE, TESTS_DIR, treeDir } from '../tree/paths';

/** The conformance suites section: what each rendered suite asserts, and how to run them. */
export function conformanceSection(env: Environment, files: ReadonlyMap<string, string>): string[] {
  const suites = [...files.keys()].filter((p) => new RegExp(`^${TESTS_DIR}/[^/]+/chainsaw-test\\.yaml$`).test(p)).sort();
  if (suites.length === 0) return [];
  const dir = `${treeDir(env.name)}/${TESTS_DIR}`;
  return [
    '## Conformance suites',
    '',
    `Chainsaw suites generated from the model, run against the live cluster from the repository root: \`chainsaw test --config ${treeDir(env.name)}/${CHAINSAW_CONFIG_FILE} ${dir}\` (the JUnit report lands in the folder you run it from). They create and delete their own namespaces.`,
    '',
    '| suite | step | asserts |',
    '| --- | --- | --- |',
    ...suites.flatMap((p) => {
      const test = treeDocuments(files, p)[0] as { metadata: { name: string }; spec: { steps: { name: string; description: string }[] } };
      return test.spec.steps.map((s) => `| ${test.metadata.name} | ${s.name} | ${s.description} |`);
    }),
    '',
  ];
}
