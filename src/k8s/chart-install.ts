import { Construct } from 'constructs';
import type { ChartRelease } from '../charts/chart';
import { FluxHelmRelease } from './flux-helm-release';
import { K3sHelmChart } from './k3s-helm-chart';

export interface ChartInstallProps {
  readonly release: ChartRelease;
  /** Flux source + HelmRelease, or a k3s HelmChart. */
  readonly installer: 'flux' | 'k3s';
  /** Keep Flux from ever pruning it (the CNI). @default false */
  readonly protectFromPrune?: boolean;
  /** HelmReleases to wait for (Flux only; k3s HelmCharts have no ordering). @default [] */
  readonly dependsOn?: readonly { readonly name: string; readonly namespace: string }[];
  /** The HelmRelease is written suspended (Flux only: FluxHelmRelease's `suspend`). @default false */
  readonly suspend?: boolean;
}

/** One chart definition, installed the way the environment says. */
export class ChartInstall extends Construct {
  public constructor(scope: Construct, id: string, props: ChartInstallProps) {
    super(scope, id);
    if (props.installer === 'k3s') new K3sHelmChart(this, 'Resource', { release: props.release });
    else new FluxHelmRelease(this, 'Resource', { release: props.release, protectFromPrune: props.protectFromPrune, dependsOn: props.dependsOn, suspend: props.suspend });
  }
}
