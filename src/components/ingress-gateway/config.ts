import type { Environment } from '../../model/resolve';

/** The Gateway's namespace: it holds no pods (Cilium's Envoy serves the Gateway). */
export const INGRESS_NAMESPACE = 'ingress';
/** The Gateway's name, in INGRESS_NAMESPACE: what routes name in `parentRefs`. */
export const INGRESS_GATEWAY = 'ingress';
/** The Secret of the HTTPS listener: the wildcard certificate of the base domain (the tls component issues it). */
export const WILDCARD_SECRET = 'wildcard-tls';

/** The ingress Gateway's settings, where the environment has one: Cilium, an ingress VIP and a VIP interface. */
export function gatewayOf(env: Environment): { readonly layer: string; readonly ingressVip: string; readonly interface: string } | undefined {
  return env.cilium && env.ingressVip && env.vipInterface
    ? { layer: env.cilium.layers.network, ingressVip: env.ingressVip, interface: env.vipInterface }
    : undefined;
}
