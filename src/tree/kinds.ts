/**
 * Namespaces every cluster has before anything is applied, owned by Kubernetes, k3s and Flux
 * (`flux-system` is created by the bootstrap): no layer creates them, no app or policy takes them.
 */
export const CLUSTER_NAMESPACES: readonly string[] = ['default', 'kube-system', 'kube-public', 'kube-node-lease', 'flux-system'];

/**
 * Kinds that live outside namespaces: Kubernetes' cluster-scoped built-ins (`kubectl api-resources
 * --namespaced=false` on v1.36) and those of the CRDs this project vendors with `scope: Cluster`.
 * Read by the writer (no namespace on them), the app checks and the conformance gate.
 */
export const CLUSTER_SCOPED: ReadonlySet<string> = new Set([
  'Namespace',
  'Node',
  'PersistentVolume',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'APIService',
  'MutatingWebhookConfiguration',
  'ValidatingWebhookConfiguration',
  'ValidatingAdmissionPolicy',
  'ValidatingAdmissionPolicyBinding',
  'StorageClass',
  'CSIDriver',
  'CSINode',
  'VolumeAttachment',
  'PriorityClass',
  'RuntimeClass',
  'IngressClass',
  'CertificateSigningRequest',
  'FlowSchema',
  'PriorityLevelConfiguration',
  'CiliumLoadBalancerIPPool',
  'CiliumL2AnnouncementPolicy',
  'ClusterIssuer',
  'GatewayClass',
  'ClusterPolicy',
  'ValidatingPolicy',
]);
