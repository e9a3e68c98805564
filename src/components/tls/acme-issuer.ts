import { Construct } from 'constructs';
import * as issuer from '../../imports/cert-manager-clusterissuer-cert-manager.io';
import type { AcmeIssuer as AcmeIssuerSettings } from './settings';
import { CLOUDFLARE_TOKEN_KEY } from './settings';

/** The ACME ClusterIssuer's name. */
export const ACME = 'acme';

/** Let's Encrypt's directories (cert-manager v1.21.1 `pkg/issuer/acme/setup.go`, the CRD's `server` description). */
export const LETS_ENCRYPT = {
  production: 'https://acme-v02.api.letsencrypt.org/directory',
  staging: 'https://acme-staging-v02.api.letsencrypt.org/directory',
} as const;

export interface AcmeIssuerProps {
  readonly settings: AcmeIssuerSettings;
}

/**
 * The ClusterIssuer `acme`: Let's Encrypt, proving each name by a DNS-01 TXT record that
 * cert-manager writes through the DNS provider's API with the token of the SOPS Secret
 * (read from cert-manager's namespace, the cluster resource namespace). The account's key is
 * cert-manager's to create, in the Secret `acme-account-key`.
 */
export class AcmeIssuer extends Construct {
  public constructor(scope: Construct, id: string, props: AcmeIssuerProps) {
    super(scope, id);
    const { settings } = props;
    new issuer.ClusterIssuer(this, 'Resource', {
      metadata: { name: ACME },
      spec: {
        acme: {
          email: settings.email,
          server: LETS_ENCRYPT[settings.server],
          privateKeySecretRef: { name: 'acme-account-key' },
          solvers: [{ dns01: { cloudflare: { apiTokenSecretRef: { name: settings.dns01.tokenSecret, key: CLOUDFLARE_TOKEN_KEY } } } }],
        },
      },
    });
  }
}
