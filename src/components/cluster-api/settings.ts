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
  kind: capiProviderKindSchema.describe('The cluster-api-operator kind, one per provider type.'),
  name: z.string().describe("The provider's name (`cluster-api`, `kubeadm`, `proxmox`, `in-cluster`): the object's name."),
  namespace: z.string().describe("Install namespace: the object's namespace, created in the tree before it."),
  version: z.string().describe('The exact provider release, e.g. `v1.12.11`.'),
  contract: z
    .string()
    .optional()
    .describe("The Cluster API contract the release declares, e.g. `v1beta2`. Default: the one its release series declares in the provider's metadata.yaml (the tool's vendored data, schemas/compat/cluster-api-providers.json); write it for a provider that data does not know."),
  configSecret: z.strictObject({ name: z.string().describe("The Secret's name."), keys: z.array(z.string()).describe('Keys its `data` must hold.') }).optional().describe("Secret in the same namespace holding the provider's variables; a reference, never values."),
});

/** `spec.clusterApi`: Cluster API through cluster-api-operator, after cert-manager, each in its own Flux layer. */
export const clusterApiSchema = z.strictObject({
  operatorValues: z.record(z.string(), z.unknown()).default({}).describe('Values of the cluster-api-operator chart; never providers (they would become Helm hooks).'),
  providers: z.array(capiProviderSchema).describe('The providers cluster-api-operator installs.'),
  layers: z
    .strictObject({
      certManager: z.string().default('cert-manager').describe('The layer of cert-manager.'),
      operator: z.string().default('capi-operator').describe("The layer of cluster-api-operator, after cert-manager's."),
      providers: z.string().default('capi-providers').describe("The layer of the providers, after the operator's."),
      clusters: z.string().default('capi-clusters').describe("The layer of the workload clusters' Cluster API objects (every `cluster-api` environment this one manages), after the providers'."),
    })
    .prefault({})
    .describe('Layer of each part.'),
  inspector: z.boolean().default(true).describe('The read-only `capi-readonly` role and its `capi-inspector` ServiceAccount.'),
  proxmoxNodes: z
    .array(z.string())
    .optional()
    .describe("The Proxmox nodes CAPMOX may clone the workload clusters' machines from and onto (their `proxmox.sourceNode` and `allowedNodes`). Default: this environment's own `infrastructure.node` on Proxmox, else none."),
}).describe('Cluster API through cluster-api-operator, after cert-manager, each in its own Flux layer.');

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
