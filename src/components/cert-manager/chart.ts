import type { ChartRelease } from '../../charts/chart';
import type { CertManagerValues } from '../../values/cert-manager';
import type { Catalogue } from '../../model/version-overrides';

/** cert-manager with its CRDs; installed before cluster-api-operator, which does not manage it. */
export function certManagerRelease(pins: Catalogue): ChartRelease {
  // Its post-install hook (startupapicheck: 1m per try, backoffLimit 4, the chart's defaults) can
  // take 7.5m with the Job's back-off before it gives up: Helm's 5m would fail it first.
  return { name: 'cert-manager', namespace: 'cert-manager', timeout: '10m', ...pins.charts.certManager, values: { crds: { enabled: true } } satisfies CertManagerValues };
}
