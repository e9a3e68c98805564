import { z } from 'zod';
import { defineSection } from '../../model/section';
import type { SettingsOf, SpecOf } from '../../model/spec-types';

/** The namespace of the whole stack (Alertmanager's Secrets too). */
export const MONITORING_NAMESPACE = 'monitoring';

/** `spec.monitoring`: metrics, logs and alerts: kube-prometheus-stack, Loki (single binary), Alloy shipping pod logs. */
export const monitoringSchema = z.strictObject({
  layer: z.string().default('platform').describe('The layer of its charts.'),
  rulesLayer: z.string().default('policies').describe("The layer of its alert rules: after its charts', which create their kind."),
  profile: z.enum(['small', 'standard']).default('standard').describe('`small`: one replica, short retention, small volumes (about 1.1 GiB of requests on three nodes).'),
}).describe('Metrics, logs and alerts: kube-prometheus-stack, Loki, Alloy.');

export type MonitoringSpec = SpecOf<typeof monitoringSchema>;
export type MonitoringSettings = SettingsOf<typeof monitoringSchema>;

/** Its section of the spec: the schema's defaults are all it resolves. */
export const monitoringSection = defineSection({ schema: monitoringSchema });
