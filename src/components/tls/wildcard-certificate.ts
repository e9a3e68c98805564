import { Construct } from 'constructs';
import * as cert from '../../imports/cert-manager-certificate-cert-manager.io';

export interface WildcardCertificateProps {
  /** The Gateway's namespace: the Secret must be there for the listener to use it without a ReferenceGrant. */
  readonly namespace: string;
  readonly secretName: string;
  readonly baseDomain: string;
  /** The ClusterIssuer that signs it. */
  readonly issuer: string;
}

/** `*.<baseDomain>` and the base domain itself, for the Gateway's HTTPS listener; cert-manager renews it. */
export class WildcardCertificate extends Construct {
  public constructor(scope: Construct, id: string, props: WildcardCertificateProps) {
    super(scope, id);
    new cert.Certificate(this, 'Resource', {
      metadata: { name: 'wildcard', namespace: props.namespace },
      spec: {
        secretName: props.secretName,
        dnsNames: [`*.${props.baseDomain}`, props.baseDomain],
        issuerRef: { name: props.issuer, kind: 'ClusterIssuer', group: 'cert-manager.io' },
      },
    });
  }
}
