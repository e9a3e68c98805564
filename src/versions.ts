/**
 * Every pinned version in one place: the one file a version bump edits. Plain data with one
 * `key: 'value'` per line, so a version bot's regex can find and update each entry.
 */

/** k3s release per environment, always with its `+k3sN` suffix. */
export const k3s = {
  mgmt: 'v1.35.8+k3s1',
  dev: 'v1.36.4+k3s1',
  prod: 'v1.36.4+k3s1',
} as const;

/** Helm charts: repository, chart name and exact chart version. */
export const charts = {
  cilium: { repo: 'https://helm.cilium.io', chart: 'cilium', version: '1.20.0' },
  certManager: { repo: 'https://charts.jetstack.io', chart: 'cert-manager', version: 'v1.21.2' },
  clusterApiOperator: { repo: 'https://kubernetes-sigs.github.io/cluster-api-operator', chart: 'cluster-api-operator', version: '0.28.0' },
} as const;

/**
 * What the pinned releases declare about each other (from their release notes), for the
 * compatibility checks. Update together with the version above it.
 */
export const compatibility = {
  /** cert-manager v1.21 supports these Kubernetes minors. */
  certManagerKubernetes: { min: '1.33', max: '1.36' },
  /** cluster-api-operator 0.28.0 is built against this Cluster API minor... */
  operatorCapiMinor: '1.12',
  /** ...and accepts providers declaring these contracts. */
  operatorContracts: ['v1beta1', 'v1beta2'],
} as const;

/** Cluster API providers installed through cluster-api-operator, with the contract each declares. */
export const capiProviders = {
  clusterApi: { version: 'v1.12.11', contract: 'v1beta2' },
  kubeadmBootstrap: { version: 'v1.12.11', contract: 'v1beta2' },
  kubeadmControlPlane: { version: 'v1.12.11', contract: 'v1beta2' },
  proxmox: { version: 'v0.9.1', contract: 'v1beta2' },
  ipamInCluster: { version: 'v1.1.1', contract: 'v1beta2' },
} as const;

/** Gateway API CRDs, applied before Cilium (its Gateway controller needs them at start). */
export const gatewayApi = {
  version: 'v1.4.1',
} as const;

/** Container images that are not installed through a chart. */
export const images = {
  kubeVip: { repository: 'ghcr.io/kube-vip/kube-vip', tag: 'v1.0.1' },
} as const;

/** The cloud image every VM boots from, verified by its checksum before use. */
export const cloudImage = {
  name: 'ubuntu-noble',
  serial: '20260926',
  url: 'https://cloud-images.ubuntu.com/noble/20260926/noble-server-cloudimg-amd64.img',
  sha256: '6a81c37564db9b1ee84e141922625e1d7c5b389b99bb3c572e0243607d5bb4d2',
} as const;

/** Terraform providers of the VM layer, pinned exactly (our L1 bindings match one schema). */
export const terraformProviders = {
  libvirt: { source: 'dmacvicar/libvirt', version: '0.9.7' },
  proxmox: { source: 'bpg/proxmox', version: '0.111.1' },
} as const;
