import { k8s } from 'cdk8s-plus-31';
import type { WorkloadCluster } from '../model/workload';
import { toYaml } from '../tree/yaml';
import { KUBE_VIP_PREPARE_SCRIPT } from './kube-vip-prepare';

/** A container image as src/versions.ts pins it. */
export interface ContainerImage {
  readonly repository: string;
  readonly tag: string;
}

const KUBECONFIG = '/etc/kubernetes/admin.conf';
export const KUBE_VIP_MANIFEST_PATH = '/etc/kubernetes/manifests/kube-vip.yaml';
export const KUBE_VIP_PREPARE_PATH = '/etc/kube-vip-prepare.sh';

/**
 * kube-vip as a static pod of every control-plane machine, holding the cluster's VIP by ARP with
 * leader election: CAPMOX v0.9.0 templates/cluster-template.yaml lines 55–110, with the tool's
 * pinned image for the template's v0.7.1 and the address, port and interface of the cluster. It
 * talks to the local apiserver through the admin kubeconfig (super-admin.conf on the init node,
 * KUBE_VIP_PREPARE_SCRIPT), so it needs no CNI.
 */
export function kubeVipManifest(cluster: WorkloadCluster, image: ContainerImage): string {
  const env = (name: string, value: string) => ({ name, value });
  return toYaml(
    k8s.KubePod.manifest({
      metadata: { name: 'kube-vip', namespace: 'kube-system' },
      spec: {
        containers: [
          {
            name: 'kube-vip',
            image: `${image.repository}:${image.tag}`,
            imagePullPolicy: 'IfNotPresent',
            args: ['manager'],
            env: [
              env('cp_enable', 'true'),
              env('vip_interface', cluster.vipInterface),
              env('address', cluster.endpoint.host),
              env('port', String(cluster.endpoint.port)),
              env('vip_arp', 'true'),
              env('vip_leaderelection', 'true'),
              env('vip_leaseduration', '15'),
              env('vip_renewdeadline', '10'),
              env('vip_retryperiod', '2'),
            ],
            securityContext: { capabilities: { add: ['NET_ADMIN', 'NET_RAW'] } },
            volumeMounts: [{ mountPath: KUBECONFIG, name: 'kubeconfig' }],
          },
        ],
        hostAliases: [{ hostnames: ['localhost', 'kubernetes'], ip: '127.0.0.1' }],
        hostNetwork: true,
        volumes: [{ name: 'kubeconfig', hostPath: { path: KUBECONFIG, type: 'FileOrCreate' } }],
      },
    }),
  );
}

/** The two kubeadm `files` of the control plane: the manifest and the script that adapts it on the init node. */
export function kubeVipFiles(cluster: WorkloadCluster, image: ContainerImage) {
  return [
    { path: KUBE_VIP_MANIFEST_PATH, owner: 'root:root', content: kubeVipManifest(cluster, image) },
    { path: KUBE_VIP_PREPARE_PATH, owner: 'root:root', permissions: '0700', content: KUBE_VIP_PREPARE_SCRIPT },
  ];
}
