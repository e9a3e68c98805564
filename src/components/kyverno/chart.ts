import type { ChartRelease } from '../../charts/chart';
import type { Catalogue } from '../../model/version-overrides';

export const KYVERNO_NAMESPACE = 'kyverno';

/** Kyverno; its CRDs are chart templates (Helm installs and upgrades them), so its policies need it first. */
export function kyvernoRelease(pins: Catalogue): ChartRelease {
  return { name: 'kyverno', namespace: KYVERNO_NAMESPACE, ...pins.charts.kyverno, values: {} };
}
