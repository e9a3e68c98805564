/**
 * TypeScript types of chart values, generated from the values schemas in schemas/values/ (the
 * vendored platform charts' and any a user copies in for an app): `src/values/<chart>.ts` exports
 * `<Chart>Values`, so `values: { … } satisfies CiliumValues` is checked by the compiler.
 *
 *   npm run values-types            regenerate src/values/
 *   npm run values-types -- --check fail (exit 1) when src/values/ is not what the schemas give
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compile } from 'json-schema-to-typescript';
import semver from 'semver';

export const VALUES_DIR = 'schemas/values';
export const TYPES_DIR = 'src/values';
const SUFFIX = '.values.schema.json';

/** `cert-manager` → `CertManagerValues`. */
export const typeName = (chart: string) => `${chart.split(/[^a-zA-Z0-9]/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}Values`;

/** The newest schema of each chart: `{ chart, version, file }`, sorted by chart. */
export function schemasByChart(root: string): { chart: string; version: string; file: string }[] {
  const dir = path.join(root, VALUES_DIR);
  const found = (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
    .filter((f) => f.endsWith(SUFFIX))
    .map((file) => {
      const match = /^(.+)-(v?\d+\.\d+\.\d+.*)$/.exec(file.slice(0, -SUFFIX.length));
      return match ? { chart: match[1]!, version: match[2]!, file } : undefined;
    })
    .filter((s) => s !== undefined && semver.valid(semver.coerce(s.version)) !== null) as { chart: string; version: string; file: string }[];
  const newest = new Map<string, (typeof found)[number]>();
  for (const s of found) {
    const seen = newest.get(s.chart);
    if (!seen || semver.gt(semver.coerce(s.version)!, semver.coerce(seen.version)!)) newest.set(s.chart, s);
  }
  return [...newest.values()].sort((a, b) => (a.chart < b.chart ? -1 : 1));
}

/** Every generated file: `src/values/<chart>.ts` → its text. */
export async function valuesTypes(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const { chart, file } of schemasByChart(root)) {
    // A release's values are merged over the chart's defaults before Helm validates them: a key the
    // schema requires comes from the defaults, so the type of what a release sets requires nothing.
    const schema = JSON.parse(fs.readFileSync(path.join(root, VALUES_DIR, file), 'utf8'), (k, v: unknown) => (k === 'required' && Array.isArray(v) ? undefined : v)) as object;
    // A schema's title or $id would name the type; the chart's name is the one wanted.
    const body = await compile({ ...schema, title: undefined, $id: undefined } as never, typeName(chart), {
      bannerComment: `/* Generated from ${VALUES_DIR}/${file} by npm run values-types: do not edit. */`,
      additionalProperties: false,
      unknownAny: true,
      format: true,
    });
    files.set(`${TYPES_DIR}/${chart}.ts`, body);
  }
  return files;
}

/** Differences between src/values/ on disk and what the schemas give, one line each. */
export async function valuesTypesProblems(root: string): Promise<string[]> {
  const want = await valuesTypes(root);
  const dir = path.join(root, TYPES_DIR);
  const have = (fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter((f) => f.endsWith('.ts')).map((f) => `${TYPES_DIR}/${f}`);
  return [
    ...[...want].filter(([file, text]) => !fs.existsSync(path.join(root, file)) || fs.readFileSync(path.join(root, file), 'utf8') !== text).map(([file]) => `${file} is stale: run npm run values-types`),
    ...have.filter((file) => !want.has(file)).map((file) => `${file} has no schema in ${VALUES_DIR}: remove it, or restore its schema`),
  ];
}

async function main(argv: string[]): Promise<number> {
  const { values: opts } = parseArgs({ args: argv, options: { check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (opts.help) {
    process.stdout.write('usage: npm run values-types [-- --check]\n');
    return 0;
  }
  const root = process.cwd();
  if (opts.check) {
    const problems = await valuesTypesProblems(root);
    process.stdout.write(problems.length === 0 ? `values-types: ${TYPES_DIR}/ is up to date\n` : problems.map((p) => `${p}\n`).join(''));
    return problems.length === 0 ? 0 : 1;
  }
  const files = await valuesTypes(root);
  fs.mkdirSync(path.join(root, TYPES_DIR), { recursive: true });
  for (const stale of fs.readdirSync(path.join(root, TYPES_DIR)).filter((f) => !files.has(`${TYPES_DIR}/${f}`))) fs.rmSync(path.join(root, TYPES_DIR, stale));
  for (const [file, text] of files) fs.writeFileSync(path.join(root, file), text);
  process.stdout.write(`values-types: ${files.size} files in ${TYPES_DIR}/\n`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main(process.argv.slice(2)).then(
    (code) => { process.exitCode = code; },
    (error: Error) => {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 2;
    },
  );
}
