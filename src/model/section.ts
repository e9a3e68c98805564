import type { z } from 'zod';
import type { SettingsOf } from './spec-types';

/** What a component's section may read of the rest of the spec to derive its values. */
export interface SectionContext {
  readonly infrastructureKind: 'bare-metal' | 'libvirt' | 'proxmox' | 'cluster-api';
}

/**
 * A component's own section of the spec (`spec.longhorn`): its fields with their defaults (a zod
 * schema, composed into the environment's), and what resolve() derives from them beyond the
 * defaults the schema applies itself.
 */
export interface Section<Schema extends z.ZodType = z.ZodType, Resolved = SettingsOf<Schema>> {
  readonly schema: Schema;
  /** The resolved settings from the parsed section. @default the parsed section as it is */
  readonly resolve?: (settings: SettingsOf<Schema>, context: SectionContext) => Resolved;
}

/** Keeps a section's schema and resolved types while it sits in the table of sections. */
export function defineSection<Schema extends z.ZodType, Resolved = SettingsOf<Schema>>(section: Section<Schema, Resolved>): Section<Schema, Resolved> {
  return section;
}

/** The settings resolve() hands on for a section. */
export type ResolvedSection<S> = S extends Section<infer Schema, infer Resolved> ? (unknown extends Resolved ? SettingsOf<Schema> : Resolved) : never;
