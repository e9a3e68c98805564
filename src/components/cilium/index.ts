import { defineComponent } from '../entry';
import { ciliumRelease } from './chart';
import { CiliumLoadBalancer } from './load-balancer';

/**
 * Cilium: the CNI and kube-proxy replacement, on where `spec.cilium` is set. With an ingress VIP
 * and a VIP interface, its load balancer announces the ingress VIP too.
 */
export const cilium = defineComponent({
  name: 'cilium',
  configure: (env) =>
    env.cilium && { layer: env.cilium.layer, lb: env.ingressVip && env.vipInterface ? { ingressVip: env.ingressVip, interface: env.vipInterface } : undefined },
  placement: (config) => ({ layer: config.layer, path: 'cilium.layer' }),
  versions: ['charts.cilium'],
  chart: (_config, env) => ciliumRelease(env),
  cni: true,
  // The CNI: a refactor that moved or dropped it must never make Flux uninstall it.
  protectFromPrune: true,
  namespaces: () => ['kube-system'],
  folders: ['cilium-lb'],
  objects: ({ config, folder }) => {
    if (config.lb) new CiliumLoadBalancer(folder('cilium-lb'), 'lb', config.lb);
  },
});
