import semver from 'semver';
import { valuesSchemaPath } from './paths';

/**
 * Which values schema judges a chart's values, one rule for synth and validate alike: the pinned
 * release's own, else the newest patch of the same minor, else the stand-in declared below (for
 * the release it was declared for, or as a stand-in of another minor for any other), else none.
 * Both say which was used in the same words (valuesSchemaNote).
 */
export type ValuesSchemaMatch = 'exact' | 'same-minor' | 'declared' | 'another-minor' | 'none';

export interface ValuesSchemaChoice {
  /** The file name chosen (`cilium-1.20.0.values.schema.json`); none when `how` is `none`. */
  readonly file?: string;
  readonly how: ValuesSchemaMatch;
}

/** Charts whose upstream publishes no values.schema.json: their values cannot be schema-checked. */
export const CHARTS_WITHOUT_VALUES_SCHEMA: ReadonlySet<string> = new Set(['cluster-api-operator', 'longhorn', 'kyverno', 'kube-prometheus-stack', 'alloy']);

/**
 * Charts whose pinned release's schema cannot be had here, judged by one of another minor on
 * purpose, declared for one release: flux-operator's chart repository snapshot ends at 0.49.0 and
 * the Go module proxy does not serve it, while the operator is at 0.58.1; the few values the
 * generator sets are stable keys. A bump of the pin must review the stand-in again (a test fails
 * until `pin` follows), so the tool's own pin never warns on every command.
 */
export const VALUES_SCHEMA_STAND_INS: Readonly<Record<string, { readonly schema: string; readonly pin: string }>> = {
  'flux-operator': { schema: '0.49.0', pin: '0.58.1' },
};

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
  const declared = standIn === undefined ? undefined : candidates.find((c) => semver.clean(c.version) === semver.clean(standIn.schema));
  if (!declared) return { how: 'none' };
  return { file: declared.file, how: semver.clean(version) === semver.clean(standIn!.pin) ? 'declared' : 'another-minor' };
}

/** What a user can do about a release judged by another's schema, or by none: the folder synth and validate read first. */
export const copyValuesSchemaFix = (chart: string, version: string) => `copy the chart's ${version} values.schema.json to the fleet's ${valuesSchemaPath(chart, version)}`;

/**
 * What synth's warning and validate's summary both say about a schema that is not the release's
 * own. The stand-in the tool declares for its own pin is no warning (validate notes it:
 * declaredStandInNote).
 */
export function valuesSchemaNote(chart: string, version: string, choice: ValuesSchemaChoice): string | undefined {
  const what = choice.how === 'same-minor' ? 'the same minor' : choice.how === 'another-minor' ? 'another minor' : undefined;
  if (what === undefined) return undefined;
  return `chart ${chart} ${version}: its values are judged by ${choice.file}, a stand-in of ${what} (the pinned release's schema is not vendored)`;
}

/** The note with what the user can do: synth's warning line and validate's summary, where no rule carries a fix. */
export function valuesSchemaWarning(chart: string, version: string, choice: ValuesSchemaChoice): string | undefined {
  const note = valuesSchemaNote(chart, version, choice);
  return note === undefined ? undefined : `${note}; ${copyValuesSchemaFix(chart, version)}`;
}

/** validate's note on a release judged by the stand-in the tool declares for it. */
export function declaredStandInNote(chart: string, version: string, choice: ValuesSchemaChoice): string | undefined {
  if (choice.how !== 'declared') return undefined;
  return `chart ${chart} ${version}: its values are judged by ${choice.file}, the stand-in the tool declares for this release (its own schema is not vendored: schemas/SOURCES.md)`;
}

/**
 * What synth's warning and validate's summary both say about a platform chart pinned (by an
 * environment's `versions`) at a release no schema is vendored for: its values go unjudged.
 */
export const missingValuesSchemaNote = (chart: string, version: string) =>
  `chart ${chart} ${version}: no values schema is vendored for this release or its minor, so its values are not validated; ${copyValuesSchemaFix(chart, version)}`;
