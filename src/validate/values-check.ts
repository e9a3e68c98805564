import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import * as versions from '../versions';
import { parseYamlDocuments } from '../tree/yaml';
import type { Finding } from './findings';
import { SchemaStore } from './schemas';
import type { EnvironmentTree } from './tree-objects';
import { CILIUM_VALUES_FILE, treeDir } from '../tree/paths';

interface ChartValues {
  readonly where: string;
  readonly chart: string;
  readonly version: string;
  readonly values: unknown;
}

/** Every place chart values are written: HelmRelease values, HelmChart valuesContent, bootstrap values. */
function chartValues(tree: EnvironmentTree): ChartValues[] {
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

/** The chart's values schema: the exact version, else the newest patch of the same minor. */
export function valuesSchemaFor(dir: string, chart: string, version: string): { file: string; exact: boolean } | undefined {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const prefix = `${chart}-`;
  const candidates = files
    .filter((f) => f.startsWith(prefix) && f.endsWith('.values.schema.json'))
    .map((f) => ({ file: f, version: f.slice(prefix.length, -'.values.schema.json'.length) }))
    .filter((c) => semver.valid(semver.coerce(c.version)));
  const exact = candidates.find((c) => semver.eq(semver.coerce(c.version)!, semver.coerce(version) ?? '0.0.0') && semver.clean(c.version) === semver.clean(version));
  if (exact) return { file: exact.file, exact: true };
  const target = semver.coerce(version);
  const sameMinor = candidates
    .filter((c) => target && semver.major(semver.coerce(c.version)!) === target.major && semver.minor(semver.coerce(c.version)!) === target.minor)
    .sort((a, b) => semver.rcompare(semver.coerce(a.version)!, semver.coerce(b.version)!));
  return sameMinor[0] && { file: sameMinor[0].file, exact: false };
}

/** Charts whose upstream publishes no values.schema.json: their values cannot be schema-checked. */
export const CHARTS_WITHOUT_VALUES_SCHEMA: ReadonlySet<string> = new Set(['cluster-api-operator', 'longhorn', 'kyverno', 'kube-prometheus-stack', 'alloy']);

/**
 * Charts whose pinned release's schema is not available, validated against an older one of the
 * same chart on purpose (said in the output): flux-operator's chart repository snapshot ends at
 * 0.49.0 while the operator is at 0.58.1; the few values the generator sets are stable keys.
 */
export const VALUES_SCHEMA_STAND_INS: Readonly<Record<string, string>> = { 'flux-operator': '0.49.0' };

/** The platform's charts (src/versions.ts): each must have its schema vendored unless upstream has none. */
const PLATFORM_CHARTS: ReadonlySet<string> = new Set(Object.values(versions.charts).map((c) => c.chart));

/**
 * Validates chart values against the chart's own values.schema.json where one is available: the
 * fleet's own `schemas/values/` first (charts of its apps, or a newer platform chart it pins), then
 * the tool's.
 */
export function checkChartValues(trees: readonly EnvironmentTree[], dir: string, fleetDir?: string): { findings: Finding[]; notes: string[]; validated: number } {
  const dirs = [...(fleetDir !== undefined && fleetDir !== dir && fs.existsSync(fleetDir) ? [fleetDir] : []), dir];
  const stores = new Map(dirs.map((d) => [d, new SchemaStore(d, 'values')]));
  /** The schema for a chart's version in the first folder that has one, and that folder. */
  const lookup = (chart: string, version: string) => {
    for (const d of dirs) {
      const found = valuesSchemaFor(d, chart, version);
      if (found) return { ...found, dir: d };
    }
    return undefined;
  };
  const findings: Finding[] = [];
  const notes = new Set<string>();
  let validated = 0;
  for (const entry of trees.flatMap(chartValues)) {
    const standIn = VALUES_SCHEMA_STAND_INS[entry.chart];
    const schema = lookup(entry.chart, entry.version) ?? (standIn === undefined ? undefined : lookup(entry.chart, standIn));
    if (schema && standIn !== undefined && !schema.file.includes(entry.version)) notes.add(`chart ${entry.chart} ${entry.version} validated against ${schema.file} (a stand-in: the pinned release's schema is not vendored)`);
    if (!schema) {
      if (CHARTS_WITHOUT_VALUES_SCHEMA.has(entry.chart)) notes.add(`chart ${entry.chart} publishes no values schema: its values are not validated`);
      // A user's chart: many ship no schema (podinfo), and where one does the user copies it in.
      else if (!PLATFORM_CHARTS.has(entry.chart)) notes.add(`chart ${entry.chart} ${entry.version} (an app's) has no values schema in ${dirs.join(' or ')}: its values are not validated; if the chart ships a values.schema.json, copy it to the fleet's schemas/values/${entry.chart}-${entry.version}.values.schema.json`);
      else findings.push({ check: 'values', where: entry.where, message: `no values schema for chart ${entry.chart} ${entry.version} in ${dir}; vendor it (scripts/vendor.ts), or list the chart in CHARTS_WITHOUT_VALUES_SCHEMA` });
      continue;
    }
    if (!schema.exact) notes.add(`chart ${entry.chart} ${entry.version} validated against ${schema.file} (same minor)`);
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
