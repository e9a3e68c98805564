import type { ChartRelease } from '../../charts/chart';
import type { CertManagerValues } from '../../values/cert-manager';
import type { Catalogue } from '../../model/version-overrides';
import { CERT_MANAGER_NAMESPACE } from '../tls/settings';

/** Memory each of cert-manager's Deployments requests (MiB): the chart sets none (`resources: {}`). */
export const CERT_MANAGER_MEMORY_MIB = { controller: 64, cainjector: 64, webhook: 32 } as const;

/**
 * The DNS-01 self-check's resolvers: DNS over HTTPS to public resolvers, and only them. By default
 * the controller asks the resolvers of its resolv.conf (CoreDNS) for the zone's authoritative
 * servers and then queries those on port 53 (`pkg/issuer/acme/dns/util/wait.go`,
 * checkDNSPropagation; `--dns01-recursive-nameservers-only` skips that), so the check's every
 * query leaves through the same world port as ACME and the DNS API: 443.
 */
export const DNS01_RESOLVERS = 'https://1.1.1.1/dns-query,https://8.8.8.8/dns-query';

const mib = (n: number) => ({ requests: { memory: `${n}Mi` } });

/**
 * cert-manager with its CRDs (`crds.enabled`, kept on uninstall by the chart's default
 * `crds.keep`), its three Deployments' memory requests, and, with an ACME issuer, the DNS-01
 * self-check through DoH. Installed before cluster-api-operator on mgmt, which does not manage it.
 */
export function certManagerRelease(pins: Catalogue, acme = false): ChartRelease {
  const values = {
    crds: { enabled: true },
    resources: mib(CERT_MANAGER_MEMORY_MIB.controller),
    cainjector: { resources: mib(CERT_MANAGER_MEMORY_MIB.cainjector) },
    webhook: { resources: mib(CERT_MANAGER_MEMORY_MIB.webhook) },
    ...(acme ? { dns01RecursiveNameservers: DNS01_RESOLVERS, dns01RecursiveNameserversOnly: true } : {}),
  } satisfies CertManagerValues;
  // Its post-install hook (startupapicheck: 1m per try, backoffLimit 4, the chart's defaults) can
  // take 7.5m with the Job's back-off before it gives up: Helm's 5m would fail it first.
  return { name: 'cert-manager', namespace: CERT_MANAGER_NAMESPACE, timeout: '10m', ...pins.charts.certManager, values };
}
