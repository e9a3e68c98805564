import { componentCatalogueRules, componentRules } from '../components/rules';
import { appSourceRules } from '../model/invariants/app-sources';
import { catalogueRules } from '../model/invariants/catalogue';
import { fleetRules } from '../model/invariants/fleet';
import { modelRules } from '../model/invariants';
import { secretSourceRules } from '../model/invariants/secrets';
import { specRules } from '../model/spec-check';
import type { Rule } from '../model/violation';
import { unlistedEnvironmentRule } from '../fleet/unlisted-environments';
import { environmentNameRules } from './environment-names';
import { renderedRules } from './rendered-rules';
import { renderingRules } from './run';

type RuleDoc = Omit<Rule<unknown>, 'check'>;

/** One family of rules: where its rules live, what they read, and when runChecks() runs them. */
export interface RuleFamily {
  readonly name: string;
  /** The files that hold its rules. */
  readonly files: readonly string[];
  /** What its rules read. */
  readonly reads: string;
  readonly when: string;
  /** The guide that explains what its rules guard, under docs/guides/ (`page.md#anchor`); none when no guide does. */
  readonly guide?: string;
  readonly rules: readonly RuleDoc[];
}

/**
 * Every family, in the order their violations are reported. All but the last run in
 * src/check/run.ts (runChecks, the one entry point of synth, check, diff and the API); the tree's
 * run in synth's plan, on the disk.
 */
export const RULE_FAMILIES: readonly RuleFamily[] = [
  {
    name: 'catalogue',
    files: ['src/model/invariants/catalogue.ts', 'src/components/<name>/rules.ts (`componentCatalogueRules`)'],
    reads: "the tool's pins, `src/versions.ts`",
    when: 'once per run',
    guide: 'upgrading.md#how-versions-are-chosen-and-checked',
    rules: [...catalogueRules, ...componentCatalogueRules],
  },
  {
    name: 'names and fleet',
    files: ['src/check/environment-names.ts', 'src/model/invariants/fleet.ts', 'src/model/invariants/workload-fleet.ts (a workload cluster against its management environment and the fleet)', "src/fleet/unlisted-environments.ts (the bin's synth, check and diff: the files beside environments/index.ts)"],
    reads: 'every environment together (the fleet: the well-typed ones)',
    when: 'once per run',
    guide: 'environments.md#adding-an-environment',
    rules: [...environmentNameRules, ...fleetRules, unlistedEnvironmentRule],
  },
  {
    name: 'spec',
    files: ['src/model/spec-check.ts', 'src/model/spec-text.ts (whitespace and empty strings, on every string field)'],
    reads: 'each environment as written (its shape, types, strings and number bounds, from the zod schema)',
    when: 'first, on every environment; a spec it refuses goes no further',
    guide: 'environments.md#the-environment-spec-checked-at-the-boundary',
    rules: specRules,
  },
  {
    name: 'model',
    files: ['src/model/invariants/*.ts'],
    reads: 'the resolved environment',
    when: 'on every well-typed environment',
    guide: 'environments.md',
    rules: modelRules,
  },
  {
    name: 'components',
    files: ['src/components/rules.ts (the table as a whole)', 'src/components/<name>/rules.ts (each component\'s)'],
    reads: 'the resolved environment and the component table',
    when: 'on every well-typed environment',
    guide: 'components.md',
    rules: componentRules(),
  },
  {
    name: 'overridden pins',
    files: ['src/check/environment-rules.ts (the catalogue family\'s rules again)'],
    reads: "the pins an environment runs, the tool's with its `versions` overrides",
    when: 'on every environment that overrides a pin; reports only what its overrides break',
    guide: 'upgrading.md#how-versions-are-chosen-and-checked',
    rules: [],
  },
  {
    name: 'secrets',
    files: ['src/model/invariants/secrets.ts'],
    reads: 'the encrypted sources in `secrets/<env>/` (no key needed)',
    when: 'when the repository is read (synth, check, diff, synthesize with its inputs)',
    guide: 'secrets.md',
    rules: secretSourceRules,
  },
  {
    name: 'app sources',
    files: ['src/model/invariants/app-sources.ts'],
    reads: "what the apps read from the repository: manifests folders, values schemas",
    when: 'when the repository is read',
    guide: 'apps.md',
    rules: appSourceRules,
  },
  {
    name: 'rendering',
    files: ['src/check/run.ts'],
    reads: "the apps' constructs as they render",
    when: 'when no earlier family found an error and the tree is rendered',
    guide: 'apps.md',
    rules: renderingRules,
  },
  {
    name: 'rendered output',
    files: ['src/check/rendered-rules.ts (the tree\'s)', 'src/check/app-ownership-rules.ts (the apps\' objects against the platform\'s)', 'src/check/workload-tree-rules.ts (the workload clusters\' Cluster API objects in their management environment\'s tree)', 'src/check/lifecycle-rules.ts (an environment against its committed tree: downgrades, moved data)', 'src/conformance/rules.ts (the conformance suites\')', 'src/components/<name>/rendered-rules.ts (each component\'s, gathered by `componentRenderedRules()` in src/components/rules.ts)'],
    reads: 'the rendered files of `clusters/<env>/`, and the committed ones they replace',
    when: 'after rendering',
    rules: renderedRules,
  },
];
