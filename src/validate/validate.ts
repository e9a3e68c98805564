import fs from 'node:fs';
import path from 'node:path';
import { checkCelRules } from './cel-check';
import type { Finding } from './findings';
import { checkFluxGraph } from './flux-graph';
import { checkKustomizations, kustomizeAvailable } from './kustomize-check';
import { checkSchemas } from './schema-check';
import { SchemaStore } from './schemas';
import { readEnvironmentTree } from './tree-objects';
import { checkChartValues } from './values-check';

export interface ValidateOptions {
  /** Folder holding `clusters/`. */
  readonly root: string;
  readonly environments: readonly string[];
  /** kubeconform-style JSON schemas; undefined skips (visibly) the schema step. */
  readonly schemas?: string;
  /** Helm values schemas (`<chart>-<version>.values.schema.json`). @default `<schemas>/../values` */
  readonly values?: string;
  /** Run `kubectl kustomize`. @default when kubectl is available */
  readonly kustomize?: boolean;
}

export interface ValidateReport {
  readonly findings: readonly Finding[];
  /** What ran and what was skipped, one line each, for the person reading CI logs. */
  readonly summary: readonly string[];
}

/** Every conformance check on the committed trees; nothing is written. */
export function validate(options: ValidateOptions): ValidateReport {
  const trees = options.environments.map((env) => readEnvironmentTree(options.root, env));
  const objects = trees.flatMap((t) => t.objects);
  const findings: Finding[] = [];
  const summary: string[] = [`${objects.length} objects in ${trees.length} environment trees`];

  if (options.schemas && fs.existsSync(options.schemas)) {
    const schema = checkSchemas(objects, new SchemaStore(options.schemas));
    findings.push(...schema.findings);
    summary.push(`schema: ${schema.validated} objects validated against ${options.schemas}`);
    const values = checkChartValues(trees, options.values ?? path.join(options.schemas, '..', 'values'));
    findings.push(...values.findings);
    summary.push(`values: ${values.validated} chart value sets validated`, ...values.notes.map((n) => `values: ${n}`));
  } else {
    summary.push(`SKIPPED schema and values validation: no schema folder${options.schemas ? ` at ${options.schemas}` : ''} (pass --schemas <dir>)`);
  }

  const cel = checkCelRules(objects);
  findings.push(...cel);
  summary.push('cel: HelmRelease chart/chartRef, strategies and kubeConfig rules checked');

  if (options.kustomize ?? kustomizeAvailable()) {
    let built = 0;
    for (const tree of trees) {
      const result = checkKustomizations(options.root, tree);
      findings.push(...result.findings);
      built += result.built;
    }
    summary.push(`kustomize: ${built} kustomization.yaml built with kubectl kustomize and compared`);
  } else {
    summary.push('SKIPPED kustomize builds: kubectl is not installed (apt-get install kubernetes-client)');
  }

  for (const tree of trees) findings.push(...checkFluxGraph(tree));
  summary.push('flux-graph: paths, dependsOn, sources, namespaces and decryption checked');
  return { findings, summary };
}
