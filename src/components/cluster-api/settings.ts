import { z } from 'zod';
import { defineSection } from '../../model/section';
import type { SettingsOf, SpecOf } from '../../model/spec-types';

/**
 * Values of the cluster-api-operator chart that would make the chart install providers itself,
 * as Helm hooks the operator cannot upgrade one at a time. Providers are objects in the tree instead.
 */
export const PROVIDER_VALUE_KEYS = ['core', 'bootstrap', 'controlPlane', 'infrastructure', 'ipam', 'addon', 'runtimeExtension'] as const;

/** The cluster-api-operator kinds, one per provider type. */
export const capiProviderKindSchema = z.enum(['CoreProvider', 'BootstrapProvider', 'ControlPlaneProvider', 'InfrastructureProvider', 'IPAMProvider']);

/** A Cluster API provider installed by cluster-api-operator. */
export const capiProviderSchema = z.strictObject({
  kind: capiProviderKindSchema,
  /** The provider's name (`cluster-api`, `kubeadm`, `proxmox`, `in-cluster`): the object's name. */
  name: z.string(),
  /** Install namespace: the object's namespace, created in the tree before it. */
  namespace: z.string(),
  version: z.string(),
  /** The Cluster API contract the release declares, e.g. `v1beta2`. */
  contract: z.string(),
  /** Secret in the same namespace holding the provider's variables; a reference, never values. */
  configSecret: z.strictObject({ name: z.string(), keys: z.array(z.string()) }).optional(),
});

/** `spec.clusterApi`: Cluster API through cluster-api-operator, after cert-manager, each in its own Flux layer. */
export const clusterApiSchema = z.strictObject({
  /** Values of the cluster-api-operator chart; never providers (they would become Helm hooks). */
  operatorValues: z.record(z.string(), z.unknown()).default({}),
  providers: z.array(capiProviderSchema),
  /** Layer of each part. */
  layers: z
    .strictObject({ certManager: z.string().default('cert-manager'), operator: z.string().default('capi-operator'), providers: z.string().default('capi-providers') })
    .prefault({}),
  /** The read-only `capi-readonly` role and its `capi-inspector` ServiceAccount. */
  inspector: z.boolean().default(true),
});

/** A Secret the providers need: each provider's `configSecret`, in its namespace, copied into the providers' layer. */
export interface ProviderSecret {
  readonly namespace: string;
  readonly name: string;
  readonly keys: readonly string[];
  readonly layer: string;
  /** The component folder under the layer that receives the copy. */
  readonly folder: string;
  /** Who declared it, as a spec path (for error messages). */
  readonly declaredAt: string;
}

/** The providers' config secrets, by reference (never their values). */
export function providerSecrets(settings: SettingsOf<typeof clusterApiSchema>): ProviderSecret[] {
  return settings.providers.flatMap((p, i) =>
    p.configSecret
      ? [{ namespace: p.namespace, name: p.configSecret.name, keys: p.configSecret.keys, layer: settings.layers.providers, folder: 'cluster-api', declaredAt: `clusterApi.providers[${i}].configSecret` }]
      : [],
  );
}

export type CapiProviderKind = z.infer<typeof capiProviderKindSchema>;
export type CapiProviderSpec = SpecOf<typeof capiProviderSchema>;
export type ClusterApiSpec = SpecOf<typeof clusterApiSchema>;
export type ClusterApiSettings = SettingsOf<typeof clusterApiSchema>;

/** Its section of the spec: the schema's defaults are all it resolves. */
export const clusterApiSection = defineSection({ schema: clusterApiSchema });
