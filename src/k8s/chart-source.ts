import { Construct } from 'constructs';
import * as source from '../imports/flux-helmrepository-source.toolkit.fluxcd.io';
import * as oci from '../imports/flux-ocirepository-source.toolkit.fluxcd.io';
import type { ChartRelease } from '../charts/chart';

/** The media type of a Helm chart layer in an OCI artifact (Helm's own). */
const HELM_CHART_LAYER = 'application/vnd.cncf.helm.chart.content.v1.tar+gzip';

export interface ChartSourceProps {
  readonly release: ChartRelease;
  readonly metadata: { readonly name: string; readonly namespace: string; readonly annotations?: Readonly<Record<string, string>> };
  /** Stop pulling the chart (the release it serves is suspended for good). @default false */
  readonly suspend?: boolean;
}

/**
 * Where Flux pulls a chart from: an OCIRepository of the chart's tag where upstream publishes it
 * as OCI (as Flux recommends), else a HelmRepository. Every Flux install of a chart uses this one
 * definition, so two installs of one chart pull the same artifact.
 */
export class ChartSource extends Construct {
  public constructor(scope: Construct, id: string, props: ChartSourceProps) {
    super(scope, id);
    const { release } = props;
    const metadata = { ...props.metadata, annotations: props.metadata.annotations && { ...props.metadata.annotations } };
    const suspend = props.suspend || undefined;
    if (release.oci) {
      new oci.OciRepository(this, 'Resource', {
        metadata,
        spec: {
          interval: '24h',
          url: release.oci,
          ref: { tag: release.version },
          layerSelector: { mediaType: HELM_CHART_LAYER, operation: oci.OciRepositorySpecLayerSelectorOperation.COPY },
          suspend,
        },
      });
    } else {
      new source.HelmRepository(this, 'Resource', { metadata, spec: { interval: '24h', url: release.repo!, suspend } });
    }
  }
}
