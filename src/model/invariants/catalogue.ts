import semver from 'semver';
import * as versions from '../../versions';
import { runRules, shown } from '../violation';
import type { Rule, Violation } from '../violation';
import { isPinned } from './versions';

type Catalogue = Readonly<Record<string, unknown>>;

/** Every release pin of the catalogue with its key: `charts.cilium.version`, `k3s.dev`, … */
export function cataloguePins(catalogue: Catalogue): { key: string; version: string }[] {
  const walk = (value: unknown, key: string): { key: string; version: string }[] => {
    if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => walk(v, key === '' ? k : `${key}.${k}`));
    const leaf = key.split('.').at(-1)!;
    return typeof value === 'string' && (leaf === 'version' || leaf === 'tag' || key.startsWith('k3s.')) ? [{ key, version: value }] : [];
  };
  // The compatibility table states ranges on purpose; it pins nothing.
  return Object.entries(catalogue)
    .filter(([section]) => section !== 'compatibility')
    .flatMap(([section, value]) => walk(value, section));
}

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
          fix: 'pin an exact release, e.g. 1.20.0 or v1.36.4+k3s1',
        })),
  },
  {
    code: 'compat.flux-operator-distribution',
    severity: 'error',
    summary: 'the Flux distribution pin is one the flux-operator pin carries',
    check: (catalogue) => {
      const pins = catalogue as unknown as typeof versions;
      const range = pins.compatibility?.fluxOperatorFlux;
      const flux = semver.coerce(pins.flux?.version ?? '');
      if (!range || !pins.flux || !pins.charts?.fluxOperator) return [];
      return flux && semver.gte(flux, semver.coerce(range.min)!) && semver.lte(flux, semver.coerce(range.max)!)
        ? []
        : [{
            path: 'versions.flux.version',
            value: pins.flux.version,
            message: `flux-operator ${pins.charts.fluxOperator.version} carries the manifests of Flux ${range.min} to ${range.max}; the FluxInstance could not install ${pins.flux.version}`,
            fix: `pin a Flux release in that range, or bump charts.fluxOperator and versions.compatibility.fluxOperatorFlux together`,
          }];
    },
  },
];

/** The catalogue's own violations (paths `versions.<key>`, no environment prefix). */
export function checkCatalogue(catalogue: Catalogue = versions): Violation[] {
  return runRules(catalogueRules, catalogue);
}
