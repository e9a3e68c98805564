import type { ChartRelease } from '../../charts/chart';
import * as versions from '../../versions';

export const KYVERNO_NAMESPACE = 'kyverno';

/** Kyverno; its CRDs are chart templates (Helm installs and upgrades them), so its policies need it first. */
export function kyvernoRelease(): ChartRelease {
  return { name: 'kyverno', namespace: KYVERNO_NAMESPACE, ...versions.charts.kyverno, values: {} };
}
