import { Construct } from 'constructs';
import * as k3s from '../imports/k3s-helmchart-helm.cattle.io';
import type { ChartRelease } from '../charts/chart';
import { toYaml } from '../tree/yaml';

export interface K3sHelmChartProps {
  readonly release: ChartRelease;
}

/**
 * A chart installed by k3s's built-in helm-controller (`helm.cattle.io/v1` HelmChart in
 * kube-system): k3s keeps it applied and upgrades it when the object changes.
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
        // The same canonical YAML as every other place these values are written.
        valuesContent: Object.keys(release.values).length > 0 ? toYaml(release.values) : undefined,
      },
    });
  }
}
