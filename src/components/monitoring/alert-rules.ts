import { Construct } from 'constructs';
import * as prom from '../../imports/prometheus-rule-monitoring.coreos.com';
import { MONITORING_NAMESPACE } from './profiles';

/** An alert as written here: a PromQL condition held `for` a while, with a summary a person reads. */
interface Alert {
  readonly alert: string;
  readonly expr: string;
  readonly for: string;
  readonly severity: 'warning' | 'critical';
  readonly summary: string;
}

/**
 * The alerts the operators added to the chart's defaults: nodes, disks, volumes and the
 * workloads that most often go wrong on a small cluster. Every series comes from node-exporter,
 * kube-state-metrics or the kubelet, all part of kube-prometheus-stack.
 */
export const ALERTS: readonly Alert[] = [
  { alert: 'NodeNotReady', expr: 'kube_node_status_condition{condition="Ready",status="true"} == 0', for: '5m', severity: 'critical', summary: 'Node {{ $labels.node }} is not Ready.' },
  { alert: 'NodeMemoryAlmostFull', expr: '(1 - node_memory_MemAvailable_bytes / node_memory_MemTotal_bytes) > 0.9', for: '10m', severity: 'warning', summary: 'Node {{ $labels.instance }} has used over 90 % of its memory for 10 minutes.' },
  { alert: 'NodeDiskAlmostFull', expr: 'node_filesystem_avail_bytes{fstype!~"tmpfs|overlay|squashfs"} / node_filesystem_size_bytes < 0.1', for: '15m', severity: 'warning', summary: '{{ $labels.mountpoint }} on {{ $labels.instance }} has less than 10 % free.' },
  { alert: 'VolumeAlmostFull', expr: 'kubelet_volume_stats_available_bytes / kubelet_volume_stats_capacity_bytes < 0.1', for: '15m', severity: 'warning', summary: 'Volume {{ $labels.persistentvolumeclaim }} in {{ $labels.namespace }} has less than 10 % free.' },
  { alert: 'PodCrashLooping', expr: 'increase(kube_pod_container_status_restarts_total[15m]) > 3', for: '5m', severity: 'warning', summary: '{{ $labels.namespace }}/{{ $labels.pod }} ({{ $labels.container }}) restarted more than 3 times in 15 minutes.' },
  { alert: 'ContainerOOMKilled', expr: 'kube_pod_container_status_last_terminated_reason{reason="OOMKilled"} == 1 and on (namespace, pod, container) increase(kube_pod_container_status_restarts_total[10m]) > 0', for: '0m', severity: 'warning', summary: '{{ $labels.namespace }}/{{ $labels.pod }} ({{ $labels.container }}) was killed for memory: raise its limit or find the leak.' },
  // Finished pods (a Job's Succeeded or Failed ones) are not Ready either: only pods still in a
  // live phase count (kube-state-metrics v2.20.0, the chart's 8.4.0: kube_pod_status_phase{phase}
  // is Pending|Running|Succeeded|Failed|Unknown, docs/metrics/workload/pod-metrics.md).
  { alert: 'PodNotReady', expr: 'sum by (namespace, pod) (kube_pod_status_ready{condition="false"}) == 1 and on (namespace, pod) sum by (namespace, pod) (kube_pod_status_phase{phase=~"Pending|Running|Unknown"}) == 1', for: '15m', severity: 'warning', summary: '{{ $labels.namespace }}/{{ $labels.pod }} has not been Ready for 15 minutes (a probe blocked by a policy looks like this).' },
  { alert: 'DeploymentReplicasMissing', expr: 'kube_deployment_spec_replicas != kube_deployment_status_replicas_available', for: '15m', severity: 'warning', summary: 'Deployment {{ $labels.namespace }}/{{ $labels.deployment }} has fewer available replicas than it wants.' },
];

/** The alerts as one PrometheusRule in the monitoring namespace (Prometheus selects every rule). */
export class PlatformAlerts extends Construct {
  public constructor(scope: Construct, id: string) {
    super(scope, id);
    new prom.PrometheusRule(this, 'Resource', {
      metadata: { name: 'platform-alerts', namespace: MONITORING_NAMESPACE },
      spec: {
        groups: [{
          name: 'platform',
          rules: ALERTS.map((a) => ({ alert: a.alert, expr: prom.PrometheusRuleSpecGroupsRulesExpr.fromString(a.expr), for: a.for, labels: { severity: a.severity }, annotations: { summary: a.summary } })),
        }],
      },
    });
  }
}
