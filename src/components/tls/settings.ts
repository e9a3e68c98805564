import { z } from 'zod';
import { defineSection } from '../../model/section';
import type { SettingsOf, SpecOf } from '../../model/spec-types';

/**
 * cert-manager's namespace: its chart's, and the cluster resource namespace where a ClusterIssuer
 * reads its Secrets (the chart's `clusterResourceNamespace` defaults to the release namespace).
 */
export const CERT_MANAGER_NAMESPACE = 'cert-manager';

/** The Secret key the Cloudflare solver reads its API token from. */
export const CLOUDFLARE_TOKEN_KEY = 'api-token';

/** A CA of the cluster's own: needs no secret and no public DNS (`home.arpa` names). */
export const privateCaIssuerSchema = z.strictObject({
  kind: z.literal('private-ca').describe("A CA of the cluster's own (selfSigned root, CA issuer): no secret, no public DNS; clients install its certificate."),
});

/** DNS-01 through a DNS provider's API: one provider today, Cloudflare. */
export const dns01Schema = z.strictObject({
  provider: z.enum(['cloudflare']).describe('The DNS provider whose API publishes the challenge records.'),
  tokenSecret: z.string().default('cloudflare-api-token').describe("The Secret in cert-manager's namespace holding the provider's API token under `api-token` (write it with `npm run secrets -- set <env> cert-manager/<name> --env-file -`, the line `api-token=…` on stdin)."),
});

/** Let's Encrypt through ACME DNS-01: a publicly trusted certificate for a domain in public DNS. */
export const acmeIssuerSchema = z.strictObject({
  kind: z.literal('acme').describe("Let's Encrypt through ACME DNS-01: publicly trusted, for a domain in public DNS."),
  email: z.string().describe("The ACME account's contact address (expiry notices)."),
  server: z.enum(['production', 'staging']).default('production').describe("Let's Encrypt's production server, or its staging server (untrusted certificates, generous rate limits) while trying it out."),
  dns01: dns01Schema.describe('The DNS-01 solver.'),
});

/** `spec.tls`: which issuer signs the Gateway's wildcard certificate, and where its objects go. */
export const tlsSchema = z.strictObject({
  layer: z.string().optional().describe("The layer of cert-manager's HelmRelease (where Cluster API does not already install it). Default: Cilium's layer (`cilium.layer`)."),
  issuerLayer: z.string().optional().describe("The layer of the ClusterIssuer and the Gateway's certificate: after cert-manager's (its CRDs and webhook) and the Gateway's or the same. Default: the Gateway's (`cilium.layers.network`)."),
  issuer: z.discriminatedUnion('kind', [privateCaIssuerSchema, acmeIssuerSchema]).default({ kind: 'private-ca' }).describe('Who signs the certificate: `private-ca` or `acme`.'),
}).describe("TLS on the ingress Gateway: every environment with a Gateway has it; absent means the private CA.");

export type TlsSpec = SpecOf<typeof tlsSchema>;
export type TlsSettings = SettingsOf<typeof tlsSchema>;
export type TlsIssuer = TlsSettings['issuer'];
export type AcmeIssuer = Extract<TlsIssuer, { kind: 'acme' }>;

/** The settings of an environment that leaves `tls` out: the private CA, default layers. */
export const TLS_DEFAULTS: TlsSettings = tlsSchema.parse({});

/** Its section of the spec: the schema's defaults are all it resolves. */
export const tlsSection = defineSection({ schema: tlsSchema });

/** The Secret the ACME solver needs: its DNS provider's token, in cert-manager's namespace, by reference. */
export interface TlsSecret {
  readonly namespace: string;
  readonly name: string;
  readonly keys: readonly string[];
  readonly layer: string;
  /** The component folder under the layer that receives the copy. */
  readonly folder: string;
  /** Who declared it, as a spec path (for error messages). */
  readonly declaredAt: string;
}

/**
 * The DNS provider's token an ACME issuer needs, copied into the issuer's layer beside the
 * ClusterIssuer (which reads it from cert-manager's namespace); none for the private CA.
 * `networkLayer` is Cilium's custom-resource layer, the default of `issuerLayer`.
 */
export function tlsSecrets(settings: TlsSettings | undefined, networkLayer: string): TlsSecret[] {
  const issuer = settings?.issuer;
  if (issuer?.kind !== 'acme') return [];
  return [{ namespace: CERT_MANAGER_NAMESPACE, name: issuer.dns01.tokenSecret, keys: [CLOUDFLARE_TOKEN_KEY], layer: settings!.issuerLayer ?? networkLayer, folder: 'tls', declaredAt: 'tls.issuer.dns01.tokenSecret' }];
}
