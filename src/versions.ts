/**
 * Every pinned version in one place: the one file a version bump edits. Plain data with one
 * `key: 'value'` per line, so a version bot's regex can find and update each entry.
 */

/** k3s release per environment, always with its `+k3sN` suffix. */
export const k3s = {
  dev: 'v1.36.4+k3s1',
  prod: 'v1.36.4+k3s1',
} as const;

/** Helm charts: repository, chart name and exact chart version. */
export const charts = {
  cilium: { repo: 'https://helm.cilium.io', chart: 'cilium', version: '1.20.0' },
} as const;

/** Gateway API CRDs, applied before Cilium (its Gateway controller needs them at start). */
export const gatewayApi = {
  version: 'v1.4.1',
} as const;

/** Container images that are not installed through a chart. */
export const images = {
  kubeVip: { repository: 'ghcr.io/kube-vip/kube-vip', tag: 'v1.0.1' },
} as const;
