import type { Artifact } from '../tree/artifact';
import type { ChartRelease } from '../charts/chart';
import { renderBootstrap } from '../bootstrap/render';
import { renderTerraform } from '../infra/render';
import { renderConformance } from '../conformance/suites';
import { appUnits } from '../apps/units';
import { componentUnits } from '../components/units';
import { workloadUnits } from '../components/workload-units';
import { claimsDayTwoSteps } from '../components/claims-day-two';
import { cniRelease, enabledComponents, layerHealthChecks } from '../components/table';
import { handoverPlan } from '../components/handover';
import { renderKubernetes } from '../k8s/render';
import { inspectionRules } from '../verify/inspection-rules';
import { inspectorAccount } from '../model/inspector-account';
import { fluxClusterSize, fluxReleaseCount } from '../k8s/flux-cluster-size';
import type { EnvironmentSpec } from '../model/environment';
import { isK3s } from '../model/resolve';
import type { Environment } from '../model/resolve';
import type { Violation } from '../model/violation';
import { runChecks } from '../check/run';
import type { Render } from '../check/run';
import { AppConstructError } from '../k8s/app-chart';
import type { AppFailure } from '../k8s/app-chart';
import { canonical, stringifyCanonical } from '../tree/yaml';
import { rememberDocuments, shareDocuments } from '../tree/documents';
import { treeDir } from '../tree/paths';
import { overviewReadme } from '../overview/readme';

/** The environment's overview, at the root of its tree. */
const OVERVIEW_FILE = 'README.md';

export interface SynthesizedEnvironment {
  /** Undefined while the spec is not a well-typed EnvironmentSpec (nothing can be derived). */
  readonly env?: Environment;
  /** Repository-relative path (`clusters/<env>/…`) → file content. Empty while a model error stands. */
  readonly files: ReadonlyMap<string, string>;
  readonly violations: readonly Violation[];
}

/** Bytes of a text artefact; YAML and JSON artefacts are serialised in renderEnvironment, beside their documents. */
function serializeText(artifact: Extract<Artifact, { text: string }>): string {
  if (artifact.verbatim) return artifact.text;
  // One trailing newline and LF endings, whatever the generator produced.
  return artifact.text.replace(/\r\n?/g, '\n').replace(/\n*$/, '\n');
}

/** Inputs read from the repository besides the environment itself. */
export interface SynthInputs {
  /** The committed `clusters/<env>/` tree (relative paths), for upgrade checks. */
  readonly previous?: ReadonlyMap<string, string>;
  /** Encrypted sources, `secrets/<env>/…` → text. */
  readonly secrets?: ReadonlyMap<string, string>;
  /** What the apps read: their manifests folders' files and their charts' values schemas, repository path → text. */
  readonly appSources?: ReadonlyMap<string, string>;
}

/** Renders one environment's artefacts to bytes, keyed by their path under `clusters/<env>/`. */
export function renderEnvironment(env: Environment, inputs: SynthInputs = {}): Map<string, string> {
  const enabled = enabledComponents(env);
  const failures: AppFailure[] = [];
  const units = [...componentUnits(env, enabled), ...workloadUnits(env, { secrets: inputs.secrets ?? new Map(), previous: inputs.previous }), ...appUnits(env, inputs.appSources ?? new Map(), failures)];
  const inspector = { account: inspectorAccount(env), rules: inspectionRules(env) };
  const kubernetes = renderKubernetes({ env, units, healthChecks: layerHealthChecks(enabled), secretSources: inputs.secrets, appFailures: failures, inspector });
  if (failures.length > 0) throw new AppConstructError(failures);
  const files = new Map<string, string>();
  const documents = new Map<string, readonly unknown[]>();
  // A workload cluster has neither: Cluster API on its management cluster builds its machines.
  const servers = isK3s(env) ? [...renderBootstrap(env, fluxClusterSize(fluxReleaseCount(env, units)), cniRelease(env), handoverPlan(env, enabled), claimsDayTwoSteps(env)), ...renderTerraform(env)] : [];
  for (const artifact of [...kubernetes, ...servers, ...renderConformance(env)]) {
    if (files.has(artifact.path)) throw new Error(`two artefacts of ${env.name} write ${artifact.path}`);
    if ('yaml' in artifact) {
      // One canonical copy serves the writer and every reader of the rendered tree.
      // Several documents are joined with `---`, as `kubectl apply -f` and k3s manifests read them.
      const docs = artifact.yaml.map((doc) => canonical(doc));
      files.set(artifact.path, docs.map(stringifyCanonical).join('---\n'));
      documents.set(artifact.path, docs);
    } else if ('json' in artifact) {
      files.set(artifact.path, `${JSON.stringify(artifact.json, null, 2)}\n`);
      documents.set(artifact.path, [artifact.json]);
    } else files.set(artifact.path, serializeText(artifact));
  }
  // The overview and the rendered checks read these objects instead of parsing the text just written from them.
  for (const [path, docs] of documents) rememberDocuments(files, path, docs);
  // The overview reads what was rendered (layers, folders), so it comes last.
  files.set(OVERVIEW_FILE, serializeText({ path: OVERVIEW_FILE, text: overviewReadme(env, files) }));
  const sorted = new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
  for (const [path, docs] of documents) rememberDocuments(sorted, path, docs);
  return sorted;
}

/** Renders for the checks: the files, with the committed tree's parsed documents shared where a file is unchanged. */
export const renderForChecks: Render = (env, sources) => {
  const local = renderEnvironment(env, sources);
  if (sources.previous) shareDocuments(local, sources.previous);
  return local;
};

/**
 * Checks, renders and checks the rendered output of one environment, in memory, through the one
 * entry point of the checks (src/check/run.ts). Nothing is rendered while an error stands before
 * rendering: the output would be wrong by definition.
 */
export function synthesize(spec: EnvironmentSpec | unknown, inputs: SynthInputs = {}): SynthesizedEnvironment {
  const sources = { secrets: inputs.secrets ?? new Map(), appSources: inputs.appSources ?? new Map(), previous: inputs.previous };
  const [checked] = runChecks({ specs: [spec], sources: () => sources, render: renderForChecks }).environments;
  const { env, files, violations } = checked!;
  return { env, files: env ? prefixed(env.name, files) : new Map(), violations };
}

/** Files keyed by their repository path, `clusters/<env>/…`. */
export const prefixed = (name: string, files: ReadonlyMap<string, string>) => new Map([...files].map(([path, content]) => [`${treeDir(name)}/${path}`, content]));
