import type { ChartRelease } from '../../charts/chart';
import type { CertManagerValues } from '../../values/cert-manager';
import * as versions from '../../versions';

/** cert-manager with its CRDs; installed before cluster-api-operator, which does not manage it. */
export function certManagerRelease(): ChartRelease {
  return { name: 'cert-manager', namespace: 'cert-manager', ...versions.charts.certManager, values: { crds: { enabled: true } } satisfies CertManagerValues };
}
