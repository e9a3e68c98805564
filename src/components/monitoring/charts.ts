import type { ChartRelease } from '../../charts/chart';
import type { LokiValues } from '../../values/loki';
import { MONITORING_NAMESPACE, memory } from './profiles';
import type { MonitoringProfile } from './profiles';
import type { Catalogue } from '../../model/version-overrides';
import type { AlertmanagerRouting } from '../notifications/alertmanager';

/** Where each chart's values name the class of its claim (read back by the tests). */
export const PROMETHEUS_CLASS_PATH = 'prometheus.prometheusSpec.storageSpec.volumeClaimTemplate.spec.storageClassName';
export const LOKI_CLASS_PATH = 'singleBinary.persistence.storageClass';

const LOKI_PUSH = `http://loki.${MONITORING_NAMESPACE}.svc:3100/loki/api/v1/push`;

/**
 * kube-prometheus-stack for k3s: k3s runs the controller manager, scheduler and etcd inside one
 * process without their metrics endpoints, and Cilium replaces kube-proxy, so those scrapes are
 * off; every PrometheusRule and ServiceMonitor of the cluster is selected, not only the chart's.
 * Alertmanager routes to the notification receivers that take alerts, where there are some.
 */
export function kubePrometheusStackRelease(p: MonitoringProfile, pins: Catalogue, storageClass: string, routing?: AlertmanagerRouting): ChartRelease {
  return {
    name: 'kube-prometheus-stack',
    namespace: MONITORING_NAMESPACE,
    // Its admission-webhook certificate jobs (Helm hooks), then the operator, Grafana,
    // kube-state-metrics and a node-exporter on every node, each image pulled on a cold cluster.
    timeout: '15m',
    ...pins.charts.kubePrometheusStack,
    values: {
      kubeControllerManager: { enabled: false },
      kubeScheduler: { enabled: false },
      kubeProxy: { enabled: false },
      kubeEtcd: { enabled: false },
      prometheusOperator: { resources: memory(p.operator.memoryMiB) },
      'kube-state-metrics': { resources: memory(p.kubeStateMetrics.memoryMiB) },
      'prometheus-node-exporter': { resources: memory(p.nodeExporter.memoryMiB) },
      grafana: { resources: memory(p.grafana.memoryMiB), persistence: { enabled: false } },
      alertmanager: {
        ...(routing && { config: routing.config }),
        alertmanagerSpec: { retention: p.alertmanager.retention, resources: memory(p.alertmanager.memoryMiB), ...(routing && routing.secrets.length > 0 && { secrets: routing.secrets }) },
      },
      prometheus: {
        prometheusSpec: {
          retention: p.prometheus.retention,
          retentionSize: p.prometheus.retentionSize,
          resources: memory(p.prometheus.memoryMiB),
          ruleSelectorNilUsesHelmValues: false,
          serviceMonitorSelectorNilUsesHelmValues: false,
          podMonitorSelectorNilUsesHelmValues: false,
          // prometheus-operator copies the template's spec, class included, into the StatefulSet
          // (v0.93 pkg/operator/types.go MakeVolumeClaimTemplate).
          storageSpec: { volumeClaimTemplate: { spec: { storageClassName: storageClass, accessModes: ['ReadWriteOnce'], resources: { requests: { storage: `${p.prometheus.volumeGi}Gi` } } } } },
        },
      },
    },
  };
}

/**
 * Loki as one binary on its own volume: no object store (the chart's default is S3), no
 * replication (one replica), no memcached caches (8 GiB of default chunk cache would not fit a
 * small cluster), no gateway, canary or test pods. Alloy pushes to its Service directly.
 */
export function lokiRelease(p: MonitoringProfile, pins: Catalogue, storageClass: string): ChartRelease {
  return {
    name: 'loki',
    namespace: MONITORING_NAMESPACE,
    // One StatefulSet pod, ready only once its new volume is provisioned and attached.
    timeout: '10m',
    ...pins.charts.loki,
    values: {
      deploymentMode: 'Monolithic',
      loki: {
        auth_enabled: false,
        commonConfig: { replication_factor: 1 },
        storage: { type: 'filesystem' },
        schemaConfig: { configs: [{ from: '2026-01-01', store: 'tsdb', object_store: 'filesystem', schema: 'v13', index: { prefix: 'index_', period: '24h' } }] },
        limits_config: { retention_period: p.loki.retention },
        compactor: { retention_enabled: true, delete_request_store: 'filesystem' },
      },
      // The chart writes persistence.storageClass into the `storage` claim template (18.11.0 templates/_workload.tpl).
      singleBinary: { replicas: 1, resources: memory(p.loki.memoryMiB), persistence: { size: `${p.loki.volumeGi}Gi`, storageClass } },
      read: { replicas: 0 },
      write: { replicas: 0 },
      backend: { replicas: 0 },
      chunksCache: { enabled: false },
      resultsCache: { enabled: false },
      gateway: { enabled: false },
      lokiCanary: { enabled: false },
      test: { enabled: false },
    } satisfies LokiValues,
  };
}

/**
 * Alloy, one replica, tailing every pod's log through the API server (no host paths) and pushing
 * it to Loki: a small cluster's log volume needs no agent per node.
 */
export function alloyRelease(p: MonitoringProfile, pins: Catalogue): ChartRelease {
  const config = [
    'discovery.kubernetes "pods" {',
    '  role = "pod"',
    '}',
    'discovery.relabel "pods" {',
    '  targets = discovery.kubernetes.pods.targets',
    '  rule {',
    '    source_labels = ["__meta_kubernetes_namespace"]',
    '    target_label  = "namespace"',
    '  }',
    '  rule {',
    '    source_labels = ["__meta_kubernetes_pod_name"]',
    '    target_label  = "pod"',
    '  }',
    '  rule {',
    '    source_labels = ["__meta_kubernetes_pod_container_name"]',
    '    target_label  = "container"',
    '  }',
    '}',
    'loki.source.kubernetes "pods" {',
    '  targets    = discovery.relabel.pods.output',
    '  forward_to = [loki.write.default.receiver]',
    '}',
    'loki.write "default" {',
    '  endpoint {',
    `    url = "${LOKI_PUSH}"`,
    '  }',
    '}',
    '',
  ].join('\n');
  return {
    name: 'alloy',
    namespace: MONITORING_NAMESPACE,
    ...pins.charts.alloy,
    values: { alloy: { configMap: { content: config }, resources: memory(p.alloy.memoryMiB) }, controller: { type: 'deployment', replicas: 1 } },
  };
}
