import { z } from 'zod';
import { defineSection } from '../../model/section';
import type { SettingsOf, SpecOf } from '../../model/spec-types';
import { MONITORING_NAMESPACE } from '../monitoring/settings';

/** Flux's namespace (FLUX_NAMESPACE of src/k8s/flux-sync.ts; a settings module imports no construct). */
const FLUX_NAMESPACE = 'flux-system';

// What every receiver says: its name, and what reaches it.
const receiverFields = {
  name: z.string().describe('Its name: of its Flux Provider and Alert, its Alertmanager receiver, and its Secrets `notify-<name>`.'),
  alerts: z.enum(['warning', 'critical']).optional().describe("Alertmanager sends it the firing alerts of this severity and above ('warning': warning and critical); unset: none."),
  flux: z.boolean().default(false).describe('Flux sends it every failed reconciliation of a Kustomization, HelmRelease or source (event severity error).'),
};

/**
 * The receivers, one kind each. The chat kinds are Flux's own Provider types; a URL or password
 * is never a field: it sits in the receiver's SOPS Secret (key `address`, or `password` for email).
 */
const receiverSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('webhook'),
    ...receiverFields,
    port: z.number().int().min(1).max(65535).default(443).describe('The port its URL dials (the URL is in the Secret): the only port the default-deny baseline opens for it.'),
  }),
  z.strictObject({
    kind: z.literal('email'),
    ...receiverFields,
    smarthost: z.string().describe('The SMTP relay, `host:port` (587 submission with STARTTLS, 465 implicit TLS).'),
    from: z.string().describe('The sender address.'),
    to: z.array(z.string()).min(1).describe('The recipient addresses.'),
    username: z.string().optional().describe('The SMTP login (an account name, not a secret); with it the Secret holds `password`. Unset: no authentication.'),
    requireTls: z.boolean().default(true).describe('Refuse a relay that does not offer STARTTLS.'),
  }),
  z.strictObject({ kind: z.literal('slack'), ...receiverFields, channel: z.string().optional().describe("The channel to post to; unset: the incoming webhook's own.") }),
  z.strictObject({ kind: z.literal('msteams'), ...receiverFields }),
  z.strictObject({ kind: z.literal('discord'), ...receiverFields }),
  z.strictObject({ kind: z.literal('googlechat'), ...receiverFields }),
]);

/** `spec.notifications`: where alerts and failed reconciliations go, and Flux's push webhook. */
export const notificationsSchema = z.strictObject({
  layer: z.string().default('platform').describe("The layer of Flux's Providers, Alerts and Receiver (their kinds come with Flux itself)."),
  receivers: z.array(receiverSchema).default([]).describe('Who is told: webhooks, email through an SMTP relay, chats.'),
  webhook: z
    .strictObject({
      host: z.string().default('flux-webhook').describe('Its host name under `baseDomain`: the forge posts to `https://<host>.<baseDomain>/hook/…`.'),
      forge: z.enum(['github', 'gitea', 'gitlab']).optional().describe("The forge that posts push events; default: read from `flux.url`'s host."),
    })
    .optional()
    .describe("Flux's webhook Receiver behind the ingress Gateway's `https` listener: a push reconciles the sync at once."),
}).describe('Alertmanager receivers, Flux notification Providers and Alerts, and the push webhook.');

export type NotificationsSpec = SpecOf<typeof notificationsSchema>;
export type NotificationsSettings = SettingsOf<typeof notificationsSchema>;
export type ReceiverSettings = NotificationsSettings['receivers'][number];
export type ReceiverKind = ReceiverSettings['kind'];

/**
 * Each kind's Flux Provider type (notification.toolkit.fluxcd.io/v1beta3, the CRD's `type` enum);
 * Flux sends no email.
 */
export const FLUX_PROVIDER_TYPES: Readonly<Record<ReceiverKind, string | undefined>> = {
  webhook: 'generic',
  email: undefined,
  slack: 'slack',
  msteams: 'msteams',
  discord: 'discord',
  googlechat: 'googlechat',
};

/**
 * Each kind's Alertmanager integration that reads its secret from a file, as prometheus-operator
 * v0.93 accepts it (its config types, pkg/alertmanager/types.go, are unmarshalled strictly):
 * `url_file`, `auth_password_file`, `api_url_file`, msteamsv2's `webhook_url_file`. Its discord
 * and msteams (v1) types have no `*_file` field, and Alertmanager has no Google Chat integration.
 */
export const ALERTMANAGER_CONFIGS: Readonly<Record<ReceiverKind, string | undefined>> = {
  webhook: 'webhook_configs',
  email: 'email_configs',
  slack: 'slack_configs',
  msteams: 'msteamsv2_configs',
  discord: undefined,
  googlechat: undefined,
};

/** The Secret of a receiver, in each namespace that reads it. */
export const receiverSecretName = (receiver: Pick<ReceiverSettings, 'name'>) => `notify-${receiver.name}`;
/** The Secret holding the push webhook's token, in flux-system. */
export const WEBHOOK_TOKEN_SECRET = 'flux-webhook-token';

/** The key of the receiver's Secret, or none (email without a login). */
export function receiverSecretKey(receiver: ReceiverSettings): string | undefined {
  if (receiver.kind === 'email') return receiver.username === undefined ? undefined : 'password';
  return 'address';
}

/** The receiver takes Flux's events, and its kind has a Flux provider type (else notifications.unsupported). */
export const toFlux = (r: ReceiverSettings) => r.flux === true && FLUX_PROVIDER_TYPES[r.kind] !== undefined;
/** The receiver takes alerts, and Alertmanager has an integration of its kind (else notifications.unsupported). */
export const toAlertmanager = (r: ReceiverSettings) => r.alerts !== undefined && ALERTMANAGER_CONFIGS[r.kind] !== undefined;

/** A Secret the notifications need, by reference. */
export interface NotificationSecret {
  readonly namespace: string;
  readonly name: string;
  readonly keys: readonly string[];
  readonly layer: string;
  readonly folder: string;
  readonly declaredAt: string;
}

/**
 * Every Secret the notifications read: a receiver's in flux-system for Flux's Provider, and in
 * the monitoring namespace for Alertmanager (mounted into its pods, next to its chart), where
 * monitoring runs; the webhook's token in flux-system.
 */
export function notificationSecrets(settings: NotificationsSettings, monitoringLayer: string | undefined): NotificationSecret[] {
  const own = (namespace: string, layer: string, folder: string) => (r: ReceiverSettings, i: number, key: string): NotificationSecret => ({
    namespace, name: receiverSecretName(r), keys: [key], layer, folder, declaredAt: `notifications.receivers[${i}]`,
  });
  const flux = own(FLUX_NAMESPACE, settings.layer, 'notifications');
  const alertmanager = monitoringLayer === undefined ? undefined : own(MONITORING_NAMESPACE, monitoringLayer, 'kube-prometheus-stack');
  return [
    ...settings.receivers.flatMap((r, i) => {
      const key = receiverSecretKey(r);
      if (key === undefined) return [];
      // A side the kind lacks is notifications.unsupported's to report: no Secret for it.
      return [...(toFlux(r) ? [flux(r, i, key)] : []), ...(toAlertmanager(r) && alertmanager ? [alertmanager(r, i, key)] : [])];
    }),
    ...(settings.webhook ? [{ namespace: FLUX_NAMESPACE, name: WEBHOOK_TOKEN_SECRET, keys: ['token'], layer: settings.layer, folder: 'notifications', declaredAt: 'notifications.webhook' }] : []),
  ];
}

/** Its section of the spec: the schema's defaults are all it resolves. */
export const notificationsSection = defineSection({ schema: notificationsSchema });
