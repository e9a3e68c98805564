import { Construct } from 'constructs';
import * as git from '../../imports/flux-gitrepository-source.toolkit.fluxcd.io';
import * as kustomize from '../../imports/flux-kustomization-kustomize.toolkit.fluxcd.io';
import { GATEWAY_API_STANDARD, gatewayApiSource } from '../../k8s/gateway-api-source';
import type { GatewayApiCrdsProps } from '../../k8s/gateway-api-source';
import type { WorkloadCluster } from '../../model/workload';
import { workloadKubeConfig } from './kubeconfig';
import { handoverNames } from './names';

export interface RemoteGatewayApiCrdsProps {
  readonly cluster: WorkloadCluster;
  /** The Gateway API release of the workload tree (its `versions.gatewayApi`). */
  readonly gatewayApi: GatewayApiCrdsProps;
  readonly handedOver: boolean;
}

/**
 * The Gateway API CRDs on the workload cluster before Cilium: its operator looks for them once, at
 * start (src/components/gateway-api), as the runbook applies them before `helm install cilium`.
 * The same upstream folder as the workload tree's own `gateway-api-crds` (gatewayApiSource), pulled
 * on mgmt beside the Cluster and applied through the kubeconfig.
 *
 * It never deletes a CRD (deleting one deletes every Gateway and route): no `prune`, and
 * `deletionPolicy: Orphan` leaves what it applied when it is deleted (kustomize-controller v1.9.4
 * `finalizerShouldDeleteResources`: Orphan is never a delete). Handed over, both objects are
 * suspended: the workload's own Kustomization applies the same CRDs from then on.
 */
export class RemoteGatewayApiCrds extends Construct {
  public constructor(scope: Construct, id: string, props: RemoteGatewayApiCrdsProps) {
    super(scope, id);
    const { cluster } = props;
    const name = handoverNames(cluster).gatewayApi;
    const suspend = props.handedOver || undefined;
    new git.GitRepository(this, 'Source', {
      metadata: { name, namespace: cluster.namespace },
      spec: { ...gatewayApiSource(props.gatewayApi), suspend },
    });
    new kustomize.Kustomization(this, 'Resource', {
      metadata: { name, namespace: cluster.namespace },
      spec: {
        interval: '1h',
        retryInterval: '2m',
        timeout: '5m',
        kubeConfig: workloadKubeConfig(cluster),
        path: `./${GATEWAY_API_STANDARD}`,
        prune: false,
        deletionPolicy: kustomize.KustomizationSpecDeletionPolicy.ORPHAN,
        wait: true,
        suspend,
        sourceRef: { kind: kustomize.KustomizationSpecSourceRefKind.GIT_REPOSITORY, name },
      },
    });
  }
}
