import { Construct } from 'constructs';
import * as helm from '../imports/flux-helmrelease-helm.toolkit.fluxcd.io';
import type { ChartRelease } from '../charts/chart';
import { HELM_TIMEOUT } from '../model/helm-timeout';
import { ChartSource } from './chart-source';
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
  /**
   * Written `suspend: true`: helm-controller takes no action on the release (a workload cluster's
   * own Cilium and flux-operator while its management environment's Flux releases them). Its
   * source is not suspended, so the chart is fetched and ready when the release is resumed.
   * @default false
   */
  readonly suspend?: boolean;
}

/**
 * How long helm-controller waits after a failed install or upgrade before it tries again (its
 * own default, `GetRetryInterval` at v1.6.3, written out so the tree says it).
 */
const RETRY_INTERVAL = '5m';

/** The source object a HelmRelease pulls its chart from (a ChartSource). */
export interface ChartSourceRef {
  readonly name: string;
  readonly namespace: string;
}

/**
 * The spec of a HelmRelease of `release`, its chart pulled from `source`: every Flux install of a
 * chart (the tree's own, and mgmt's into a workload cluster) is this spec, so their chart, values
 * and strategies are the same by construction.
 *
 * A failed install or upgrade is retried (`RetryOnFailure`): helm-controller v1.6.3 then runs an
 * upgrade of the failed release every `retryInterval`, as `flux reconcile --force` would, and never
 * uninstalls it nor rolls it back (internal/reconcile/atomic_release.go, `ReleaseStatusFailed`:
 * the retry branch returns before `remediation` is looked up). `remediation` (retries,
 * remediateLastFailure) belongs to the other strategy, so none is written. A renamed chart is
 * upgraded in place instead of reinstalled (`chartNameChangeStrategy`, whose default uninstalls).
 */
export function helmReleaseSpec(release: ChartRelease, source: ChartSourceRef, interval: string): helm.HelmReleaseSpec {
  const chart = release.oci
    ? { chartRef: { kind: helm.HelmReleaseSpecChartRefKind.OCI_REPOSITORY, name: source.name, namespace: source.namespace } }
    : {
        chart: {
          spec: {
            chart: release.chart,
            version: release.version,
            sourceRef: { kind: helm.HelmReleaseSpecChartSpecSourceRefKind.HELM_REPOSITORY, name: source.name, namespace: source.namespace },
          },
        },
      };
  return {
    interval,
    releaseName: release.name,
    ...chart,
    timeout: release.timeout ?? HELM_TIMEOUT,
    install: {
      crds: helm.HelmReleaseSpecInstallCrds.CREATE_REPLACE,
      strategy: { name: helm.HelmReleaseSpecInstallStrategyName.RETRY_ON_FAILURE, retryInterval: RETRY_INTERVAL },
    },
    upgrade: {
      crds: helm.HelmReleaseSpecUpgradeCrds.CREATE_REPLACE,
      strategy: { name: helm.HelmReleaseSpecUpgradeStrategyName.RETRY_ON_FAILURE, retryInterval: RETRY_INTERVAL },
      chartNameChangeStrategy: helm.HelmReleaseSpecUpgradeChartNameChangeStrategy.IN_PLACE_UPDATE,
    },
    values: release.values,
  };
}

/**
 * A chart installed by Flux: its source in flux-system (ChartSource) and a HelmRelease in the
 * chart's namespace (helmReleaseSpec). The release name equals the one the bootstrap `helm
 * install` used, so Flux adopts the bootstrapped release instead of installing a second one. The
 * one uninstall left is the HelmRelease's deletion, which `protectFromPrune` keeps from the CNI
 * and the operator.
 */
export class FluxHelmRelease extends Construct {
  public readonly release: helm.HelmRelease;

  public constructor(scope: Construct, id: string, props: FluxHelmReleaseProps) {
    super(scope, id);
    const { release } = props;
    const interval = props.interval ?? '30m';
    const annotations = props.protectFromPrune ? { 'kustomize.toolkit.fluxcd.io/prune': 'disabled' } : undefined;
    new ChartSource(this, 'Source', { release, metadata: { name: release.name, namespace: FLUX_NAMESPACE, annotations } });
    const dependsOn = props.dependsOn && props.dependsOn.length > 0 ? props.dependsOn.map((d) => ({ ...d })) : undefined;
    this.release = new helm.HelmRelease(this, 'Resource', {
      metadata: { name: release.name, namespace: release.namespace, annotations },
      spec: { ...helmReleaseSpec(release, { name: release.name, namespace: FLUX_NAMESPACE }, interval), dependsOn, suspend: props.suspend || undefined },
    });
  }
}
