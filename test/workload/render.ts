import { App, Chart } from 'cdk8s';
import type { WorkloadCluster } from '../../src/model/workload';
import { WorkloadClusterObjects } from '../../src/workload/cluster-objects';
import type { WorkloadClusterObjectsProps } from '../../src/workload/cluster-objects';

export const KUBE_VIP = { repository: 'ghcr.io/kube-vip/kube-vip', tag: 'v1.0.1' } as const;

/** A cluster's objects as cdk8s renders them, and the construct that made them. */
export function renderObjects(cluster: WorkloadCluster, props: Partial<WorkloadClusterObjectsProps> = {}) {
  const chart = new Chart(new App(), 'test', { disableResourceNameHashes: true });
  const construct = new WorkloadClusterObjects(chart, 'workload', { cluster, kubeVipImage: KUBE_VIP, ...props });
  const objects = chart.toJson() as any[];
  const find = (kind: string, name: string): any => {
    const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
    if (!found) throw new Error(`no ${kind} ${name}; have ${objects.map((o) => `${o.kind}/${o.metadata.name}`).join(', ')}`);
    return found;
  };
  return { construct, objects, find, ofKind: (kind: string): any[] => objects.filter((o) => o.kind === kind) };
}
