import { Construct } from 'constructs';
import * as helm from '../../imports/flux-helmrelease-helm.toolkit.fluxcd.io';
import type { ChartRelease } from '../../charts/chart';
import { ChartSource } from '../../k8s/chart-source';
import { helmReleaseSpec } from '../../k8s/flux-helm-release';
import type { WorkloadCluster } from '../../model/workload';
import { workloadKubeConfig } from './kubeconfig';
import { handoverNames } from './names';

/** kustomize-controller leaves an object with this annotation `disabled` in place when it prunes. */
const PRUNE_ANNOTATION = 'kustomize.toolkit.fluxcd.io/prune';

export interface RemoteHelmReleaseProps {
  readonly cluster: WorkloadCluster;
  /** The chart release of the workload cluster's own tree, the very object its HelmRelease is built from. */
  readonly release: ChartRelease;
  /** Remote HelmReleases (of the same cluster, by release name) that must be Ready first. @default [] */
  readonly after?: readonly string[];
  /** The workload cluster's own Flux owns the release: stop reconciling it, for good. */
  readonly handedOver: boolean;
  /** @default '30m', the tree's own */
  readonly interval?: string;
}

/**
 * A chart mgmt's helm-controller installs into the workload cluster before that cluster has a Flux:
 * its source and HelmRelease beside the Cluster, the spec of the workload tree's own HelmRelease
 * (helmReleaseSpec: same chart, values and strategies) aimed at the cluster through its kubeconfig.
 *
 * The release is the one the workload tree's HelmRelease manages: same release name, made in and
 * stored in the chart's namespace (`targetNamespace`, `storageNamespace`; the tree's HelmRelease
 * lives in that namespace, and helm-controller v1.6.3 defaults both to the HelmRelease's namespace,
 * api/v2 `GetReleaseNamespace`, `GetStorageNamespace`). When the workload's helm-controller first
 * reconciles its HelmRelease it has no history of that release, so `DetermineReleaseState` finds it
 * `Unmanaged` ("found existing release in storage") and runs an upgrade, after which it manages it
 * (internal/reconcile/state.go, atomic_release.go `actionForState`), as the tree's HelmReleases
 * adopt what the runbook's `helm install` made. That upgrade relabels the release's objects
 * `helm.toolkit.fluxcd.io/name|namespace` with its own HelmRelease (internal/postrender
 * `OriginLabels`): what shows that the workload's Flux has taken a release over.
 * Were both active, each controller would see the other's revision as one it did not make
 * (`VerifyReleaseObject`: ErrReleaseNotObserved → Unmanaged) and upgrade again at its interval,
 * so the workload tree's own HelmRelease is written suspended until the hand-off
 * (`handoverPending`), and the commit that hands over suspends this one and resumes that one.
 *
 * Handed over, both objects are suspended: helm-controller returns before any release action
 * (`Reconcile`: "reconciliation is suspended"), and a suspended HelmRelease that is deleted is not
 * uninstalled (`reconcileDelete`: "Only uninstall the release ... if the resource is not
 * suspended"), so nothing mgmt does from then on removes the workload's CNI or operator.
 *
 * Before the hand-off the release is not suspended, and deleting it uninstalls the release on the
 * workload cluster: helm-controller's `reconcileDelete` runs `reconcileReleaseDeletion`, which
 * uninstalls through the kubeConfig and skips only when that Secret is gone (fluxcd/helm-controller
 * internal/controller/helmrelease_controller.go, main); `spec.uninstall.keepHistory` keeps Helm's release
 * record, not the objects. So the release and its source carry `kustomize.toolkit.fluxcd.io/prune:
 * disabled`, as the tree's own Cilium and flux-operator do: no rename or removal in mgmt's tree makes
 * `<c>-releases` (or its deletion, which garbage-collects its inventory) uninstall the workload's
 * CNI or operator. What the model no longer holds stays on mgmt, for a person to delete.
 */
export class RemoteHelmRelease extends Construct {
  public readonly release: helm.HelmRelease;

  public constructor(scope: Construct, id: string, props: RemoteHelmReleaseProps) {
    super(scope, id);
    const { cluster, release, handedOver } = props;
    const interval = props.interval ?? '30m';
    const names = handoverNames(cluster);
    const name = names.release(release.name);
    const suspend = handedOver || undefined;
    const annotations = { [PRUNE_ANNOTATION]: 'disabled' };
    new ChartSource(this, 'Source', { release, metadata: { name, namespace: cluster.namespace, annotations }, suspend: handedOver });
    const spec = helmReleaseSpec(release, { name, namespace: cluster.namespace }, interval);
    const after = props.after ?? [];
    this.release = new helm.HelmRelease(this, 'Resource', {
      metadata: { name, namespace: cluster.namespace, annotations },
      spec: {
        ...spec,
        kubeConfig: workloadKubeConfig(cluster),
        targetNamespace: release.namespace,
        storageNamespace: release.namespace,
        // The cluster is new: Helm creates the namespace (flux-system) when it is missing, which it
        // does only with a targetNamespace (internal/action/install.go, `CreateNamespace`); one that
        // exists is no error (Helm v4.2.4 pkg/action/install.go ignores AlreadyExists; helm-controller
        // v1.6.3 builds on fluxcd/helm v4.2.4-flux.1).
        install: { ...spec.install, createNamespace: true },
        dependsOn: after.length > 0 ? after.map((r) => ({ name: names.release(r), namespace: cluster.namespace })) : undefined,
        suspend,
      },
    });
  }
}
