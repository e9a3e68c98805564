import { defineComponent } from '../entry';
import { INGRESS_NAMESPACE, WILDCARD_SECRET } from '../ingress-gateway/config';
import { ACME, AcmeIssuer } from './acme-issuer';
import { tlsOf } from './config';
import { PRIVATE_CA, PrivateCa } from './private-ca';
import { tlsRules } from './rules';
import { CERT_MANAGER_NAMESPACE } from './settings';
import { UnwaitedCertificate } from './unwaited-certificate';
import { WildcardCertificate } from './wildcard-certificate';

/**
 * TLS on the ingress Gateway, on every environment that has one: the ClusterIssuer the
 * environment chooses (`tls.issuer`: the private CA by default, or ACME DNS-01) and the wildcard
 * certificate of the base domain that the Gateway's HTTPS listener serves. In a layer after
 * cert-manager's, whose CRDs and webhook these objects need; under ACME the certificate is not
 * waited for (UnwaitedCertificate).
 */
export const tls = defineComponent({
  name: 'tls',
  fields: ['tls', 'baseDomain'],
  configure: tlsOf,
  placement: (config) => ({ layer: config.layer, path: config.path }),
  after: ['cert-manager'],
  versions: [],
  namespaces: () => [],
  objects: ({ config, env, folder }) => {
    const own = folder('tls');
    const { issuer } = config;
    if (issuer.kind === 'acme') new AcmeIssuer(own, 'issuer', { settings: issuer });
    else new PrivateCa(own, 'issuer', { namespace: CERT_MANAGER_NAMESPACE, baseDomain: config.baseDomain });
    const certificate = { namespace: INGRESS_NAMESPACE, secretName: WILDCARD_SECRET, baseDomain: config.baseDomain, issuer: issuer.kind === 'acme' ? ACME : PRIVATE_CA };
    // A public CA's order may take minutes or fail for long: it never holds the layers after this one.
    // The private CA signs at once, and the apps' HTTPS works from their first minute.
    if (issuer.kind === 'acme') new UnwaitedCertificate(own, 'wildcard', { certificate, fluxPath: env.flux.path });
    else new WildcardCertificate(own, 'wildcard', certificate);
  },
  rules: tlsRules,
});
