import ipaddr from 'ipaddr.js';
import { privateSuffix } from '../private-names';
import type { Environment } from '../resolve';
import type { Finding, Rule } from '../violation';

// Names the cluster itself must look up, against the resolvers the environment gives its nodes.
// A name under a private or special-use suffix is answered only by a resolver that serves it: no
// public resolver does, so a list of public ones fails every lookup. (A mixed list fails some:
// CoreDNS's forward plugin picks an upstream at random; see docs/decisions/0146-one-owner-per-release-resolvers-that-answer-the-credentials.md.)

/** The cluster domain: CoreDNS answers it itself (an in-cluster Service), whatever the upstream resolvers. */
const CLUSTER_DOMAIN = 'cluster.local';


/** A host the cluster must resolve, the field that names it, and what fails without it. */
interface NeededHost {
  readonly path: string;
  readonly host: string;
  readonly fails: string;
}

/** The host of a URL, or of scp-like Git syntax (`git@host:path`). */
function hostOf(url: string): string | undefined {
  if (URL.canParse(url)) return new URL(url).hostname.toLowerCase() || undefined;
  return /^[^@/\s]+@([^:/\s]+):/.exec(url)?.[1]?.toLowerCase();
}

/** Every name the environment's own pods and API server look up, by the field that names it. */
function neededHosts(env: Environment): NeededHost[] {
  const found: { path: string; host: string | undefined; fails: string }[] = [
    { path: 'flux.url', host: hostOf(env.flux.url), fails: 'source-controller cannot fetch the repository and Flux never syncs the tree' },
    ...env.apps.flatMap((a, i) => [
      { path: `apps[${i}].helm.repo`, host: a.helm?.repo !== undefined ? hostOf(a.helm.repo) : undefined, fails: `source-controller cannot fetch app ${a.name}'s chart` },
      { path: `apps[${i}].helm.oci`, host: a.helm?.oci !== undefined ? hostOf(a.helm.oci) : undefined, fails: `source-controller cannot fetch app ${a.name}'s chart` },
    ]),
    ...(env.spec.notifications?.receivers ?? []).map((r, i) => ({
      path: `notifications.receivers[${i}].smarthost`,
      host: r.kind === 'email' ? r.smarthost.replace(/:\d+$/, '').toLowerCase() : undefined,
      fails: `Alertmanager cannot reach the SMTP relay of receiver ${r.name}`,
    })),
    // The API server (on the node, with its resolver) fetches the issuer's discovery document and keys.
    { path: 'k3s.oidc.issuerHost', host: env.k3s?.oidc && hostOf(env.k3s.oidc.issuerUrl), fails: 'the API server cannot fetch the OIDC issuer\'s keys, so no OIDC login works' },
  ];
  return found.filter((h): h is NeededHost => h.host !== undefined && h.host !== '');
}

/** The private suffix of a host the upstream resolvers must answer: not the cluster domain, not loopback. */
function suffixOf(host: string) {
  const suffix = host === CLUSTER_DOMAIN || host.endsWith(`.${CLUSTER_DOMAIN}`) ? undefined : privateSuffix(host);
  return suffix?.loopback ? undefined : suffix;
}

/**
 * Whether a resolver is an address of the public internet: ipaddr.js's `unicast`, what no special
 * range claims (RFC 1918, CGNAT, ULA, loopback, link-local are ranges of their own). Not an
 * address at all is not public: other rules say what it is.
 */
const isPublic = (ip: string): boolean => ipaddr.isValid(ip) && ipaddr.process(ip).range() === 'unicast';

export const resolverRules: readonly Rule[] = [
  {
    code: 'network.private-name-public-resolvers',
    severity: 'error',
    summary: 'a host the cluster must resolve (the Flux URL, an app chart repository, an SMTP relay, the OIDC issuer) under a private or special-use suffix has a resolver on the private network: public resolvers never answer it',
    check: (env) => {
      const dns = env.spec.network.dns;
      if (dns.length === 0 || !dns.every(isPublic)) return [];
      return neededHosts(env).flatMap((h): Finding[] => {
        const suffix = suffixOf(h.host);
        return suffix
          ? [{
              path: h.path,
              value: h.host,
              message: `${h.host} is under ${suffix.suffix} (${suffix.source}), and every resolver in network.dns is public (${dns.join(', ')}): none answers it, so ${h.fails}`,
              fix: `list a resolver of the private network that answers ${suffix.suffix} in network.dns (${env.spec.network.gateway}, the gateway, if it does), or name the host by a name the public DNS answers`,
            }]
          : [];
      });
    },
  },
];
