import { z } from 'zod';
import { defineSection } from '../../model/section';
import type { SettingsOf, SpecOf } from '../../model/spec-types';

/** `spec.cilium`: Cilium as CNI and kube-proxy replacement; absent means k3s's own flannel. */
export const ciliumSchema = z.strictObject({
  /** The layer the HelmRelease lives in. */
  layer: z.string().default('platform'),
  /**
   * Layers of Cilium's neighbours: the Gateway API CRDs go into a layer Cilium's depends on (its
   * operator checks for them once, at start), and Cilium's own custom resources (LB pool, L2
   * policy, the ingress Gateway) into a layer depending on Cilium's (their CRDs exist only once
   * Cilium runs).
   */
  layers: z.strictObject({ gatewayApi: z.string().default('gateway-api'), network: z.string().default('network') }).prefault({}),
});

export type CiliumSpec = SpecOf<typeof ciliumSchema>;
export type CiliumSettings = SettingsOf<typeof ciliumSchema>;

/** Its section of the spec: the schema's defaults are all it resolves. */
export const ciliumSection = defineSection({ schema: ciliumSchema });
