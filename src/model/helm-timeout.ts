/**
 * Helm's timeout for one action of a release (install, upgrade: its hooks and, under Flux, the
 * wait for readiness), where a chart sets none: the default of Flux's helm-controller
 * (`HelmRelease.GetTimeout`, 300s, api/v2/helmrelease_types.go at v1.6.3) and of Helm itself,
 * which k3s's helm jobs use when the HelmChart sets no `timeout`.
 */
export const HELM_TIMEOUT = '5m';

/** A duration as the HelmRelease CRD accepts it (`spec.timeout`'s pattern at v1.6.3): `5m`, `1h30m`, `90s`. */
export const HELM_DURATION = /^([0-9]+(\.[0-9]+)?(ms|s|m|h))+$/;

const SECONDS: Readonly<Record<string, number>> = { ms: 0.001, s: 1, m: 60, h: 3600 };

/** Seconds of a duration HELM_DURATION accepts (`1h30m` → 5400). */
export function durationSeconds(duration: string): number {
  return [...duration.matchAll(/([0-9]+(?:\.[0-9]+)?)(ms|s|m|h)/g)].reduce((sum, [, n, unit]) => sum + Number(n) * SECONDS[unit!]!, 0);
}
