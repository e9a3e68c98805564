import { Construct } from 'constructs';
import * as cert from '../../imports/cert-manager-certificate-cert-manager.io';
import * as issuer from '../../imports/cert-manager-clusterissuer-cert-manager.io';

/** The private CA's ClusterIssuer, and the Secret (in cert-manager's namespace) holding its certificate. */
export const PRIVATE_CA = 'private-ca';
/** The CA certificate lives ten years: every client that trusts it would have to install a new one. */
export const PRIVATE_CA_DURATION = '87600h';
/** Who the CA is, in its subject; the one place both the Certificate and its rule read it. */
export const privateCaCommonName = (baseDomain: string) => `${baseDomain} private CA`;

export interface PrivateCaProps {
  /** cert-manager's namespace: a CA ClusterIssuer reads its Secret from there (the cluster resource namespace). */
  readonly namespace: string;
  /** Who the CA is, in its subject: the environment's base domain. */
  readonly baseDomain: string;
}

/**
 * A CA of the cluster's own: a selfSigned ClusterIssuer signs the CA certificate `private-ca`
 * (its key in the Secret of that name), and the CA ClusterIssuer `private-ca` signs with it.
 * The CA's key is never rotated on renewal (cert-manager's default since v1.18 is `Always`,
 * `pkg/apis/certmanager/v1/types_certificate.go`), so a renewed CA still validates what clients
 * trust; it lives ten years, renewed 30 days before it ends.
 */
export class PrivateCa extends Construct {
  public constructor(scope: Construct, id: string, props: PrivateCaProps) {
    super(scope, id);
    new issuer.ClusterIssuer(this, 'SelfSigned', { metadata: { name: 'selfsigned' }, spec: { selfSigned: {} } });
    new cert.Certificate(this, 'Certificate', {
      metadata: { name: PRIVATE_CA, namespace: props.namespace },
      spec: {
        isCa: true,
        commonName: privateCaCommonName(props.baseDomain),
        secretName: PRIVATE_CA,
        duration: PRIVATE_CA_DURATION,
        renewBefore: '720h',
        privateKey: { algorithm: cert.CertificateSpecPrivateKeyAlgorithm.ECDSA, size: 256, rotationPolicy: cert.CertificateSpecPrivateKeyRotationPolicy.NEVER },
        issuerRef: { name: 'selfsigned', kind: 'ClusterIssuer', group: 'cert-manager.io' },
      },
    });
    new issuer.ClusterIssuer(this, 'Resource', { metadata: { name: PRIVATE_CA }, spec: { ca: { secretName: PRIVATE_CA } } });
  }
}
