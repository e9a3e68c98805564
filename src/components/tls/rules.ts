import { dependOn, layersBefore, withAction } from '../../model/invariants/flux';
import type { Rule } from '../../model/violation';
import { gatewayOf } from '../ingress-gateway/config';
import { tlsOf } from './config';
import { EMAIL } from '../../model/name-patterns';
import { privateSuffix } from '../../model/private-names';


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
        ? [{ path: 'tls.issuer.email', value: issuer.email, message: `"${issuer.email}" is not an email address`, fix: "write the address that should get expiry notices, e.g. email: 'ops@example.com'" }]
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
