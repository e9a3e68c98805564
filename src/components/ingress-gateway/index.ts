import { Namespaces } from '../../k8s/namespaces';
import { defineComponent } from '../entry';
import { IngressGateway } from './gateway';

/** The Gateway's namespace: it holds no pods (Cilium's Envoy serves the Gateway). */
export const INGRESS_NAMESPACE = 'ingress';

/**
 * The ingress Gateway on the ingress VIP, where Cilium runs and the environment has an ingress
 * VIP and a VIP interface: Cilium's own custom resources, so in a layer after Cilium's.
 */
export const ingressGateway = defineComponent({
  name: 'ingress-gateway',
  configure: (env) =>
    env.cilium && env.ingressVip && env.vipInterface
      ? { layer: env.cilium.layers.network, ingressVip: env.ingressVip, interface: env.vipInterface }
      : undefined,
  placement: (config) => ({ layer: config.layer, path: 'cilium.layers.network' }),
  after: ['cilium'],
  versions: [],
  namespaces: () => [INGRESS_NAMESPACE],
  creates: () => [INGRESS_NAMESPACE],
  objects: ({ config, folder }) => {
    const own = folder('ingress-gateway');
    new Namespaces(own, 'namespace', { names: [INGRESS_NAMESPACE] });
    new IngressGateway(own, 'gateway', { ingressVip: config.ingressVip, interface: config.interface, namespace: INGRESS_NAMESPACE, name: 'ingress' });
  },
});
