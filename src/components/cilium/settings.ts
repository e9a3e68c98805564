import { z } from 'zod';
import { defineSection } from '../../model/section';
import type { SettingsOf, SpecOf } from '../../model/spec-types';

/** `spec.cilium`: Cilium as CNI and kube-proxy replacement; absent means k3s's own flannel. */
export const ciliumSchema = z.strictObject({
  layer: z.string().default('platform').describe('The layer the HelmRelease lives in.'),
  layers: z
    .strictObject({
      gatewayApi: z.string().default('gateway-api').describe("The layer of the Gateway API CRDs, before Cilium's."),
      network: z.string().default('network').describe("The layer of Cilium's own custom resources, after Cilium's."),
    })
    .prefault({}).describe("Layers of Cilium's neighbours: the Gateway API CRDs go into a layer Cilium's depends on (its operator checks for them once, at start), and Cilium's own custom resources (LB pool, L2 policy, the ingress Gateway) into a layer depending on Cilium's (their CRDs exist only once Cilium runs)."),
}).describe("Cilium as CNI and kube-proxy replacement; absent means k3s's own flannel.");

export type CiliumSpec = SpecOf<typeof ciliumSchema>;
export type CiliumSettings = SettingsOf<typeof ciliumSchema>;

/** Its section of the spec: the schema's defaults are all it resolves. */
export const ciliumSection = defineSection({ schema: ciliumSchema });
