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
