import semver from 'semver';
import * as versions from '../../versions';
import { runRules, shown } from '../violation';
import type { Rule, Violation } from '../violation';
import { isPinned } from './versions';
import { certManagerKubernetes, clusterApiOperator, entryFor, fluxOperatorFlux, minorOf, newestOf, sourceOf } from '../compatibility';
import type { CompatTable } from '../compatibility';
import { conventionOf, follows, namedAs, written } from '../tag-conventions';
import { CHARTS_WITHOUT_VALUES_SCHEMA } from '../../tree/values-schema';

type Catalogue = Readonly<Record<string, unknown>>;

/** Every release pin of the catalogue with its key: `charts.cilium.version`, `k3s.dev`, … */
export function cataloguePins(catalogue: Catalogue): { key: string; version: string }[] {
  const walk = (value: unknown, key: string): { key: string; version: string }[] => {
    if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => walk(v, key === '' ? k : `${key}.${k}`));
    const leaf = key.split('.').at(-1)!;
    return typeof value === 'string' && (leaf === 'version' || leaf === 'tag' || key.startsWith('k3s.')) ? [{ key, version: value }] : [];
  };
  return Object.entries(catalogue).flatMap(([section, value]) => walk(value, section));
}

/** A release of that key written as its upstream names them: the convention's example, else the tool's own pin. */
const exampleOf = (key: string): string | undefined => conventionOf(key)?.example ?? cataloguePins(versions as Catalogue).find((p) => p.key === key && isPinned(p.version))?.version;

/** The chart pins a vendored compatibility table is looked up by (the Cilium one has its own rule, in gateway-api). */
const CHART_TABLES: readonly { key: 'certManager' | 'clusterApiOperator' | 'fluxOperator'; table: CompatTable<unknown>; by: 'minor' | 'release' }[] = [
  { key: 'certManager', table: certManagerKubernetes, by: 'minor' },
  { key: 'clusterApiOperator', table: clusterApiOperator, by: 'release' },
  { key: 'fluxOperator', table: fluxOperatorFlux, by: 'release' },
];

// Rules on src/versions.ts itself, run once per command (not once per environment), so a bad
// pin is reported once, by its key.
export const catalogueRules: readonly Rule<Catalogue>[] = [
  {
    code: 'versions.unpinned',
    severity: 'error',
    summary: "every pin (the tool's src/versions.ts, and an environment's overrides) is an exact release",
    check: (catalogue) =>
      cataloguePins(catalogue)
        .filter((p) => !isPinned(p.version))
        .map((p) => ({
          path: `versions.${p.key}`,
          value: shown(p.version),
          message: `"${p.version}" is not an exact version; every environment installing it would drift`,
          fix: `pin an exact release${exampleOf(p.key) ? `, e.g. ${exampleOf(p.key)}` : ''}`,
        })),
  },
  {
    code: 'versions.tag-convention',
    severity: 'error',
    summary: "every pin is written as its upstream tags releases, with or without a leading v (src/model/tag-conventions.ts)",
    check: (catalogue) =>
      cataloguePins(catalogue).flatMap((p) => {
        const convention = conventionOf(p.key);
        // A pin that names no release is versions.unpinned's to report.
        if (convention === undefined || !isPinned(p.version) || follows(p.version, convention)) return [];
        const fixed = written(p.version, convention);
        return [{
          path: `versions.${p.key}`,
          value: p.version,
          message: `upstream's releases are ${namedAs(convention)}: ${p.version} names none, so nothing can fetch it`,
          fix: `write ${fixed}`,
          action: { set: `versions.${p.key}`, to: fixed },
        }];
      }),
  },
  {
    code: 'compat.flux-operator-distribution',
    severity: 'error',
    summary: 'the Flux distribution pin is one the flux-operator pin carries (its config/data/flux/, vendored)',
    check: (catalogue) => {
      const pins = catalogue as unknown as typeof versions;
      if (!pins.flux || !pins.charts?.fluxOperator) return [];
      // A version that names no release is versions.unpinned's: no second error for the same value.
      if (!isPinned(pins.flux.version)) return [];
      const operator = pins.charts.fluxOperator.version;
      // A release the data does not know is compat.unknown-release's warning, not a guess here.
      const carried = entryFor(fluxOperatorFlux, operator)?.flux;
      if (carried === undefined || carried.some((f) => semver.clean(f) !== null && semver.clean(f) === semver.clean(pins.flux.version))) return [];
      return [{
        path: 'versions.flux.version',
        value: shown(pins.flux.version),
        message: `flux-operator ${operator} carries the manifests of Flux ${carried[0]} to ${carried.at(-1)} (${carried.length} releases, per ${sourceOf(fluxOperatorFlux.source, fluxOperatorFlux.file)}), not ${pins.flux.version}; the FluxInstance could not install it`,
        fix: `pin one of the Flux releases flux-operator ${operator} carries (the newest is ${carried.at(-1)}), or a flux-operator release that carries ${pins.flux.version}`,
      }];
    },
  },
  {
    code: 'compat.unknown-release',
    severity: 'warning',
    summary: "every chart pin a compatibility table is looked up by is a release the tool's vendored data knows (one it does not know cannot be judged)",
    check: (catalogue) => {
      const charts = (catalogue as unknown as typeof versions).charts as Partial<typeof versions.charts> | undefined;
      return CHART_TABLES.flatMap(({ key, table, by }) => {
        const version = charts?.[key]?.version;
        // A pin that names no release is versions.unpinned's to report.
        if (version === undefined || minorOf(version) === undefined) return [];
        const lookedUp = by === 'minor' ? (minorOf(version) ?? version) : version;
        if (entryFor(table, lookedUp) !== undefined) return [];
        return [{
          path: `versions.charts.${key}.version`,
          value: shown(version),
          message: `the compatibility data, ${sourceOf(table.source, table.file)}, has no entry for ${charts![key]!.chart} ${lookedUp} (its newest is ${newestOf(table)}), so this pin is not judged against it`,
          fix: `pin a ${charts![key]!.chart} release the data knows (up to ${newestOf(table)}), or bump k3s-gitops-synth to a release whose vendored data covers ${lookedUp}`,
        }];
      });
    },
  },
  {
    code: 'versions.unknown-release',
    severity: 'warning',
    summary: "every override of a pin no vendored data names releases of (charts without values schema or compatibility table, images) is the tool's own, or checked online",
    check: (catalogue) =>
      unjudgedPins(catalogue as unknown as typeof versions)
        // The tool's own pin is its data; a pin that names no release is versions.unpinned's, one
        // written against its convention versions.tag-convention's.
        .filter((p) => p.version !== p.tool && isPinned(p.version) && follows(p.version, conventionOf(p.key)!))
        .map((p) => ({
          path: `versions.${p.key}`,
          value: p.version,
          message: `no data the tool vendors names releases of ${p.what} (it publishes no values schema, and no compatibility table is kept for it): the only release the tool knows is its own pin, ${p.tool} (src/versions.ts), so whether ${p.version} exists is not checked offline`,
          fix: `run npm run validate -- --online to ask ${p.where} for ${p.version}, or pin ${p.tool}`,
        })),
  },
];

/**
 * The pins no vendored data names releases of: charts that publish no values schema and have no
 * compatibility table, and the images. The tool's own pin is all it knows of them; an override is
 * judged by nothing offline (validate --online asks the registry).
 */
function unjudgedPins(pins: typeof versions): { key: string; version: string; tool: string; what: string; where: string }[] {
  const tabled = new Set<string>(CHART_TABLES.map((t) => t.key));
  const charts = Object.entries(versions.charts)
    .filter(([key, c]) => CHARTS_WITHOUT_VALUES_SCHEMA.has(c.chart) && !tabled.has(key))
    .map(([key, c]) => ({ key: `charts.${key}.version`, version: pins.charts?.[key as keyof typeof versions.charts]?.version, tool: c.version, what: `chart ${c.chart}`, where: 'oci' in c ? c.oci : c.repo }));
  const images = Object.entries(versions.images).map(([key, i]) => ({ key: `images.${key}.tag`, version: pins.images?.[key as keyof typeof versions.images]?.tag, tool: i.tag, what: `image ${i.repository}`, where: i.repository }));
  return [...charts, ...images].flatMap((p) => (p.version === undefined ? [] : [{ ...p, version: p.version }]));
}

/** The catalogue's own violations (paths `versions.<key>`, no environment prefix). */
export function checkCatalogue(catalogue: Catalogue = versions): Violation[] {
  return runRules(catalogueRules, catalogue);
}
