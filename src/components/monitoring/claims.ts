import type { VolumeClaim } from '../entry';
import { LOKI_CLASS_PATH, PROMETHEUS_CLASS_PATH } from './charts';
import { MONITORING_NAMESPACE } from './profiles';

// The names below follow from the release names (kube-prometheus-stack, loki), as the charts and
// prometheus-operator derive them.

/**
 * kube-prometheus-stack 88.5.3 names its Prometheus `<fullname>-prometheus` (templates/_helpers.tpl
 * `kube-prometheus-stack.prometheus.crname`; fullname is the release name, which contains the chart
 * name); prometheus-operator v0.93 makes StatefulSet `prometheus-<name>` with claim template
 * `prometheus-<name>-db` (pkg/prometheus/operator.go statefulSetNameFromPrometheusName,
 * pkg/prometheus/common.go VolumeName) and recreates a StatefulSet it cannot update
 * (pkg/k8s/statefulset.go ForceUpdateStatefulSet).
 */
export function prometheusClaim(storageClass: string): VolumeClaim {
  const name = 'prometheus-kube-prometheus-stack-prometheus';
  return {
    what: 'Prometheus',
    storageClass,
    valuesPath: PROMETHEUS_CLASS_PATH,
    statefulSet: { namespace: MONITORING_NAMESPACE, name, template: `${name}-db` },
    recreatedBy: 'operator',
    // The Prometheus object the chart renders from storageSpec (templates/prometheus/prometheus.yaml: spec.storage).
    madeFrom: { resource: 'prometheus.monitoring.coreos.com', name: 'kube-prometheus-stack-prometheus', classField: '.spec.storage.volumeClaimTemplate.spec.storageClassName' },
  };
}

/**
 * Loki 18.11.0 in Monolithic mode: StatefulSet `<fullname>` (templates/monolithic/workload.yaml
 * `loki.resourceName`; fullname is the release name, which contains `loki`), claim template
 * `storage` (templates/_workload.tpl). Helm owns it: only an upgrade puts it back.
 */
export function lokiClaim(storageClass: string): VolumeClaim {
  return {
    what: 'Loki',
    storageClass,
    valuesPath: LOKI_CLASS_PATH,
    statefulSet: { namespace: MONITORING_NAMESPACE, name: 'loki', template: 'storage' },
    recreatedBy: 'helm',
  };
}
