import { z } from 'zod';
import * as catalogue from '../versions';
import type { DeepReadonly } from './environment';

/** The tool's catalogue (src/versions.ts): the tested default of every pin. */
export type Catalogue = typeof catalogue;

// What a fleet may pin itself, section by section: the releases, never where they come from (a
// chart's repository or an image's registry stays the tool's). Each key is one of the catalogue's,
// so a misspelt one is a violation. The Terraform providers and the CDKTF CLI stay the tool's: its
// typed bindings match one provider schema, and the cdktf library is bundled.
const pin = <K extends string>(field: K) => z.strictObject({ [field]: z.string() } as Record<K, z.ZodString>);
const section = <T extends z.ZodType>(keys: readonly string[], value: T) => z.strictObject(Object.fromEntries(keys.map((k) => [k, value.optional()])) as Record<string, z.ZodOptional<T>>);

export const versionOverridesSchema = z.strictObject({
  /** Chart versions by the catalogue's key: `charts: { cilium: { version: '1.20.1' } }`. */
  charts: section(Object.keys(catalogue.charts), pin('version')).optional(),
  capiProviders: section(Object.keys(catalogue.capiProviders), pin('version')).optional(),
  gatewayApi: pin('version').optional(),
  images: section(Object.keys(catalogue.images), pin('tag')).optional(),
  /** A serial with its own image's checksum (SHA256SUMS of that serial): both, always together. */
  cloudImage: z.strictObject({ serial: z.string(), sha256: z.string() }).optional(),
  flux: pin('version').optional(),
  tools: z.strictObject({ helm: z.strictObject({ version: z.string(), sha256: z.strictObject({ amd64: z.string(), arm64: z.string() }) }).optional() }).optional(),
  /** What the pinned releases declare about each other, for pins the tool's data does not cover. */
  compatibility: z
    .strictObject({
      certManagerKubernetes: z.strictObject({ min: z.string(), max: z.string() }).optional(),
      operatorCapiMinor: z.string().optional(),
      operatorContracts: z.array(z.string()).optional(),
      ciliumGatewayApi: z.record(z.string(), z.string()).optional(),
      fluxOperatorFlux: z.strictObject({ min: z.string(), max: z.string() }).optional(),
    })
    .optional(),
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
  // A record the catalogue extends (ciliumGatewayApi) takes new keys as overrides too.
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
