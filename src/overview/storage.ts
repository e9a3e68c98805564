import { LONGHORN_STORAGE_CLASS } from '../components/longhorn/chart';
import { BULK_STORAGE_CLASS } from '../components/longhorn/storage-classes';
import { deploysLocalPath } from '../components/storage-classes';
import { K3S_LOCAL_PATH, K3S_LOCAL_STORAGE } from '../model/k3s-packaged';
import type { Environment } from '../model/resolve';

/** The README's storage line: the classes the cluster has, which is the default, and where the data sits. */
export function storageSummary(env: Environment): string {
  const localPath = deploysLocalPath(env);
  if (!env.longhorn) {
    // kubeadm's addons are CoreDNS and kube-proxy, no storage class (kubernetes/website,
    // content/en/docs/reference/setup-tools/kubeadm/generated/kubeadm_init/kubeadm_init_phase_addon_all.md).
    if (!env.k3s) return 'none: no Longhorn, and kubeadm installs no storage class';
    return localPath
      ? `k3s's ${K3S_LOCAL_PATH} (the default class): a directory on one node's disk, no replicas`
      : `none: no Longhorn, and k3s.disable lists ${K3S_LOCAL_STORAGE}`;
  }
  const { replicas, bulkReplicas, dataPath } = env.longhorn;
  return [
    `Longhorn ${env.versions.charts.longhorn.version}: \`${LONGHORN_STORAGE_CLASS}\` (the default class, ${replicas} replicas) and \`${BULK_STORAGE_CLASS}\` (${bulkReplicas}), on ${dataPath} of every node`,
    !env.k3s ? '' : localPath ? `; k3s's ${K3S_LOCAL_PATH} is a second default` : `; k3s's ${K3S_LOCAL_STORAGE} is disabled`,
  ].join('');
}
