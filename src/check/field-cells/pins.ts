/** The pin keys an environment may override under `versions` (src/model/version-overrides.ts), for the class files. */
export const CHART_PINS = ['cilium', 'certManager', 'longhorn', 'kyverno', 'kubePrometheusStack', 'loki', 'alloy', 'fluxOperator', 'clusterApiOperator'];
export const PROVIDER_PINS = ['clusterApi', 'kubeadmBootstrap', 'kubeadmControlPlane', 'proxmox', 'ipamInCluster'];
