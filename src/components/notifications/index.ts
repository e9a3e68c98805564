import { FLUX_NAMESPACE } from '../../k8s/flux-sync';
import type { Environment } from '../../model/resolve';
import { defineComponent } from '../entry';
import type { WorldPort } from '../entry';
import { HTTPS_LISTENER, INGRESS_GATEWAY, INGRESS_NAMESPACE, gatewayOf } from '../ingress-gateway';
import { MONITORING_NAMESPACE } from '../monitoring/settings';
import { FailureAlert } from './failure-alert';
import type { EventSource } from './failure-alert';
import { NotificationProvider } from './provider';
import { PushReceiver } from './push-receiver';
import { forgeOf } from './forge';
import { notificationRules } from './rules';
import { FLUX_PROVIDER_TYPES, WEBHOOK_TOKEN_SECRET, receiverSecretName, toAlertmanager, toFlux } from './settings';
import type { ReceiverSettings } from './settings';
import { WebhookRoute } from './webhook-route';

/** The port a receiver's Alertmanager integration dials outside the cluster. */
export function worldPort(r: ReceiverSettings): WorldPort {
  if (r.kind === 'email') return { port: Number(r.smarthost.split(':').pop()), protocol: 'TCP' };
  return { port: r.kind === 'webhook' ? r.port : 443, protocol: 'TCP' };
}

/**
 * The sync's GitRepository: `flux bootstrap`'s name for it, and flux-operator's (the FluxInstance's
 * namespace unless `sync.name` is set: v0.58.1, internal/controller/fluxinstance_controller.go).
 */
const SYNC_REPOSITORY = FLUX_NAMESPACE;
/** Kinds that live in flux-system only: the layers' and the sync's Kustomizations, the sources, flux-operator's release. */
const FLUX_SYSTEM_KINDS = ['Kustomization', 'HelmRelease', 'GitRepository', 'OCIRepository', 'HelmRepository'];
/** Namespaces Kubernetes keeps for itself: nothing of the tree's runs there. */
const NO_WORKLOADS = ['kube-public', 'kube-node-lease'];

/** What a failure Alert watches: everything in flux-system, and the HelmReleases of every namespace of the platform and the apps. */
export function failureSources(platformNamespaces: readonly string[], appNamespaces: readonly string[]): EventSource[] {
  const releases = [...new Set([...platformNamespaces, ...appNamespaces])].filter((ns) => ns !== FLUX_NAMESPACE && !NO_WORKLOADS.includes(ns)).sort();
  return [
    ...FLUX_SYSTEM_KINDS.map((kind) => ({ kind, name: '*', namespace: FLUX_NAMESPACE })),
    ...releases.map((namespace) => ({ kind: 'HelmRelease', name: '*', namespace })),
  ];
}

function settings(env: Environment) {
  const n = env.notifications;
  if (!n) return undefined;
  const webhook = n.webhook;
  // The route needs the ingress Gateway (notifications.webhook-without-gateway otherwise).
  const gateway = gatewayOf(env)?.layer;
  const alerting = env.monitoring ? n.receivers.filter(toAlertmanager) : [];
  return {
    layer: n.layer,
    flux: n.receivers.filter(toFlux),
    alertPorts: alerting.map(worldPort).filter((p) => Number.isInteger(p.port)),
    webhook: webhook && { forge: webhook.forge ?? forgeOf(env.flux.url), hostname: `${webhook.host}.${env.spec.baseDomain}`, routeLayer: gateway },
  };
}

/**
 * Notifications, where `spec.notifications` is set: Flux's Providers and their failure Alerts, the
 * push webhook's Receiver and route; Alertmanager's side is kube-prometheus-stack's values
 * (src/components/notifications/alertmanager.ts), and its egress is declared here.
 */
export const notifications = defineComponent({
  name: 'notifications',
  fields: ['notifications'],
  configure: settings,
  placement: (config) => ({ layer: config.layer, path: 'notifications.layer' }),
  versions: [],
  namespaces: () => [],
  folders: ['flux-webhook'],
  // Alertmanager dials its receivers on their ports only; flux-system is outside the baseline
  // (flux-operator's allow-egress already lets notification-controller out).
  networkNeeds: (config) => (config.alertPorts.length > 0 ? [{ namespace: MONITORING_NAMESPACE, toWorld: config.alertPorts }] : []),
  rules: notificationRules,
  objects: ({ config, env, folder, platformNamespaces }) => {
    const own = folder('notifications');
    const sources = failureSources(platformNamespaces, env.apps.map((a) => a.namespace));
    for (const r of config.flux) {
      new NotificationProvider(own, `provider-${r.name}`, {
        name: r.name,
        namespace: FLUX_NAMESPACE,
        spec: { type: FLUX_PROVIDER_TYPES[r.kind]!, ...(r.kind === 'slack' && r.channel !== undefined ? { channel: r.channel } : {}), secretRef: { name: receiverSecretName(r) } },
      });
      new FailureAlert(own, `alert-${r.name}`, { provider: r.name, namespace: FLUX_NAMESPACE, sources });
    }
    const webhook = config.webhook;
    if (webhook?.forge) {
      new PushReceiver(own, 'receiver', { name: 'git-push', namespace: FLUX_NAMESPACE, forge: webhook.forge, tokenSecret: WEBHOOK_TOKEN_SECRET, gitRepository: SYNC_REPOSITORY });
      if (webhook.routeLayer) {
        new WebhookRoute(folder('flux-webhook', webhook.routeLayer), 'route', {
          hostname: webhook.hostname,
          gateway: { name: INGRESS_GATEWAY, namespace: INGRESS_NAMESPACE, sectionName: HTTPS_LISTENER },
          fluxNamespace: FLUX_NAMESPACE,
        });
      }
    }
  },
});
