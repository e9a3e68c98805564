import type { WorkloadCluster } from '../../model/workload';

/**
 * The data key of the kubeconfig in the Secret Cluster API writes (`KubeconfigDataName = "value"`,
 * cluster-api v1.12.11 util/secret/consts.go). Flux's default is the same key (helm-controller
 * v1.6.3 internal/kube/config.go `ConfigFromSecret`; kustomize-controller v1.9.4 docs, "Secret-based
 * authentication"); written out so the tree says which key it reads.
 */
export const CAPI_KUBECONFIG_KEY = 'value';

/**
 * How a HelmRelease or Kustomization on mgmt reaches the workload cluster. Both controllers read
 * the Secret from the object's own namespace, on every reconciliation (helm-controller
 * `buildRESTClientGetter`; kustomize-controller docs "KubeConfig (Remote clusters)"): the objects
 * live beside the Cluster, in `cluster.namespace`, where Cluster API writes the Secret.
 */
export function workloadKubeConfig(cluster: WorkloadCluster): { readonly secretRef: { readonly name: string; readonly key: string } } {
  return { secretRef: { name: cluster.kubeconfigSecret, key: CAPI_KUBECONFIG_KEY } };
}
