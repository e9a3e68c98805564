import { Construct } from 'constructs';
import * as git from '../../imports/flux-gitrepository-source.toolkit.fluxcd.io';
import * as kustomize from '../../imports/flux-kustomization-kustomize.toolkit.fluxcd.io';
import { FLUX_NAMESPACE } from '../../k8s/flux-sync';
import { GATEWAY_API_SOURCE, GATEWAY_API_STANDARD, gatewayApiSource } from '../../k8s/gateway-api-source';
import type { GatewayApiCrdsProps } from '../../k8s/gateway-api-source';

export type { GatewayApiCrdsProps } from '../../k8s/gateway-api-source';

/**
 * The Gateway API CRDs as Flux pulls them: a GitRepository of the upstream release tag (only its
 * standard-channel folder) and a Flux Kustomization applying that folder, the same files as the
 * release's standard-install.yaml. It never prunes: deleting a CRD deletes every Gateway and route.
 */
export class GatewayApiCrds extends Construct {
  public constructor(scope: Construct, id: string, props: GatewayApiCrdsProps) {
    super(scope, id);
    const annotations = { 'kustomize.toolkit.fluxcd.io/prune': 'disabled' };
    new git.GitRepository(this, 'Source', {
      metadata: { name: GATEWAY_API_SOURCE, namespace: FLUX_NAMESPACE, annotations },
      spec: gatewayApiSource(props),
    });
    new kustomize.Kustomization(this, 'Crds', {
      metadata: { name: 'gateway-api-crds', namespace: FLUX_NAMESPACE, annotations },
      spec: {
        interval: '1h',
        path: `./${GATEWAY_API_STANDARD}`,
        prune: false,
        wait: true,
        timeout: '5m',
        sourceRef: { kind: kustomize.KustomizationSpecSourceRefKind.GIT_REPOSITORY, name: GATEWAY_API_SOURCE },
      },
    });
  }
}
