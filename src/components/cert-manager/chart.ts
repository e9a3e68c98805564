import type { ChartRelease } from '../../charts/chart';
import type { CertManagerValues } from '../../values/cert-manager';
import type { Catalogue } from '../../model/version-overrides';

/** cert-manager with its CRDs; installed before cluster-api-operator, which does not manage it. */
export function certManagerRelease(pins: Catalogue): ChartRelease {
  return { name: 'cert-manager', namespace: 'cert-manager', ...pins.charts.certManager, values: { crds: { enabled: true } } satisfies CertManagerValues };
}
