import { Construct } from 'constructs';
import * as git from '../../imports/flux-gitrepository-source.toolkit.fluxcd.io';
import * as kustomize from '../../imports/flux-kustomization-kustomize.toolkit.fluxcd.io';
import { FLUX_NAMESPACE } from '../../k8s/flux-sync';

export interface GatewayApiCrdsProps {
  /** The upstream repository (`https://github.com/kubernetes-sigs/gateway-api`). */
  readonly repo: string;
  /** Its release tag, e.g. v1.6.1. */
  readonly version: string;
}

/** The folder of the standard channel in the upstream repository: every CRD the release ships there. */
export const GATEWAY_API_STANDARD = 'config/crd/standard';

/** The upstream release as Flux pulls it: only its standard-channel folder. */
export function gatewayApiSource(props: GatewayApiCrdsProps): git.GitRepositorySpec {
  return { interval: '24h', url: props.repo, ref: { tag: props.version }, ignore: `/*\n!/${GATEWAY_API_STANDARD}/\n` };
}

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
      metadata: { name: 'gateway-api', namespace: FLUX_NAMESPACE, annotations },
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
        sourceRef: { kind: kustomize.KustomizationSpecSourceRefKind.GIT_REPOSITORY, name: 'gateway-api' },
      },
    });
  }
}
