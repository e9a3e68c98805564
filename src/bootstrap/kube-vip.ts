import { App, Chart } from 'cdk8s';
import { k8s } from 'cdk8s-plus-31';
import type { K3sEnvironment } from '../model/resolve';

const NAME = 'kube-vip';
/** Where kube-vip runs and holds its leader-election Lease (its `cp_namespace`). */
export const KUBE_VIP_NAMESPACE = 'kube-system';
const NAMESPACE = KUBE_VIP_NAMESPACE;
/** What kube-vip requests on each server: above the highest use measured upstream (see the container). */
const KUBE_VIP_REQUESTS = { cpu: '50m', memory: '64Mi' } as const;

/**
 * The kube-vip auto-deploy manifest k3s applies from `<data-dir>/server/manifests/`: a DaemonSet
 * on the servers' host network that holds the control-plane VIP by ARP with leader election.
 * It talks to the local apiserver on 127.0.0.1, so it needs neither a CNI nor kube-proxy.
 */
export function kubeVipManifest(env: K3sEnvironment, vip: string, vipInterface: string): unknown[] {
  const chart = new Chart(new App(), 'kube-vip', { disableResourceNameHashes: true });
  const { repository, tag } = env.versions.images.kubeVip;
  const labels = { 'app.kubernetes.io/name': NAME, 'app.kubernetes.io/version': tag };
  const env_ = (name: string, value: string) => ({ name, value });

  new k8s.KubeServiceAccount(chart, 'ServiceAccount', { metadata: { name: NAME, namespace: NAMESPACE } });
  new k8s.KubeClusterRole(chart, 'ClusterRole', {
    metadata: { name: 'system:kube-vip-role' },
    rules: [
      { apiGroups: [''], resources: ['services/status'], verbs: ['update'] },
      { apiGroups: [''], resources: ['services', 'endpoints'], verbs: ['list', 'get', 'watch', 'update'] },
      { apiGroups: [''], resources: ['nodes'], verbs: ['list', 'get', 'watch', 'update', 'patch'] },
      { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['list', 'get', 'watch', 'update', 'create'] },
      { apiGroups: ['discovery.k8s.io'], resources: ['endpointslices'], verbs: ['list', 'get', 'watch', 'update'] },
      { apiGroups: [''], resources: ['pods'], verbs: ['list'] },
    ],
  });
  new k8s.KubeClusterRoleBinding(chart, 'ClusterRoleBinding', {
    metadata: { name: 'system:kube-vip-binding' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'system:kube-vip-role' },
    subjects: [{ kind: 'ServiceAccount', name: NAME, namespace: NAMESPACE }],
  });
  new k8s.KubeDaemonSet(chart, 'DaemonSet', {
    metadata: { name: NAME, namespace: NAMESPACE, labels },
    spec: {
      selector: { matchLabels: { 'app.kubernetes.io/name': NAME } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: k8s.IntOrString.fromNumber(1) } },
      template: {
        metadata: { labels },
        spec: {
          hostNetwork: true,
          serviceAccountName: NAME,
          // The VIP's holder outranks every pod the platform runs on the servers (Longhorn,
          // Prometheus, Loki) when the kubelet evicts under pressure or the scheduler preempts.
          priorityClassName: 'system-node-critical',
          affinity: {
            nodeAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: {
                nodeSelectorTerms: [{ matchExpressions: [{ key: 'node-role.kubernetes.io/control-plane', operator: 'Exists' }] }],
              },
            },
          },
          tolerations: [
            { effect: 'NoSchedule', operator: 'Exists' },
            { effect: 'NoExecute', operator: 'Exists' },
          ],
          containers: [
            {
              name: NAME,
              image: `${repository}:${tag}`,
              imagePullPolicy: 'IfNotPresent',
              args: ['manager'],
              env: [
                env_('address', vip),
                env_('port', String(env.apiPort)),
                env_('vip_interface', vipInterface),
                env_('vip_arp', 'true'),
                env_('cp_enable', 'true'),
                env_('cp_namespace', NAMESPACE),
                // Its leader-election identity: the Node's name, not the hostname kube-vip falls back to
                // with a warning (kube-vip v1.0.1 pkg/manager/manager.go; env var pkg/kubevip/config_envvar.go).
                { name: 'vip_nodename', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } },
                // Cilium's L2 announcements serve LoadBalancer services; kube-vip holds the VIP only.
                env_('svc_enable', 'false'),
                env_('vip_leaderelection', 'true'),
                env_('vip_leasename', 'plndr-cp-lock'),
                env_('vip_leaseduration', '5'),
                env_('vip_renewdeadline', '3'),
                env_('vip_retryperiod', '1'),
                // No CNI and no kube-proxy yet: the Service IP is unreachable, the local apiserver is not.
                env_('KUBERNETES_SERVICE_HOST', '127.0.0.1'),
                env_('KUBERNETES_SERVICE_PORT', String(env.apiPort)),
              ],
              // Burstable, not BestEffort: under pressure the kubelet evicts pods above their requests
              // first. kube-vip#1370 measured 2-13m CPU and 21-71 MiB on three ARP-mode servers; the
              // CPU weight keeps the lease renewed (every 1 s, 3 s deadline) on a busy node. No limit:
              // a memory limit restarts the holder at a spike, and that moves the VIP.
              resources: { requests: { cpu: k8s.Quantity.fromString(KUBE_VIP_REQUESTS.cpu), memory: k8s.Quantity.fromString(KUBE_VIP_REQUESTS.memory) } },
              securityContext: { capabilities: { add: ['NET_ADMIN', 'NET_RAW'], drop: ['ALL'] } },
            },
          ],
        },
      },
    },
  });
  return chart.toJson();
}
