import { z } from 'zod';
import * as catalogue from '../versions';
import type { DeepReadonly } from './environment';

/** The tool's catalogue (src/versions.ts): the tested default of every pin. */
export type Catalogue = typeof catalogue;

// What a fleet may pin itself, section by section: the releases, never where they come from (a
// chart's repository or an image's registry stays the tool's). Each key is one of the catalogue's,
// so a misspelt one is a violation. The Terraform providers and the CDKTF CLI stay the tool's: its
// typed bindings match one provider schema, and the cdktf library is bundled.
const pin = <K extends string>(field: K) => z.strictObject({ [field]: z.string().describe('An exact release.') } as Record<K, z.ZodString>);
const section = <T extends z.ZodType>(keys: readonly string[], value: T, of: string) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, value.optional().describe(`${of}.${k} over the tool's pin.`)])) as Record<string, z.ZodOptional<T>>);

export const versionOverridesSchema = z.strictObject({
  charts: section(Object.keys(catalogue.charts), pin('version'), 'charts').optional().describe("Chart versions by the catalogue's key: `charts: { cilium: { version: '1.20.1' } }`."),
  capiProviders: section(Object.keys(catalogue.capiProviders), pin('version'), 'capiProviders').optional().describe("Cluster API provider versions by the catalogue's key."),
  gatewayApi: pin('version').optional().describe('The Gateway API release whose CRDs Flux installs.'),
  images: section(Object.keys(catalogue.images), pin('tag'), 'images').optional().describe("Image tags by the catalogue's key."),
  cloudImage: z
    .strictObject({ serial: z.string().describe('The cloud image serial.'), sha256: z.string().describe("That serial's image checksum (its SHA256SUMS).") })
    .optional()
    .describe("A serial with its own image's checksum: both, always together."),
  flux: pin('version').optional().describe('The Flux release the FluxInstance installs.'),
  tools: z
    .strictObject({
      helm: z
        .strictObject({ version: z.string().describe('An exact release.'), sha256: z.strictObject({ amd64: z.string(), arm64: z.string() }).describe("The release archives' checksums by architecture.") })
        .optional()
        .describe('The helm the runbook installs Cilium with.'),
    })
    .optional()
    .describe('Tools the runbook fetches.'),
});

/** What `versions` of an environment may hold (read-only, as environments are `as const` data). */
export type VersionOverrides = DeepReadonly<z.infer<typeof versionOverridesSchema>>;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `base` with `over` laid on it, key by key; the keys laid on (`charts.cilium.version`) beside it. */
function merge(base: unknown, over: unknown, key: string, overridden: string[]): unknown {
  if (over === undefined) return base;
  if (isRecord(base) && isRecord(over)) {
    const merged: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(over)) merged[k] = merge(base[k], v, key === '' ? k : `${key}.${k}`, overridden);
    return merged;
  }
  if (JSON.stringify(base) !== JSON.stringify(over)) overridden.push(key);
  return over;
}

/** The pins an environment runs: the catalogue with its overrides, and which keys it overrides. */
export function effectiveVersions(overrides: VersionOverrides | undefined): { versions: Catalogue; overridden: readonly string[] } {
  if (overrides === undefined) return { versions: catalogue, overridden: [] };
  const overridden: string[] = [];
  const versions = merge({ ...catalogue }, overrides, '', overridden) as Catalogue;
  return { versions, overridden: overridden.sort() };
}
