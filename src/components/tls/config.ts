import type { Environment } from '../../model/resolve';
import { gatewayOf } from '../ingress-gateway/config';
import { TLS_DEFAULTS } from './settings';
import type { TlsIssuer } from './settings';

/** TLS as an environment with a Gateway has it: the issuer, and where cert-manager and the issuer's objects go. */
export interface TlsConfig {
  /** The layer of the ClusterIssuer and the certificates, and the spec path that chose it. */
  readonly layer: string;
  readonly path: string;
  /** The layer of cert-manager's chart where TLS installs it, and the spec path that chose it. */
  readonly chartLayer: string;
  readonly chartPath: string;
  /** The Gateway's layer, which creates the namespace of its certificate. */
  readonly gatewayLayer: string;
  readonly issuer: TlsIssuer;
  readonly baseDomain: string;
}

/** TLS where the environment has an ingress Gateway (every one has it, the private CA unless `tls` says otherwise). */
export function tlsOf(env: Environment): TlsConfig | undefined {
  const gateway = gatewayOf(env);
  if (!gateway || !env.cilium) return undefined;
  const tls = env.tls ?? TLS_DEFAULTS;
  return {
    layer: tls.issuerLayer ?? gateway.layer,
    path: tls.issuerLayer !== undefined ? 'tls.issuerLayer' : 'cilium.layers.network',
    chartLayer: tls.layer ?? env.cilium.layer,
    chartPath: tls.layer !== undefined ? 'tls.layer' : 'cilium.layer',
    gatewayLayer: gateway.layer,
    issuer: tls.issuer,
    baseDomain: env.spec.baseDomain,
  };
}
