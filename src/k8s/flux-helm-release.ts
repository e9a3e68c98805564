import { Construct } from 'constructs';
import * as helm from '../imports/flux-helmrelease-helm.toolkit.fluxcd.io';
import * as source from '../imports/flux-helmrepository-source.toolkit.fluxcd.io';
import * as oci from '../imports/flux-ocirepository-source.toolkit.fluxcd.io';
import type { ChartRelease } from '../charts/chart';
import { FLUX_NAMESPACE } from './flux-sync';

export interface FluxHelmReleaseProps {
  readonly release: ChartRelease;
  /** @default '30m' */
  readonly interval?: string;
  /**
   * Never let Flux prune the release and its source (`kustomize.toolkit.fluxcd.io/prune:
   * disabled`): for the CNI, whose uninstall would take every pod's network with it.
   * @default false
   */
  readonly protectFromPrune?: boolean;
  /** HelmReleases that must be ready before this one installs. @default [] */
  readonly dependsOn?: readonly { readonly name: string; readonly namespace: string }[];
}

/** The media type of a Helm chart layer in an OCI artifact (Helm's own). */
const HELM_CHART_LAYER = 'application/vnd.cncf.helm.chart.content.v1.tar+gzip';

/**
 * A chart installed by Flux: its source in flux-system (an OCIRepository with `chartRef` where
 * the chart is published as OCI, as Flux recommends, else a HelmRepository) and a HelmRelease in
 * the chart's namespace. The release name equals the one the bootstrap `helm install` used, so
 * Flux adopts the bootstrapped release instead of installing a second one.
 */
export class FluxHelmRelease extends Construct {
  public readonly release: helm.HelmRelease;

  public constructor(scope: Construct, id: string, props: FluxHelmReleaseProps) {
    super(scope, id);
    const { release } = props;
    const interval = props.interval ?? '30m';
    const annotations = props.protectFromPrune ? { 'kustomize.toolkit.fluxcd.io/prune': 'disabled' } : undefined;
    const metadata = { name: release.name, namespace: FLUX_NAMESPACE, annotations };
    if (release.oci) {
      new oci.OciRepository(this, 'OCIRepository', {
        metadata,
        spec: {
          interval: '24h',
          url: release.oci,
          ref: { tag: release.version },
          layerSelector: { mediaType: HELM_CHART_LAYER, operation: oci.OciRepositorySpecLayerSelectorOperation.COPY },
        },
      });
    } else {
      new source.HelmRepository(this, 'HelmRepository', { metadata, spec: { interval: '24h', url: release.repo! } });
    }
    const chart = release.oci
      ? { chartRef: { kind: helm.HelmReleaseSpecChartRefKind.OCI_REPOSITORY, name: release.name, namespace: FLUX_NAMESPACE } }
      : {
          chart: {
            spec: {
              chart: release.chart,
              version: release.version,
              sourceRef: { kind: helm.HelmReleaseSpecChartSpecSourceRefKind.HELM_REPOSITORY, name: release.name, namespace: FLUX_NAMESPACE },
            },
          },
        };
    this.release = new helm.HelmRelease(this, 'Resource', {
      metadata: { name: release.name, namespace: release.namespace, annotations },
      spec: {
        interval,
        releaseName: release.name,
        dependsOn: props.dependsOn && props.dependsOn.length > 0 ? props.dependsOn.map((d) => ({ ...d })) : undefined,
        ...chart,
        install: { crds: helm.HelmReleaseSpecInstallCrds.CREATE_REPLACE, remediation: { retries: 3 } },
        upgrade: { crds: helm.HelmReleaseSpecUpgradeCrds.CREATE_REPLACE, remediation: { retries: 3 } },
        values: release.values,
      },
    });
  }
}
