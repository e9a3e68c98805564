import { z } from 'zod';
import { defineSection } from '../../model/section';
import type { SettingsOf, SpecOf } from '../../model/spec-types';

/** `spec.monitoring`: metrics, logs and alerts: kube-prometheus-stack, Loki (single binary), Alloy shipping pod logs. */
export const monitoringSchema = z.strictObject({
  /** The layer of its charts. */
  layer: z.string().default('platform'),
  /** The layer of its alert rules: after its charts', which create their kind. */
  rulesLayer: z.string().default('policies'),
  /** `small`: one replica, short retention, small volumes (about 1.3 GiB of requests on three nodes). */
  profile: z.enum(['small', 'standard']).default('standard'),
});

export type MonitoringSpec = SpecOf<typeof monitoringSchema>;
export type MonitoringSettings = SettingsOf<typeof monitoringSchema>;

/** Its section of the spec: the schema's defaults are all it resolves. */
export const monitoringSection = defineSection({ schema: monitoringSchema });
