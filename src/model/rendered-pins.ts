import * as catalogue from '../versions';
import { providerRepositories } from './compatibility';
import type { Environment } from './resolve';
import type { Catalogue } from './version-overrides';

/** A pin the tree takes from a field of the spec, not from `versions`: the key, and what it renders. */
export interface SpecPin {
  /** The catalogue key, `capiProviders.clusterApi.version`. */
  readonly key: string;
  /** What installs it, `CoreProvider cluster-api`. */
  readonly what: string;
  /** The field the tree reads, `clusterApi.providers[0].version`; undefined where no field installs it. */
  readonly path?: string;
  /** The version the tree renders; undefined where nothing installs it. */
  readonly version?: string;
}

/**
 * The Cluster API providers are installed at the versions clusterApi.providers declares: the
 * catalogue's provider pins are only the defaults a fleet spreads into them (environments/mgmt.ts
 * does), so an override under versions.capiProviders changes what runs only where a provider says so.
 */
export function specPins(env: Environment): SpecPin[] {
  const providers = env.clusterApi?.providers;
  if (providers === undefined) return [];
  return providerRepositories.flatMap((r) =>
    r.providers.map((p): SpecPin => {
      const index = providers.findIndex((d) => d.kind === p.kind && d.name === p.name);
      const key = `capiProviders.${p.catalogue}.version`;
      return index === -1 ? { key, what: `${p.kind} ${p.name}` } : { key, what: `${p.kind} ${p.name}`, path: `clusterApi.providers[${index}].version`, version: providers[index]!.version };
    }),
  );
}

/**
 * The pins as the tree renders them: the environment's `versions`, with each pin the tree takes
 * from the spec set to what that field says, and the tool's where no field installs it (the
 * version table shows these, never an override no file carries).
 */
export function renderedPins(env: Environment): Catalogue {
  const pins = specPins(env);
  if (pins.length === 0) return env.versions;
  const capiProviders: Record<string, { version: string }> = { ...env.versions.capiProviders };
  for (const p of pins) {
    const key = p.key.split('.')[1] as keyof Catalogue['capiProviders'];
    capiProviders[key] = { version: p.version ?? catalogue.capiProviders[key].version };
  }
  return { ...env.versions, capiProviders } as Catalogue;
}
