import semver from 'semver';

/**
 * Which values schema judges a chart's values, one rule for synth and validate alike: the pinned
 * release's own, else the newest patch of the same minor, else a stand-in of another minor named
 * below, else none. Both say which was used in the same words (valuesSchemaNote).
 */
export type ValuesSchemaMatch = 'exact' | 'same-minor' | 'another-minor' | 'none';

export interface ValuesSchemaChoice {
  /** The file name chosen (`cilium-1.20.0.values.schema.json`); none when `how` is `none`. */
  readonly file?: string;
  readonly how: ValuesSchemaMatch;
}

/** Charts whose upstream publishes no values.schema.json: their values cannot be schema-checked. */
export const CHARTS_WITHOUT_VALUES_SCHEMA: ReadonlySet<string> = new Set(['cluster-api-operator', 'longhorn', 'kyverno', 'kube-prometheus-stack', 'alloy']);

/**
 * Charts whose pinned release's schema is not available, judged by one of another minor on purpose
 * (said as a warning): flux-operator's chart repository snapshot ends at 0.49.0 while the operator
 * is at 0.58.1; the few values the generator sets are stable keys.
 */
export const VALUES_SCHEMA_STAND_INS: Readonly<Record<string, string>> = { 'flux-operator': '0.49.0' };

const SUFFIX = '.values.schema.json';

/** The schema among `files` (names in a values-schema folder) for `chart` at `version`. */
export function resolveValuesSchema(files: readonly string[], chart: string, version: string): ValuesSchemaChoice {
  const prefix = `${chart}-`;
  const candidates = files
    .filter((f) => f.startsWith(prefix) && f.endsWith(SUFFIX))
    .map((f) => ({ file: f, version: f.slice(prefix.length, -SUFFIX.length) }))
    // `cert-` must not take cert-manager's files: the rest is a version, nothing else.
    .filter((c) => /^v?\d/.test(c.version) && semver.valid(semver.coerce(c.version)) !== null);
  const exact = candidates.find((c) => semver.clean(c.version) !== null && semver.clean(c.version) === semver.clean(version));
  if (exact) return { file: exact.file, how: 'exact' };
  const target = semver.coerce(version);
  const sameMinor = candidates
    .filter((c) => target !== null && semver.major(semver.coerce(c.version)!) === target.major && semver.minor(semver.coerce(c.version)!) === target.minor)
    .sort((a, b) => semver.rcompare(semver.coerce(a.version)!, semver.coerce(b.version)!));
  if (sameMinor[0]) return { file: sameMinor[0].file, how: 'same-minor' };
  const standIn = VALUES_SCHEMA_STAND_INS[chart];
  const declared = standIn === undefined ? undefined : candidates.find((c) => semver.clean(c.version) === semver.clean(standIn));
  return declared ? { file: declared.file, how: 'another-minor' } : { how: 'none' };
}

/** What synth's warning and validate's summary both say about a schema that is not the release's own. */
export function valuesSchemaNote(chart: string, version: string, choice: ValuesSchemaChoice): string | undefined {
  if (choice.how === 'same-minor') return `chart ${chart} ${version}: its values are judged by ${choice.file}, a stand-in of the same minor (the pinned release's schema is not vendored)`;
  if (choice.how === 'another-minor') return `chart ${chart} ${version}: its values are judged by ${choice.file}, a stand-in of another minor (the pinned release's schema is not vendored)`;
  return undefined;
}


/**
 * What synth's warning and validate's summary both say about a platform chart pinned (by an
 * environment's `versions`) at a release no schema is vendored for: its values go unjudged.
 */
export const missingValuesSchemaNote = (chart: string, version: string) =>
  `chart ${chart} ${version}: no values schema is vendored for this release or its minor, so its values are not validated; copy the chart's values.schema.json to the fleet's schemas/values/${chart}-${version}${SUFFIX}`;
