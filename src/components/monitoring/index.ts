import { Namespaces } from '../../k8s/namespaces';
import type { Environment } from '../../model/resolve';
import { clusterNodeCount } from '../../model/node-count';
import { defineComponent } from '../entry';
import { platformClaimClass } from '../storage-classes';
import { alloyRelease, kubePrometheusStackRelease, lokiRelease } from './charts';
import { lokiClaim, prometheusClaim } from './claims';
import { MONITORING_NAMESPACE, PROFILES } from './profiles';
import { PlatformAlerts } from './alert-rules';
import { alertmanagerRouting } from '../notifications/alertmanager';

/** The stack's settings: its layer, its profile, the class its volumes name, and Alertmanager's routing. */
const settings = (env: Environment) => env.monitoring && { layer: env.monitoring.layer, profile: PROFILES[env.monitoring.profile], storageClass: platformClaimClass(env), routing: alertmanagerRouting(env.notifications) };

/** kube-prometheus-stack (Prometheus, Alertmanager, Grafana, the exporters) and the monitoring namespace. */
export const kubePrometheusStack = defineComponent({
  name: 'kube-prometheus-stack',
  fields: ['monitoring'],
  configure: settings,
  placement: (config) => ({ layer: config.layer, path: 'monitoring.layer' }),
  versions: ['charts.kubePrometheusStack'],
  chart: (config, env) => kubePrometheusStackRelease(config.profile, env.versions, config.storageClass, config.routing),
  namespaces: () => [MONITORING_NAMESPACE],
  creates: () => [MONITORING_NAMESPACE],
  objects: ({ folder }) => new Namespaces(folder('kube-prometheus-stack'), 'namespace', { names: [MONITORING_NAMESPACE] }),
  // Prometheus's TSDB only: Alertmanager keeps its silences on an emptyDir and Grafana reads its
  // dashboards from ConfigMaps (persistence off), so neither claims a volume.
  claims: (config) => [prometheusClaim(config.storageClass)],
  // Prometheus scrapes the kubelets and the host-network node exporters, and every pod's metrics.
  networkNeeds: () => ({ namespace: MONITORING_NAMESPACE, toNodes: true, scrapesEverything: true }),
  memory: (config, env) => {
    const p = config.profile;
    // A DaemonSet: one exporter per node, control-plane machines included.
    const nodes = clusterNodeCount(env);
    return [
      { what: 'Prometheus', mib: p.prometheus.memoryMiB },
      { what: 'Alertmanager', mib: p.alertmanager.memoryMiB },
      { what: 'Grafana', mib: p.grafana.memoryMiB },
      { what: 'prometheus-operator', mib: p.operator.memoryMiB },
      { what: 'kube-state-metrics', mib: p.kubeStateMetrics.memoryMiB },
      { what: `node-exporter (${nodes} nodes)`, mib: p.nodeExporter.memoryMiB * nodes },
    ];
  },
});

/** Loki, single binary, on its own volume. */
export const loki = defineComponent({
  name: 'loki',
  fields: ['monitoring'],
  configure: settings,
  placement: (config) => ({ layer: config.layer, path: 'monitoring.layer' }),
  versions: ['charts.loki'],
  chart: (config, env) => lokiRelease(config.profile, env.versions, config.storageClass),
  namespaces: () => [MONITORING_NAMESPACE],
  memory: (config) => [{ what: 'Loki', mib: config.profile.loki.memoryMiB }],
  claims: (config) => [lokiClaim(config.storageClass)],
});

/** Alloy, shipping pod logs to Loki. */
export const alloy = defineComponent({
  name: 'alloy',
  fields: ['monitoring'],
  configure: settings,
  placement: (config) => ({ layer: config.layer, path: 'monitoring.layer' }),
  versions: ['charts.alloy'],
  chart: (config, env) => alloyRelease(config.profile, env.versions),
  namespaces: () => [MONITORING_NAMESPACE],
  memory: (config) => [{ what: 'Alloy', mib: config.profile.alloy.memoryMiB }],
});

/** The platform's alert rules, in a layer after the chart that creates their kind. */
export const alertRules = defineComponent({
  name: 'alert-rules',
  fields: ['monitoring'],
  configure: (env) => env.monitoring && { layer: env.monitoring.rulesLayer },
  placement: (config) => ({ layer: config.layer, path: 'monitoring.rulesLayer' }),
  after: ['kube-prometheus-stack'],
  versions: [],
  namespaces: () => [],
  objects: ({ folder }) => new PlatformAlerts(folder('alert-rules'), 'alerts'),
});
