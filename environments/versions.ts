/**
 * The pins this fleet owns: its k3s releases and its apps' charts. Plain data with one
 * `key: 'value'` per line, each under a `// renovate:` comment, so Renovate's custom manager
 * (renovate.json) proposes every bump; the tool's own pins come with the tool.
 */

/** k3s release per environment, always with its `+k3sN` suffix. */
export const k3s = {
  // renovate: datasource=github-releases depName=k3s-io/k3s versioning=regex:^v(?<major>\d+)\.(?<minor>\d+)\.(?<patch>\d+)\+k3s(?<build>\d+)$
  mgmt: 'v1.35.8+k3s1',
  // renovate: datasource=github-releases depName=k3s-io/k3s versioning=regex:^v(?<major>\d+)\.(?<minor>\d+)\.(?<patch>\d+)\+k3s(?<build>\d+)$
  dev: 'v1.36.4+k3s1',
  // renovate: datasource=github-releases depName=k3s-io/k3s versioning=regex:^v(?<major>\d+)\.(?<minor>\d+)\.(?<patch>\d+)\+k3s(?<build>\d+)$
  prod: 'v1.36.4+k3s1',
} as const;

/** Kubernetes (kubeadm) release per workload cluster that Cluster API creates; each needs its template VM. */
export const kubernetes = {
  // renovate: datasource=github-releases depName=kubernetes/kubernetes
  lab1: 'v1.35.9',
} as const;

/** Charts of the fleet's own apps; an app spreads its entry into `helm`. */
export const apps = {
  // renovate: datasource=docker depName=ghcr.io/stefanprodan/charts/podinfo
  podinfo: { oci: 'oci://ghcr.io/stefanprodan/charts/podinfo', chart: 'podinfo', version: '6.14.1' },
} as const;
