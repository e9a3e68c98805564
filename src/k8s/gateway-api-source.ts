import type * as git from '../imports/flux-gitrepository-source.toolkit.fluxcd.io';

/** A Gateway API release as Flux pulls it. */
export interface GatewayApiCrdsProps {
  /** The upstream repository (`https://github.com/kubernetes-sigs/gateway-api`). */
  readonly repo: string;
  /** Its release tag, e.g. v1.6.1. */
  readonly version: string;
}

/** The name of the GitRepository a cluster pulls its own Gateway API CRDs from (flux-system). */
export const GATEWAY_API_SOURCE = 'gateway-api';

/** The folder of the standard channel in the upstream repository: every CRD the release ships there. */
export const GATEWAY_API_STANDARD = 'config/crd/standard';

/** The upstream release as Flux pulls it: only its standard-channel folder. */
export function gatewayApiSource(props: GatewayApiCrdsProps): git.GitRepositorySpec {
  return { interval: '24h', url: props.repo, ref: { tag: props.version }, ignore: `/*\n!/${GATEWAY_API_STANDARD}/\n` };
}
