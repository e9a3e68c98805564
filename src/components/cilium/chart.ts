import type { ChartRelease } from '../../charts/chart';
import type { Environment } from '../../model/resolve';
import { clusterNodeCount } from '../../model/node-count';
import type { CiliumValues } from '../../values/cilium';

/**
 * Cilium as CNI and kube-proxy replacement. `k8sServiceHost` is the apiserver endpoint (the
 * VIP), never a node: agents must keep reaching the API when any one server is gone.
 */

export function ciliumRelease(env: Environment): ChartRelease {
  return {
    name: 'cilium',
    namespace: 'kube-system',
    // Its upgrades roll the agents one node at a time (maxUnavailable 1 below), each restart a
    // minute or two with its image pull: twice Helm's 5m for three nodes.
    timeout: '10m',
    ...env.versions.charts.cilium,
    values: {
      kubeProxyReplacement: true,
      k8sServiceHost: env.apiServerEndpoint,
      k8sServicePort: env.apiPort,
      // The controller-manager hands out the pod CIDRs: k3s's 10.42.0.0/16, or a workload cluster's
      // clusterNetwork.pods, which Cluster API's kubeadm bootstrap writes into kubeadm's podSubnet
      // (cluster-api v1.12.11 bootstrap/kubeadm/internal/controllers/kubeadmconfig_controller.go);
      // Cilium's own pool would overlap the services.
      ipam: { mode: 'kubernetes' },
      // The GatewayClass always: `auto` would depend on what the API server lists at render time.
      gatewayAPI: { enabled: true, gatewayClass: { create: 'true' } },
      egressGateway: { enabled: true },
      bpf: { masquerade: true },
      enableIPv4Masquerade: true,
      hubble: { enabled: true, relay: { enabled: true }, ui: { enabled: true } },
      l2announcements: { enabled: true },
      // L2 announcements hold one lease per service; the default client rate limit starves them.
      k8sClientRateLimit: { qps: 50, burst: 100 },
      // One node at a time: that bound limited a real outage.
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
      operator: { replicas: Math.min(2, Math.max(1, clusterNodeCount(env))) },
    } satisfies CiliumValues,
  };
}
