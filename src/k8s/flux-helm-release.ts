import { Construct } from 'constructs';
import * as helm from '../imports/flux-helmrelease-helm.toolkit.fluxcd.io';
import * as source from '../imports/flux-helmrepository-source.toolkit.fluxcd.io';
import type { ChartRelease } from '../charts/chart';
import { FLUX_NAMESPACE } from './flux-sync';

export interface FluxHelmReleaseProps {
  readonly release: ChartRelease;
  /** @default '30m' */
  readonly interval?: string;
}

/**
 * A chart installed by Flux: a HelmRepository in flux-system and a HelmRelease in the chart's
 * namespace. The release name equals the one the bootstrap `helm install` used, so Flux adopts
 * the bootstrapped release instead of installing a second one.
 */
export class FluxHelmRelease extends Construct {
  public readonly release: helm.HelmRelease;

  public constructor(scope: Construct, id: string, props: FluxHelmReleaseProps) {
    super(scope, id);
    const { release } = props;
    const interval = props.interval ?? '30m';
    new source.HelmRepository(this, 'HelmRepository', {
      metadata: { name: release.name, namespace: FLUX_NAMESPACE },
      spec: { interval: '24h', url: release.repo },
    });
    this.release = new helm.HelmRelease(this, 'Resource', {
      metadata: { name: release.name, namespace: release.namespace },
      spec: {
        interval,
        releaseName: release.name,
        chart: {
          spec: {
            chart: release.chart,
            version: release.version,
            sourceRef: {
              kind: helm.HelmReleaseSpecChartSpecSourceRefKind.HELM_REPOSITORY,
              name: release.name,
              namespace: FLUX_NAMESPACE,
            },
          },
        },
        install: { crds: helm.HelmReleaseSpecInstallCrds.CREATE_REPLACE, remediation: { retries: 3 } },
        upgrade: { crds: helm.HelmReleaseSpecUpgradeCrds.CREATE_REPLACE, remediation: { retries: 3 } },
        values: release.values,
      },
    });
  }
}
