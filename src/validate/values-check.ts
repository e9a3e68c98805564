import fs from 'node:fs';
import path from 'node:path';
import * as versions from '../versions';
import { parseYamlDocuments } from '../tree/yaml';
import type { Finding } from './findings';
import { SchemaStore } from './schemas';
import type { EnvironmentTree } from './tree-objects';
import { CILIUM_VALUES_FILE, treeDir } from '../tree/paths';
import { CHARTS_WITHOUT_VALUES_SCHEMA, VALUES_SCHEMA_STAND_INS, declaredStandInNote, missingValuesSchemaNote, resolveValuesSchema, valuesSchemaWarning } from '../tree/values-schema';
import { charts as toolCharts } from '../versions';
import type { ValuesSchemaChoice } from '../tree/values-schema';

interface ChartValues {
  readonly where: string;
  readonly chart: string;
  readonly version: string;
  readonly values: unknown;
}

/** Every place chart values are written: HelmRelease values, HelmChart valuesContent, bootstrap values. */
export function chartValues(tree: EnvironmentTree): ChartValues[] {
  const found: ChartValues[] = [];
  // A chartRef names an OCIRepository: the chart is the last segment of its URL, the version its tag.
  const ociSource = (ref: { name?: string; namespace?: string }, namespace: string) => {
    const source = tree.objects.find(({ doc }) => doc.kind === 'OCIRepository' && doc.metadata?.name === ref.name && (doc.metadata?.namespace ?? 'default') === (ref.namespace ?? namespace));
    return source && { chart: String(source.doc.spec?.url ?? '').split('/').at(-1)!, version: String(source.doc.spec?.ref?.tag ?? '') };
  };
  for (const { file, doc } of tree.objects) {
    if (doc.kind === 'HelmRelease' && doc.spec?.chart?.spec) {
      found.push({ where: `${file}:spec.values`, chart: doc.spec.chart.spec.chart, version: String(doc.spec.chart.spec.version ?? ''), values: doc.spec.values ?? {} });
    }
    const source = doc.kind === 'HelmRelease' && doc.spec?.chartRef?.kind === 'OCIRepository' ? ociSource(doc.spec.chartRef, doc.metadata?.namespace ?? 'default') : undefined;
    if (source) found.push({ where: `${file}:spec.values`, ...source, values: doc.spec.values ?? {} });
    if (doc.kind === 'HelmChart' && doc.apiVersion === 'helm.cattle.io/v1') {
      found.push({ where: `${file}:spec.valuesContent`, chart: doc.spec?.chart, version: String(doc.spec?.version ?? ''), values: parseYamlDocuments(doc.spec?.valuesContent ?? '')[0] ?? {} });
    }
  }
  const bootstrap = tree.files.get(`${treeDir(tree.env)}/${CILIUM_VALUES_FILE}`);
  const cilium = found.find((f) => f.chart === 'cilium');
  if (bootstrap !== undefined && cilium) found.push({ where: `${treeDir(tree.env)}/${CILIUM_VALUES_FILE}`, chart: 'cilium', version: cilium.version, values: parseYamlDocuments(bootstrap)[0] });
  return found;
}

/** The chart's values schema in `dir`, by the rule synth shares (src/tree/values-schema.ts). */
export function valuesSchemaFor(dir: string, chart: string, version: string): ValuesSchemaChoice {
  return resolveValuesSchema(fs.existsSync(dir) ? fs.readdirSync(dir) : [], chart, version);
}

export { CHARTS_WITHOUT_VALUES_SCHEMA, VALUES_SCHEMA_STAND_INS };

/** The platform's charts (src/versions.ts): each must have its schema vendored unless upstream has none. */
const PLATFORM_CHARTS: ReadonlySet<string> = new Set(Object.values(versions.charts).map((c) => c.chart));

/** The values-schema folders validate reads, in order: the fleet's own, then the tool's. */
export const valuesSchemaDirs = (dir: string, fleetDir?: string) => [...(fleetDir !== undefined && fleetDir !== dir && fs.existsSync(fleetDir) ? [fleetDir] : []), dir];

/** The schema for a chart's version in the first folder that has one, and that folder. */
export function lookupValuesSchema(dirs: readonly string[], chart: string, version: string): (ValuesSchemaChoice & { file: string; dir: string }) | undefined {
  for (const d of dirs) {
    const found = valuesSchemaFor(d, chart, version);
    if (found.file !== undefined) return { ...found, file: found.file, dir: d };
  }
  return undefined;
}

/** Whether `version` is the tool's own pin of `chart` (src/versions.ts), whose schema the tool must vendor. */
const isToolPin = (chart: string, version: string) => Object.values(toolCharts).some((c) => c.chart === chart && c.version === version);

/**
 * Validates chart values against the chart's own values.schema.json where one is available: the
 * fleet's own `schemas/values/` first (charts of its apps, or a newer platform chart it pins), then
 * the tool's.
 */
export function checkChartValues(trees: readonly EnvironmentTree[], dir: string, fleetDir?: string): { findings: Finding[]; notes: string[]; validated: number } {
  const dirs = valuesSchemaDirs(dir, fleetDir);
  const stores = new Map(dirs.map((d) => [d, new SchemaStore(d, 'values')]));
  const lookup = (chart: string, version: string) => lookupValuesSchema(dirs, chart, version);
  const findings: Finding[] = [];
  const notes = new Set<string>();
  let validated = 0;
  for (const entry of trees.flatMap(chartValues)) {
    const schema = lookup(entry.chart, entry.version);
    if (!schema) {
      if (CHARTS_WITHOUT_VALUES_SCHEMA.has(entry.chart)) notes.add(`chart ${entry.chart} publishes no values schema: its values are not validated`);
      // A user's chart: many ship no schema (podinfo), and where one does the user copies it in.
      else if (!PLATFORM_CHARTS.has(entry.chart)) notes.add(`chart ${entry.chart} ${entry.version} (an app's) has no values schema in ${dirs.join(' or ')}: its values are not validated; if the chart ships a values.schema.json, copy it to the fleet's schemas/values/${entry.chart}-${entry.version}.values.schema.json`);
      // An environment's own pin of a platform chart: the fleet copies its schema in, as for an app's.
      else if (!isToolPin(entry.chart, entry.version)) notes.add(`warning: ${missingValuesSchemaNote(entry.chart, entry.version)}`);
      else findings.push({ check: 'values', where: entry.where, message: `no values schema for chart ${entry.chart} ${entry.version} in ${dir}; vendor it (scripts/vendor.ts), or list the chart in CHARTS_WITHOUT_VALUES_SCHEMA` });
      continue;
    }
    // The same sentence synth's warning says (app.values-schema-stand-in, values.schema-stand-in).
    const note = valuesSchemaWarning(entry.chart, entry.version, schema);
    if (note !== undefined) notes.add(`warning: ${note}`);
    const declared = declaredStandInNote(entry.chart, entry.version, schema);
    if (declared !== undefined) notes.add(declared);
    const validate = stores.get(schema.dir)!.get(path.basename(schema.file))!;
    validated++;
    if (!validate(entry.values)) {
      for (const error of validate.errors ?? []) {
        findings.push({ check: 'values', where: entry.where, message: `${error.instancePath || '/'} ${error.message} [${schema.file}]` });
      }
    }
  }
  return { findings, notes: [...notes].sort(), validated };
}
