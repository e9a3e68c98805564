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
]);
