import { componentCatalogueRules } from '../components/rules';
import { AppConstructError } from '../k8s/app-chart';
import type { EnvironmentSpec } from '../model/environment';
import { checkAppSources } from '../model/invariants/app-sources';
import { checkCatalogue } from '../model/invariants/catalogue';
import { checkFleet } from '../model/invariants/fleet';
import { checkSecretSources } from '../model/invariants/secrets';
import { resolve } from '../model/resolve';
import type { Environment } from '../model/resolve';
import { ENVIRONMENT_NAME } from '../model/name-patterns';
import { checkSpec, specName } from '../model/spec-check';
import { redactedViolation } from '../model/redact';
import { hasErrors, runRules } from '../model/violation';
import type { Rule, Violation } from '../model/violation';
import * as versions from '../versions';
import { checkEnvironment } from './environment-rules';
import { duplicateNames } from './environment-names';
import { checkRendered } from './rendered-rules';

/** The code the runner itself reports, when an app's construct fails while the tree is rendered. */
export const renderingRules: readonly Omit<Rule<unknown>, 'check'>[] = [
  { code: 'app.construct-failed', severity: 'error', summary: "an app's construct builds and renders (it may not throw, and no two of its objects of one kind and namespace share a name)" },
];

/** What one environment reads from the repository besides its spec. */
export interface EnvironmentSources {
  /** Its encrypted sources, `secrets/<env>/…` → text. */
  readonly secrets: ReadonlyMap<string, string>;
  /** What its apps read: their manifests folders' files and their charts' values schemas, repository path → text. */
  readonly appSources: ReadonlyMap<string, string>;
  /** Its committed `clusters/<env>/` tree (relative paths), for the rules that compare with it. */
  readonly previous?: ReadonlyMap<string, string>;
}

/**
 * Renders an environment every earlier family passed: its files by path under `clusters/<env>/`.
 * Throws AppConstructError when an app's construct fails.
 */
export type Render = (env: Environment, sources: EnvironmentSources) => ReadonlyMap<string, string>;

export interface CheckRequest {
  /** Every environment as written: names and the fleet's rules look at all of them. */
  readonly specs: readonly unknown[];
  /** The environments checked past their shape, in this order. @default specs */
  readonly selected?: readonly unknown[];
  /** What an environment reads from the repository; without it the secret and app-source families do not run. */
  readonly sources?: (env: Environment) => EnvironmentSources;
  /** Renders an environment; without it the rendering and rendered-output families do not run. */
  readonly render?: Render;
}

export interface CheckedEnvironment {
  readonly name: string;
  /** Undefined while the spec is not a well-typed EnvironmentSpec (nothing can be derived). */
  readonly env?: Environment;
  /** Its files by path under `clusters/<env>/`: empty while an error stands, or without `render`. */
  readonly files: ReadonlyMap<string, string>;
  readonly violations: readonly Violation[];
}

export interface CheckOutcome {
  /** What belongs to no one selected environment: the catalogue, the names, unselected specs' shapes, the fleet. */
  readonly fleet: readonly Violation[];
  readonly environments: readonly CheckedEnvironment[];
  /** Every violation, errors and warnings: the fleet's first, then each environment's. */
  readonly violations: readonly Violation[];
  /** Every well-typed spec, selected or not, resolved against the fleet (what synth's root files are built from). */
  readonly resolved: ReadonlyMap<unknown, Environment>;
}

const NOTHING_READ: EnvironmentSources = { secrets: new Map(), appSources: new Map() };

/** Shape findings the schema itself accepts (a padded or empty string): the spec still resolves, and the rules run beside them. */
const VALUE_FAULTS = new Set(['spec.whitespace', 'spec.empty']);

/** An app's construct that failed while rendering, as the violation that names the app. */
function constructFailures(env: Environment, error: AppConstructError): Violation[] {
  return error.failures.map((f) => ({
    code: 'app.construct-failed',
    severity: 'error',
    path: `${env.name}.apps[${env.apps.findIndex((a) => a.name === f.app)}].construct`,
    value: f.app,
    message: `app ${f.app}: ${f.message}`,
    fix: f.fix,
  }));
}

/** An environment checked up to rendering: its findings before any file exists, and what it read. */
interface Prechecked {
  readonly name: string;
  readonly env?: Environment;
  readonly sources?: EnvironmentSources;
  readonly violations: readonly Violation[];
}

/**
 * One environment through its families before rendering, in their order (docs/reference/rules/):
 * the shape, then the model, the components and the overridden pins, then what it reads from the
 * repository.
 */
function precheck(spec: unknown, shape: readonly Violation[], env: Environment | undefined, request: CheckRequest): Prechecked {
  const name = specName(spec);
  if (!env) return { name, violations: shape };
  // An invalid name reads nothing: `secrets/<name>/` could be a folder outside secrets/ (`../x`).
  const sources = ENVIRONMENT_NAME.test(env.name) && shape.length === 0 ? request.sources?.(env) : undefined;
  // A field the shape check reported is reported once: the rules' findings at it (or inside it) go.
  const reported = (path: string) => shape.some((v) => path === v.path || path.startsWith(`${v.path}.`) || path.startsWith(`${v.path}[`));
  const violations = [
    ...shape,
    ...[
      ...checkEnvironment(env),
      ...(sources ? checkSecretSources({ env, sources: sources.secrets }) : []),
      ...(sources ? checkAppSources({ env, sources: sources.appSources }) : []),
    ].filter((v) => !reported(v.path)),
  ];
  return { name, env, sources, violations };
}

/**
 * Renders an environment nothing blocks, and checks its rendered files last. `blocked`: an error
 * stands against it or against a workload cluster whose objects its tree holds (the fleet's rules
 * included), so the output would be wrong by definition, and its renderer may assume none does.
 */
function renderOne(pre: Prechecked, blocked: boolean, request: CheckRequest): CheckedEnvironment {
  const { name, env, sources, violations } = pre;
  if (!env || blocked || !request.render) return { name, env, files: new Map(), violations };
  let files: ReadonlyMap<string, string>;
  try {
    files = request.render(env, sources ?? NOTHING_READ);
  } catch (error) {
    if (!(error instanceof AppConstructError)) throw error;
    return { name, env, files: new Map(), violations: [...violations, ...constructFailures(env, error)] };
  }
  return { name, env, files, violations: [...violations, ...checkRendered({ env, files, previous: sources?.previous })] };
}

/** The environments whose errors keep `env` from rendering: itself and the workload clusters it manages (written, even if not well typed). */
function renderedFrom(env: Environment, specs: readonly unknown[]): string[] {
  const manages = (spec: unknown) => (spec as { infrastructure?: { kind?: unknown; management?: unknown } } | null)?.infrastructure?.management === env.name;
  return env.workload ? [env.name] : [env.name, ...specs.filter(manages).map(specName)];
}

/**
 * The one entry point of every rule family, in the order docs/reference/rules/ lists them: synth,
 * check, diff and the API's check() and synthesize() all call it. Every violation at once.
 */
export function runChecks(request: CheckRequest): CheckOutcome {
  const selected = request.selected ?? request.specs;
  const shapes = new Map(request.specs.map((spec) => [spec, checkSpec(spec)]));
  for (const spec of selected) if (!shapes.has(spec)) shapes.set(spec, checkSpec(spec));
  // A spec that is not even well typed is reported field by field and goes no further; one whose
  // only faults are strings the schema accepts (padded, empty) goes on, so every
  // other error comes at once.
  const wellTyped = (spec: unknown) => shapes.get(spec)!.every((v) => VALUE_FAULTS.has(v.code));
  const typed = request.specs.filter(wellTyped);
  const resolved = new Map([...shapes.keys()].filter(wellTyped).map((spec) => [spec, resolve(spec as EnvironmentSpec, typed)]));
  const prechecked = selected.map((spec) => precheck(spec, shapes.get(spec)!, resolved.get(spec), request));
  const names = new Set(prechecked.map((e) => e.name));
  // A management environment's tree holds its workload clusters' objects: an unselected one is
  // checked too, and its errors are reported with the fleet's, since they keep that tree from rendering.
  const workloadsOfSelected = new Set(prechecked.flatMap((e) => (e.env ? renderedFrom(e.env, request.specs).slice(1) : [])));
  const unselectedWorkloads = request.specs
    .filter((spec) => workloadsOfSelected.has(specName(spec)) && !names.has(specName(spec)))
    .map((spec) => precheck(spec, shapes.get(spec)!, resolved.get(spec), request));
  // Unselected environments are shape-checked too: the root files (.sops.yaml) are built from all.
  const unselected = request.specs.filter((spec) => !names.has(specName(spec))).flatMap((spec) => shapes.get(spec)!);
  const fleet = [
    ...checkCatalogue(),
    ...runRules(componentCatalogueRules, versions),
    ...duplicateNames(request.specs),
    ...unselected,
    ...unselectedWorkloads.flatMap((e) => e.violations.filter((v) => v.severity === 'error' && !unselected.includes(v))),
    ...checkFleet(typed.map((spec) => resolved.get(spec)!)),
  ];
  // Every error so far by the environment it stands against: its own, and the fleet's rules' at its paths.
  const before = [...prechecked, ...unselectedWorkloads];
  const erred = new Set([
    ...before.filter((e) => hasErrors(e.violations)).map((e) => e.name),
    ...fleet.filter((v) => v.severity === 'error').map((v) => v.path.split('.')[0]!),
  ]);
  const environments = prechecked.map((e) => renderOne(e, !e.env || renderedFrom(e.env, request.specs).some((n) => erred.has(n)), request));
  const shown = environments.map((e) => ({ ...e, violations: e.violations.map(redactedViolation) }));
  const fleetShown = fleet.map(redactedViolation);
  return { fleet: fleetShown, environments: shown, violations: [...fleetShown, ...shown.flatMap((e) => e.violations)], resolved };
}

/**
 * Checks a spec as written, as synth would before reading the repository: its shape and types
 * first (any input, however wrong), then, once it is a well-typed EnvironmentSpec, the model, the
 * components and its pins; the catalogue's own rules too. Every violation at once.
 */
export function check(spec: EnvironmentSpec | unknown): Violation[] {
  return [...runChecks({ specs: [spec] }).violations];
}
