import fs from 'node:fs';
import path from 'node:path';
import { checkCelRules } from './cel-check';
import type { Finding } from './findings';
import { checkFluxGraph } from './flux-graph';
import { checkKustomizations, kustomizeAvailable } from './kustomize-check';
import { checkSchemas } from './schema-check';
import { checkSuites } from './suites-check';
import { SchemaStore } from './schemas';
import { readEnvironmentTree } from './tree-objects';
import { checkChartValues } from './values-check';
import { FLEET_SCHEMA_DIR, VALUES_SCHEMA_DIR, treeDir } from '../tree/paths';
import { REPO_ROOT } from '../tree/repo-root';

/** The schemas vendored in this repository (see schemas/SOURCES.md). */
export const VENDORED_SCHEMAS = path.join(REPO_ROOT, 'schemas/json');

export interface ValidateOptions {
  /** Folder holding `clusters/`. */
  readonly root: string;
  readonly environments: readonly string[];
  /** kubeconform-style JSON schemas. @default the vendored `schemas/json` of this repository */
  readonly schemas?: string;
  /** Helm values schemas (`<chart>-<version>.values.schema.json`). @default `<schemas>/../values` */
  readonly values?: string;
  /** Run `kubectl kustomize`; without kubectl that is a finding, never a silent skip. @default true */
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
  // An environment without a tree has nothing to prove: that fails, never passes empty.
  for (const env of options.environments) {
    if (!fs.existsSync(path.join(options.root, treeDir(env)))) {
      findings.push({ check: 'tree', where: treeDir(env), message: `environment ${env} has no tree in ${path.resolve(options.root)}; run npm run synth first, or pass --root <the fleet's folder>` });
    }
  }
  const summary: string[] = [`${objects.length} objects in ${trees.length} environment ${trees.length === 1 ? 'tree' : 'trees'} (kubernetes/ and the bootstrap manifests; synth counts kubernetes/ alone)`];

  // A check without its inputs fails: there is no "skipped but passed".
  const schemas = options.schemas ?? VENDORED_SCHEMAS;
  const valuesDir = options.values ?? path.join(schemas, '..', 'values');
  for (const [dir, what] of [[schemas, 'JSON schema'], [valuesDir, 'values schema']] as const) {
    if (!fs.existsSync(dir)) findings.push({ check: 'schema', where: dir, message: `the ${what} folder does not exist; restore it (git checkout -- schemas) or pass its path` });
  }
  // A fleet's own schemas/json/ holds the kinds of its apps the tool has not vendored.
  const fleetSchemas = path.join(options.root, FLEET_SCHEMA_DIR);
  const schema = checkSchemas(objects, new SchemaStore(schemas), path.resolve(fleetSchemas) === path.resolve(schemas) ? undefined : new SchemaStore(fleetSchemas));
  findings.push(...schema.findings);
  summary.push(`schema: ${schema.validated} objects validated against ${schemas}`);
  // The Chainsaw suites of tests/, against Chainsaw's own schemas (always the tool's, whatever
  // --schemas says: the fleet cannot change Chainsaw).
  const suites = checkSuites(trees, new SchemaStore(VENDORED_SCHEMAS));
  findings.push(...suites.findings);
  summary.push(`chainsaw: ${suites.validated} suite documents of tests/ validated against Chainsaw v0.2.12's schemas`);
  const values = checkChartValues(trees, valuesDir, path.join(options.root, VALUES_SCHEMA_DIR));
  findings.push(...values.findings);
  summary.push(`values: ${values.validated} chart value sets validated`, ...values.notes.map((n) => `values: ${n}`));

  const cel = checkCelRules(objects);
  findings.push(...cel);
  summary.push('cel: HelmRelease chart/chartRef, strategies and kubeConfig rules, the FluxInstance name, the Receiver secretRef, unique kubeadm argument names, the ProxmoxCluster IP config and the ProxmoxMachineTemplate source, checked');

  if (options.kustomize === false) {
    summary.push('kustomize: not run (--no-kustomize)');
  } else if (!kustomizeAvailable()) {
    findings.push({ check: 'kustomize', where: 'kubectl', message: 'kubectl is not installed, so no kustomization.yaml was built: apt-get install kubernetes-client, or pass --no-kustomize' });
  } else {
    let built = 0;
    let checked = 0;
    for (const tree of trees) {
      const result = checkKustomizations(options.root, tree);
      findings.push(...result.findings);
      built += result.built;
      checked += result.checked;
    }
    const proved = checked - built;
    summary.push(
      `kustomize: ${checked} kustomization.yaml checked, ${built} built with kubectl kustomize and compared` +
        (proved > 0 ? `, ${proved} included whole in a parent whose build matched` : ''),
    );
  }

  for (const tree of trees) findings.push(...checkFluxGraph(tree));
  summary.push('flux-graph: paths, dependsOn, sources, namespaces and decryption checked');
  return { findings, summary };
}
