import type { Environment } from '../../model/resolve';
import type { Finding, Rule } from '../../model/violation';
import { gatewayOf } from '../ingress-gateway/config';
import { forgeOf } from './forge';
import { ALERTMANAGER_CONFIGS, FLUX_PROVIDER_TYPES, receiverSecretName } from './settings';
import type { ReceiverSettings } from './settings';
import { duplicates } from '../../model/duplicates';
import { DNS_LABEL, EMAIL } from '../../model/name-patterns';

/** A DNS label short enough that `notify-<name>` stays one (63 characters). */
const RECEIVER_NAME = /^[a-z0-9]([a-z0-9-]{0,54}[a-z0-9])?$/;
/** `host:port`, the host a DNS name, an IPv4 address or a bracketed IPv6 one. */
const HOST_PORT = /^(?:[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\]):(\d{1,5})$/i;

/**
 * What an email receiver's smarthost cannot be: Alertmanager sends from its own pod, where nothing
 * listens on SMTP (the pod holds alertmanager and its config reloader), and Alertmanager's own
 * Services (the operator's `alertmanager-operated`, the chart's `<release>-alertmanager`) speak HTTP.
 */
function selfRelay(host: string): string | undefined {
  const lower = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (lower === 'localhost' || lower.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(lower) || lower === '::1' || lower === '0.0.0.0') return 'loopback: inside the Alertmanager pod, where nothing listens on SMTP';
  const label = lower.split('.')[0]!;
  if (['alertmanager-operated', 'kube-prometheus-stack-alertmanager'].includes(label) || label.startsWith('alertmanager-kube-prometheus-stack-alertmanager')) return 'Alertmanager itself, which speaks HTTP, not SMTP';
  return undefined;
}

/** The receivers with their index, for paths. */
const receivers = (env: Environment) => (env.notifications?.receivers ?? []).map((r, i) => ({ r, i, path: `notifications.receivers[${i}]` }));

const usesAlerts = (r: ReceiverSettings) => r.alerts !== undefined;

/** Notifications' invariants: names, who is told what through which side, addresses, the webhook's forge and Gateway. */
export const notificationRules: readonly Rule[] = [
  {
    code: 'notifications.invalid-name',
    severity: 'error',
    summary: 'receiver names are DNS labels of at most 56 characters (their Secrets are notify-<name>), not null, and the webhook host is a DNS label',
    check: (env) => [
      ...receivers(env)
        .filter(({ r }) => !RECEIVER_NAME.test(r.name) || r.name === 'null')
        .map(({ r, path }): Finding => ({
          path: `${path}.name`,
          value: r.name,
          message: r.name === 'null'
            ? 'null is the name of the chart\'s own Alertmanager receiver, which drops what it gets'
            : `"${r.name}" cannot name a Provider, an Alertmanager receiver and the Secret ${receiverSecretName(r)}`,
          fix: 'use lowercase letters, digits and hyphens, at most 56 characters, e.g. ops-mail',
        })),
      ...(env.notifications?.webhook && !DNS_LABEL.test(env.notifications.webhook.host)
        ? [{ path: 'notifications.webhook.host', value: env.notifications.webhook.host, message: `"${env.notifications.webhook.host}" is not one DNS label under ${env.spec.baseDomain}`, fix: "use lowercase letters, digits and hyphens, e.g. 'flux-webhook'" }]
        : []),
    ],
  },
  {
    code: 'notifications.duplicate-name',
    severity: 'error',
    summary: 'no two receivers share a name (their Providers, Alertmanager receivers and Secrets would collide)',
    check: (env) =>
      duplicates(receivers(env), ({ r }) => r.name).map(({ item, first }) => ({
        path: `${item.path}.name`,
        value: item.r.name,
        message: `${item.r.name} is already the name of ${first.path}`,
        fix: 'give each receiver a name of its own, or merge the two',
      })),
  },
  {
    code: 'notifications.unused',
    severity: 'error',
    summary: 'every receiver is told something: alerts, Flux failures or both',
    check: (env) =>
      receivers(env)
        .filter(({ r }) => !usesAlerts(r) && !r.flux)
        .map(({ r, path }) => ({
          path,
          value: r.name,
          message: `receiver ${r.name} takes neither alerts nor Flux events: nothing would ever reach it`,
          fix: `set alerts: 'warning' (Alertmanager) or flux: true (failed reconciliations) on it, or remove it`,
        })),
  },
  {
    code: 'notifications.unsupported',
    severity: 'error',
    summary: 'a receiver is used only where its kind has an integration that reads the secret from its Secret (Flux has no email; Alertmanager, through prometheus-operator, no discord URL file and no Google Chat)',
    check: (env) =>
      receivers(env).flatMap(({ r, path }): Finding[] => [
        ...(r.flux && FLUX_PROVIDER_TYPES[r.kind] === undefined
          ? [{ path: `${path}.flux`, value: 'true', message: `Flux's notification-controller has no ${r.kind} provider: receiver ${r.name} cannot take Flux events`, fix: 'remove flux: true, and add a webhook or chat receiver for Flux events' }]
          : []),
        ...(usesAlerts(r) && ALERTMANAGER_CONFIGS[r.kind] === undefined
          ? [{
              path: `${path}.alerts`,
              value: r.alerts!,
              message: r.kind === 'discord'
                ? `prometheus-operator v0.93 accepts no webhook_url_file for discord, so the URL of receiver ${r.name} would sit in the chart's values`
                : `Alertmanager has no ${r.kind} integration: receiver ${r.name} cannot take alerts`,
              fix: r.kind === 'discord'
                ? "remove alerts from it and add a kind: 'slack' receiver whose address is the Discord webhook URL with /slack appended (Discord's Slack-compatible endpoint)"
                : 'remove alerts from it, and add a webhook, email, slack or msteams receiver for alerts',
            }]
          : []),
      ]),
  },
  {
    code: 'notifications.alerts-without-monitoring',
    severity: 'error',
    summary: 'receivers that take alerts have an Alertmanager to send them (monitoring is on)',
    check: (env) =>
      env.monitoring
        ? []
        : receivers(env)
            .filter(({ r }) => usesAlerts(r))
            .map(({ r, path }) => ({
              path: `${path}.alerts`,
              value: r.alerts!,
              message: `receiver ${r.name} takes alerts, but ${env.name} runs no monitoring: no Alertmanager would send any`,
              fix: 'switch monitoring on (monitoring: {}), or remove alerts from the receiver',
            })),
  },
  {
    code: 'notifications.email-address',
    severity: 'error',
    summary: "an email receiver's from and to are plain addresses (name@domain)",
    check: (env) =>
      receivers(env).flatMap(({ r, path }) =>
        r.kind !== 'email'
          ? []
          : [{ at: `${path}.from`, value: r.from }, ...r.to.map((value, j) => ({ at: `${path}.to[${j}]`, value }))]
              .filter((a) => !EMAIL.test(a.value))
              .map((a) => ({ path: a.at, value: a.value, message: `"${a.value}" is not an email address`, fix: 'write one address, name@domain, e.g. ops@example.com (no display name, one per list entry)' })),
      ),
  },
  {
    code: 'notifications.smtp-hostport',
    severity: 'error',
    summary: "an email receiver's smarthost is host:port with a port from 1 to 65535 (the baseline opens only that port)",
    check: (env) =>
      receivers(env).flatMap(({ r, path }) => {
        if (r.kind !== 'email') return [];
        const m = HOST_PORT.exec(r.smarthost);
        const port = m ? Number(m[4]) : NaN;
        if (m && port >= 1 && port <= 65535) return [];
        // The host as written, where it is one: the fix then only adds or corrects the port.
        const host = m ? r.smarthost.slice(0, r.smarthost.lastIndexOf(':')) : HOST_PORT.test(`${r.smarthost}:587`) ? r.smarthost : 'smtp.example.com';
        return [{
          path: `${path}.smarthost`,
          value: r.smarthost,
          message: m ? `port ${m[4]} of ${r.smarthost} is not a TCP port` : `"${r.smarthost}" is not host:port`,
          fix: `write the relay and its port, e.g. ${host}:587`,
        }];
      }),
  },
  {
    code: 'notifications.smtp-self',
    severity: 'error',
    summary: "an email receiver's smarthost is a relay outside the Alertmanager pod: not loopback (localhost, 127.0.0.0/8, ::1) and not Alertmanager's own Service or pod",
    check: (env) =>
      receivers(env).flatMap(({ r, path }) => {
        if (r.kind !== 'email' || !HOST_PORT.test(r.smarthost)) return [];
        const host = r.smarthost.slice(0, r.smarthost.lastIndexOf(':'));
        const why = selfRelay(host);
        return why ? [{ path: `${path}.smarthost`, value: r.smarthost, message: `${host} is ${why}: no mail would leave`, fix: "write your mail relay's host and port (your provider's SMTP server, e.g. on port 587)" }] : [];
      }),
  },
  {
    code: 'notifications.forge-unknown',
    severity: 'error',
    summary: "the push webhook knows its forge: set, or read from flux.url's host",
    check: (env) =>
      env.notifications?.webhook && !env.notifications.webhook.forge && !forgeOf(env.flux.url)
        ? [{
            path: 'notifications.webhook.forge',
            value: '(not set)',
            message: `the host of ${env.flux.url} names no forge, so the Receiver cannot tell how to verify a push`,
            fix: "set notifications.webhook.forge to 'github', 'gitea' or 'gitlab'",
          }]
        : [],
  },
  {
    code: 'notifications.webhook-without-gateway',
    severity: 'error',
    summary: 'the push webhook has the ingress Gateway to be reached through (Cilium, ingressVip and controlPlane.vipInterface)',
    check: (env) =>
      env.notifications?.webhook && gatewayOf(env) === undefined
        ? [{
            path: 'notifications.webhook',
            value: `${env.notifications.webhook.host}.${env.spec.baseDomain}`,
            message: `${env.name} has no ingress Gateway, so no forge could reach the Receiver`,
            fix: 'give the environment its Gateway (cilium: {}, ingressVip and controlPlane.vipInterface), or remove notifications.webhook',
          }]
        : [],
  },
];
