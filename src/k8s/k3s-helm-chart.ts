import { Construct } from 'constructs';
import * as k3s from '../imports/k3s-helmchart-helm.cattle.io';
import type { ChartRelease } from '../charts/chart';
import { toYaml } from '../tree/yaml';
import { HELM_TIMEOUT } from '../model/helm-timeout';

export interface K3sHelmChartProps {
  readonly release: ChartRelease;
}

/**
 * A chart installed by k3s's built-in helm-controller (`helm.cattle.io/v1` HelmChart in
 * kube-system): k3s keeps it applied and upgrades it when the object changes.
 *
 * A failed release is left for the operator (`failurePolicy: abort`) instead of k3s's default
 * `reinstall`, which uninstalls and installs it again: the helm job then exits with "waiting for
 * operator intervention" and leaves the release as it is (k3s-io/klipper-helm `entry`, the
 * `deleted|failed` case). `retry` (an upgrade of the failed release) exists only from
 * helm-controller v0.16.26 / v0.17.7 (2026-07-27); older k3s releases, such as v1.35.6 with v0.17.1,
 * have `abort|reinstall` in their CRD and would refuse the object.
 */
export class K3sHelmChart extends Construct {
  public constructor(scope: Construct, id: string, props: K3sHelmChartProps) {
    super(scope, id);
    const { release } = props;
    new k3s.HelmChart(this, 'Resource', {
      metadata: { name: release.name, namespace: 'kube-system' },
      spec: {
        repo: release.repo,
        chart: release.chart,
        version: release.version,
        targetNamespace: release.namespace,
        createNamespace: true,
        failurePolicy: k3s.HelmChartSpecFailurePolicy.ABORT,
        timeout: release.timeout ?? HELM_TIMEOUT,
        // The same canonical YAML as every other place these values are written.
        valuesContent: Object.keys(release.values).length > 0 ? toYaml(release.values) : undefined,
      },
    });
  }
}
