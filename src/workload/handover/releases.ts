import { Construct } from 'constructs';
import * as kustomize from '../../imports/flux-kustomization-kustomize.toolkit.fluxcd.io';
import type { ChartRelease } from '../../charts/chart';
import { HELM_TIMEOUT } from '../../model/helm-timeout';
import type { WorkloadCluster } from '../../model/workload';
import { KustomizationFolder } from '../../k8s/kustomization-folder';
import { sumDurations } from './durations';
import { handoverNames } from './names';
import { RemoteHelmRelease } from './remote-helm-release';
import { MANAGEMENT_SOURCE, managementPath } from './source';

export interface HandoverReleasesProps {
  readonly cluster: WorkloadCluster;
  /** The charts in the order they go in, each after the one before (Cilium, then flux-operator). */
  readonly releases: readonly ChartRelease[];
  /** Kustomizations (beside this one) applied first: the Gateway API CRDs, which Cilium's operator looks for once, at start. */
  readonly after: readonly string[];
  readonly handedOver: boolean;
  /** mgmt's synced folder in the repository (`clusters/<mgmt>/kubernetes`). */
  readonly fluxPath: string;
}

/**
 * The remote HelmReleases, in a folder of their own that a Kustomization on mgmt applies: a Flux
 * Kustomization can depend on Kustomizations only (`dependsOn` "references to Kustomization
 * resources", kustomize-controller v1.9.4 CRD), so this one is what the FluxInstance's
 * Kustomization waits for, Ready once every release is (`wait`). Each release waits for the one
 * before it (HelmRelease `dependsOn`).
 *
 * It keeps running after the hand-off: it is what applies `suspend: true` to the releases. Its
 * `prune` never removes them: they carry `prune: disabled` (remote-helm-release.ts), so a cluster
 * that leaves the model leaves its releases on mgmt, suspended or not, for a person to delete. Handed over, it depends on nothing and waits for nothing: a suspended Kustomization never
 * becomes Ready again if it was not (kustomize-controller `finalizeStatus` moves
 * observedGeneration only on Ready), and `checkDependencies` would then hold this one back from
 * ever applying the suspension.
 */
export class HandoverReleases extends Construct {
  public readonly folder: KustomizationFolder;

  public constructor(scope: Construct, id: string, props: HandoverReleasesProps) {
    super(scope, id);
    const { cluster, handedOver } = props;
    const names = handoverNames(cluster);
    // Not listed by the parent folder: only this Kustomization applies it.
    this.folder = new KustomizationFolder(this, 'releases', { detached: true });
    props.releases.forEach((release, i) => {
      const before = props.releases[i - 1];
      new RemoteHelmRelease(this.folder, release.name, { cluster, release, handedOver, after: before ? [before.name] : [] });
    });
    new kustomize.Kustomization(this, 'Resource', {
      metadata: { name: names.releases, namespace: cluster.namespace },
      spec: {
        interval: '10m',
        retryInterval: '2m',
        // The releases install one after the other: the wait covers them all.
        timeout: sumDurations(props.releases.map((r) => r.timeout ?? HELM_TIMEOUT)),
        path: managementPath(props.fluxPath, this.folder),
        prune: true,
        wait: !handedOver,
        dependsOn: handedOver || props.after.length === 0 ? undefined : props.after.map((name) => ({ name })),
        sourceRef: { ...MANAGEMENT_SOURCE },
      },
    });
  }
}
