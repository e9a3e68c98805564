import { dependOn, layersBefore, withAction } from '../../model/invariants/flux';
import type { Rule } from '../../model/violation';
import { gatewayOf } from '../ingress-gateway/config';
import { tlsOf } from './config';
import { DNS_SUBDOMAIN, EMAIL } from '../../model/name-patterns';
import { privateSuffix } from '../../model/private-names';
import type { Environment } from '../../model/resolve';
import { privateCaCommonName } from './private-ca';

/** RFC 5280's ub-common-name, which cert-manager's webhook enforces on a Certificate's commonName (v1.21.1, internal/apis/certmanager/validation/certificate.go). */
const COMMON_NAME_MAX = 64;
/** RFC 1035 §2.3.4: 255 octets on the wire, 253 characters written out; Boulder's maxDNSIdentifierLength too. */
const DNS_NAME_MAX = 253;
/** Contact domains Boulder refuses by name, copied from examples (policy/pa.go, forbiddenMailDomains, v0.20260804.0). */
const FORBIDDEN_CONTACT_DOMAINS = ['example.com', 'example.net', 'example.org'];

/** Every name the tree derives from the base domain, with the field that adds to it. */
function derivedNames(env: Environment): { readonly path: string; readonly name: string; readonly what: string }[] {
  const domain = env.spec.baseDomain;
  const webhook = env.spec.notifications?.webhook;
  const issuer = env.k3s?.oidc && env.spec.k3s?.oidc;
  return [
    ...(tlsOf(env) ? [{ path: 'baseDomain', name: `*.${domain}`, what: "the Gateway's wildcard certificate" }] : []),
    ...env.apps.flatMap((a) => (a.route ? [{ path: `apps[${a.index}].route.host`, name: a.route.hostname, what: `app ${a.name}'s route` }] : [])),
    ...(webhook ? [{ path: 'notifications.webhook.host', name: `${webhook.host}.${domain}`, what: "Flux's webhook" }] : []),
    ...(issuer ? [{ path: 'k3s.oidc.issuerHost', name: `${issuer.issuerHost ?? 'auth'}.${domain}`, what: 'the OIDC issuer' }] : []),
  ];
}


/** TLS: a Gateway to serve it, an ACME issuer only for a public domain with a real contact, objects after their namespace. */
export const tlsRules: readonly Rule[] = [
  {
    code: 'tls.no-gateway',
    severity: 'error',
    summary: 'the tls section is set only where the environment has an ingress Gateway to serve the certificate',
    check: (env) =>
      env.spec.tls === undefined || gatewayOf(env)
        ? []
        : [{
            path: 'tls',
            value: env.tls?.issuer.kind ?? '(set)',
            message: `${env.name} has no ingress Gateway (it needs cilium, ingressVip and controlPlane.vipInterface): no certificate would be served`,
            fix: 'set ingressVip (with cilium and controlPlane.vipInterface), or remove tls',
          }],
  },
  {
    code: 'tls.acme-email',
    severity: 'error',
    summary: "an ACME issuer's contact is an email address (Let's Encrypt refuses the account otherwise)",
    check: (env) => {
      const issuer = env.tls?.issuer;
      return issuer?.kind === 'acme' && !EMAIL.test(issuer.email)
        ? [{ path: 'tls.issuer.email', value: issuer.email, message: `"${issuer.email}" is not an email address`, fix: "write the address that should get expiry notices: name@domain, in a domain that receives mail" }]
        : [];
    },
  },
  {
    code: 'tls.acme-private-domain',
    severity: 'error',
    summary: 'ACME is chosen only for a base domain in public DNS (no public CA issues for home.arpa, .local, .internal, …)',
    check: (env) => {
      // No public CA issues for a name no public DNS delegates (src/model/private-names.ts).
      const suffix = privateSuffix(env.spec.baseDomain)?.suffix;
      return env.tls?.issuer.kind === 'acme' && suffix !== undefined
        ? [{
            path: 'tls.issuer.kind',
            value: 'acme',
            message: `${env.spec.baseDomain} is under .${suffix}, which has no public DNS: Let's Encrypt can never issue for it`,
            fix: "use issuer: { kind: 'private-ca' } (and install its certificate on the clients), or set baseDomain to a domain of yours in public DNS on Cloudflare",
          }]
        : [];
    },
  },
  {
    code: 'tls.acme-contact-refused',
    severity: 'error',
    summary: "an ACME issuer's contact is in a domain Let's Encrypt accepts: not example.com, .net or .org (Boulder's forbiddenMailDomains) and not under a suffix outside public DNS (Boulder's ValidEmail wants an ICANN TLD)",
    check: (env) => {
      const issuer = env.tls?.issuer;
      if (issuer?.kind !== 'acme' || !EMAIL.test(issuer.email)) return [];
      const domain = issuer.email.slice(issuer.email.lastIndexOf('@') + 1).toLowerCase();
      const suffix = privateSuffix(domain);
      if (!FORBIDDEN_CONTACT_DOMAINS.includes(domain) && !suffix) return [];
      return [{
        path: 'tls.issuer.email',
        value: issuer.email,
        message: suffix ? `${domain} is under .${suffix.suffix} (${suffix.source}): Let's Encrypt refuses a contact outside public DNS, and cert-manager could register no account` : `Let's Encrypt refuses contacts at ${domain}, a domain kept for examples: cert-manager could register no account`,
        fix: 'write an address of a domain of yours that receives mail, where expiry notices should go',
      }];
    },
  },
  {
    code: 'tls.common-name-too-long',
    severity: 'error',
    summary: `the private CA's common name "<baseDomain> private CA" is at most ${COMMON_NAME_MAX} characters (RFC 5280 ub-common-name; cert-manager's webhook refuses a longer one)`,
    check: (env) => {
      const tls = tlsOf(env);
      const name = privateCaCommonName(env.spec.baseDomain);
      // A base domain that is no DNS name is environment.invalid-base-domain's, reported once.
      if (tls?.issuer.kind !== 'private-ca' || name.length <= COMMON_NAME_MAX || !DNS_SUBDOMAIN.test(env.spec.baseDomain)) return [];
      return [{
        path: 'baseDomain',
        value: env.spec.baseDomain,
        message: `the private CA's common name "${name}" is ${name.length} characters; cert-manager refuses a Certificate whose commonName exceeds ${COMMON_NAME_MAX}, so no certificate would be issued`,
        fix: `use a base domain of at most ${COMMON_NAME_MAX - name.length + env.spec.baseDomain.length} characters, or issuer: { kind: 'acme' } for a domain in public DNS`,
      }];
    },
  },
  {
    code: 'dns.name-too-long',
    severity: 'error',
    summary: `every name derived from the base domain (the wildcard, each route, the webhook, the OIDC issuer) is at most ${DNS_NAME_MAX} characters (RFC 1035 §2.3.4; Boulder's maxDNSIdentifierLength)`,
    check: (env) => {
      const long = DNS_SUBDOMAIN.test(env.spec.baseDomain) ? derivedNames(env).filter((d) => d.name.length > DNS_NAME_MAX) : [];
      // A base domain too long for its wildcard is too long for every name under it: said once.
      return long.filter((d) => d.path === 'baseDomain' || long[0]!.path !== 'baseDomain').map((d) => ({
          path: d.path,
          value: d.name,
          message: `${d.what} is ${d.name.length} characters, and a DNS name holds at most ${DNS_NAME_MAX}`,
        fix: d.path === 'baseDomain' ? `use a base domain of at most ${DNS_NAME_MAX - 2} characters` : `shorten ${d.path.split('.').at(-1)} or the base domain by ${d.name.length - DNS_NAME_MAX} characters`,
      }));
    },
  },
  {
    code: 'tls.certificate-layer',
    severity: 'error',
    summary: "the layer of the Gateway's certificate is the Gateway's or one after it (the certificate lives in the Gateway's namespace)",
    check: (env) => {
      const tls = tlsOf(env);
      if (!tls || tls.layer === tls.gatewayLayer || !env.flux.layers.some((l) => l.name === tls.layer) || layersBefore(env, tls.layer).has(tls.gatewayLayer)) return [];
      return [{
        path: tls.path,
        value: tls.layer,
        message: `the certificate goes into layer ${tls.layer}, but the Gateway's namespace is created by layer ${tls.gatewayLayer}, which ${tls.layer} does not depend on: Flux would fail on the missing namespace`,
        fix: `add '${tls.gatewayLayer}' to the dependsOn of layer ${tls.layer}, or remove tls.issuerLayer`,
        ...withAction(dependOn(env, tls.layer, tls.gatewayLayer)),
      }];
    },
  },
];
