import type { Artifact } from '../artifact';
import { renderBootstrap } from '../bootstrap/render';
import { renderTerraform } from '../infra/render';
import { renderKubernetes } from '../k8s/render';
import type { EnvironmentSpec } from '../model/environment';
import { checkEnvironment } from '../model/invariants';
import { checkRendered } from '../model/invariants/rendered';
import { resolve } from '../model/resolve';
import type { Environment } from '../model/resolve';
import { hasErrors } from '../model/violation';
import type { Violation } from '../model/violation';
import { toYamlDocuments } from '../yaml';

export interface SynthesizedEnvironment {
  readonly env: Environment;
  /** Repository-relative path (`clusters/<env>/…`) → file content. Empty while a model error stands. */
  readonly files: ReadonlyMap<string, string>;
  readonly violations: readonly Violation[];
}

function serialize(artifact: Artifact): string {
  if ('yaml' in artifact) return toYamlDocuments(artifact.yaml);
  // One trailing newline and LF endings, whatever the generator produced.
  return artifact.text.replace(/\r\n?/g, '\n').replace(/\n*$/, '\n');
}

/** Renders one environment's artefacts to bytes, keyed by their path under `clusters/<env>/`. */
export function renderEnvironment(env: Environment): Map<string, string> {
  const files = new Map<string, string>();
  for (const artifact of [...renderKubernetes(env), ...renderBootstrap(env), ...renderTerraform(env)]) {
    if (files.has(artifact.path)) throw new Error(`two artefacts of ${env.name} write ${artifact.path}`);
    files.set(artifact.path, serialize(artifact));
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Resolves, checks, renders and checks the rendered output of one environment, in memory.
 * `previous` is the committed tree (paths relative to `clusters/<env>/`), for upgrade checks.
 * Nothing is rendered while a model error stands: the output would be wrong by definition.
 */
export function synthesize(spec: EnvironmentSpec, previous?: ReadonlyMap<string, string>): SynthesizedEnvironment {
  const env = resolve(spec);
  const violations = checkEnvironment(env);
  if (hasErrors(violations)) return { env, files: new Map(), violations };
  const local = renderEnvironment(env);
  const rendered = checkRendered({ env, files: local, previous });
  const files = new Map([...local].map(([path, content]) => [`clusters/${env.name}/${path}`, content]));
  return { env, files, violations: [...violations, ...rendered] };
}
