import { z } from 'zod';
import { defineSection } from '../../model/section';
import type { SettingsOf, SpecOf } from '../../model/spec-types';

/** `spec.kyverno`: Kyverno admission control with the project's policies (no `latest` tags, resource requests). */
export const kyvernoSchema = z.strictObject({
  layer: z.string().default('platform').describe('The layer its HelmRelease lives in.'),
  policiesLayer: z.string().default('policies').describe("The layer of its ValidatingPolicies: after Kyverno's, whose chart creates their kind."),
  failureAction: z.enum(['Enforce', 'Audit']).default('Enforce').describe('What a violation does: refuse the object, or let it in and report it.'),
}).describe("Kyverno admission control with the project's policies (no `latest` tags, resource requests).");

export type KyvernoSpec = SpecOf<typeof kyvernoSchema>;
export type KyvernoSettings = SettingsOf<typeof kyvernoSchema>;

/** Its section of the spec: the schema's defaults are all it resolves. */
export const kyvernoSection = defineSection({ schema: kyvernoSchema });
