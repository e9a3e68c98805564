import { Namespaces } from '../../k8s/namespaces';
import { defineComponent } from '../entry';
import { IngressGateway } from './gateway';

const NAMESPACE = 'ingress';

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
  namespaces: () => [NAMESPACE],
  creates: () => [NAMESPACE],
  objects: ({ config, folder }) => {
    const own = folder('ingress-gateway');
    new Namespaces(own, 'namespace', { names: [NAMESPACE] });
    new IngressGateway(own, 'gateway', { ingressVip: config.ingressVip, interface: config.interface, namespace: NAMESPACE, name: 'ingress' });
  },
});
