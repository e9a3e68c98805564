import { ALERTMANAGER_CONFIGS, receiverSecretKey, receiverSecretName, toAlertmanager } from './settings';
import type { NotificationsSettings, ReceiverSettings } from './settings';

/**
 * Where prometheus-operator mounts each Secret of `alertmanagerSpec.secrets`:
 * `/etc/alertmanager/secrets/<name>/<key>` (prometheus-operator v0.93.0,
 * pkg/alertmanager/statefulset.go: secretsDir and `path.Join(secretsDir, s)`).
 */
const SECRETS_DIR = '/etc/alertmanager/secrets';

/** kube-prometheus-stack's `alertmanager` values that route the alerts to the receivers. */
export interface AlertmanagerRouting {
  /** `alertmanager.config`, merged over the chart's default (its global, inhibit rules and root route stay). */
  readonly config: { readonly route: { readonly routes: readonly Record<string, unknown>[] }; readonly receivers: readonly Record<string, unknown>[] };
  /** `alertmanager.alertmanagerSpec.secrets`: the receivers' Secrets, mounted as files. */
  readonly secrets: readonly string[];
}

/** Each kind's integration: its secret read from the mounted file, resolved alerts sent too. */
function integration(r: ReceiverSettings, file: string | undefined): Record<string, unknown> {
  switch (r.kind) {
    case 'webhook':
      return { url_file: file, send_resolved: true };
    case 'email':
      return {
        to: r.to.join(', '),
        from: r.from,
        smarthost: r.smarthost,
        ...(r.username === undefined ? {} : { auth_username: r.username, auth_password_file: file }),
        require_tls: r.requireTls,
        send_resolved: true,
      };
    case 'slack':
      return { api_url_file: file, ...(r.channel === undefined ? {} : { channel: r.channel }), send_resolved: true };
    default:
      // msteams, as msteamsv2 (Teams workflows, the URLs Flux's msteams posts to); discord and googlechat never get here.
      return { webhook_url_file: file, send_resolved: true };
  }
}

/** The matcher of a minimum severity, on the `severity` label every alert of the chart and of alert-rules carries. */
const severityMatcher = (min: 'warning' | 'critical') => (min === 'critical' ? 'severity = "critical"' : 'severity =~ "warning|critical"');

/**
 * The Alertmanager side of the receivers that take alerts, or undefined when none does. Helm
 * replaces lists: `routes` and `receivers` restate the chart's own entries (the `null` receiver,
 * the Watchdog route to it, kube-prometheus-stack 88.5.3 values.yaml `alertmanager.config`) before
 * ours. Every secret is a file reference, so no URL or password is ever a chart value, whichever
 * installer (Flux or k3s) renders the chart.
 */
export function alertmanagerRouting(settings: NotificationsSettings | undefined): AlertmanagerRouting | undefined {
  const receivers = (settings?.receivers ?? []).filter(toAlertmanager);
  if (receivers.length === 0) return undefined;
  const file = (r: ReceiverSettings) => {
    const key = receiverSecretKey(r);
    return key === undefined ? undefined : `${SECRETS_DIR}/${receiverSecretName(r)}/${key}`;
  };
  return {
    config: {
      route: {
        routes: [
          { receiver: 'null', matchers: ['alertname = "Watchdog"'] },
          ...receivers.map((r) => ({ receiver: r.name, matchers: [severityMatcher(r.alerts!)], continue: true })),
        ],
      },
      receivers: [{ name: 'null' }, ...receivers.map((r) => ({ name: r.name, [ALERTMANAGER_CONFIGS[r.kind]!]: [integration(r, file(r))] }))],
    },
    secrets: receivers.filter((r) => receiverSecretKey(r) !== undefined).map(receiverSecretName),
  };
}
