import { z } from 'zod';
import { defineSection } from '../../model/section';
import type { SettingsOf, SpecOf } from '../../model/spec-types';

/**
 * `spec.defaultDeny`: a default-deny network baseline (Cilium policies) in every namespace of the
 * platform and the apps, with what each needs: probes, its own traffic, DNS, the API server, the Gateway.
 */
export const defaultDenySchema = z.strictObject({
  exempt: z.array(z.string()).default([]).describe('Namespaces left without the baseline (their owner writes their policies).'),
}).describe('A default-deny network baseline (Cilium policies) in every namespace of the platform and the apps; needs `cilium`.');

export type DefaultDenySpec = SpecOf<typeof defaultDenySchema>;
export type DefaultDenySettings = SettingsOf<typeof defaultDenySchema>;

/** Its section of the spec: the schema's defaults are all it resolves. */
export const defaultDenySection = defineSection({ schema: defaultDenySchema });
