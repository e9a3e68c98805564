import { Namespaces } from '../../k8s/namespaces';
import { defineComponent } from '../entry';
import { gatewayOf, INGRESS_GATEWAY, INGRESS_NAMESPACE, WILDCARD_SECRET } from './config';
import { IngressGateway } from './gateway';
import { routeRenderedRules } from './rendered-rules';
import { routeRules } from './rules';

export { HTTP_LISTENER, HTTPS_LISTENER } from './gateway';
export { gatewayOf, INGRESS_GATEWAY, INGRESS_NAMESPACE, WILDCARD_SECRET } from './config';

/**
 * The ingress Gateway on the ingress VIP, where Cilium runs and the environment has an ingress
 * VIP and a VIP interface: Cilium's own custom resources, so in a layer after Cilium's.
 */
export const ingressGateway = defineComponent({
  name: 'ingress-gateway',
  fields: ['ingressVip', 'controlPlane.vipInterface', 'cilium.layers.network'],
  configure: gatewayOf,
  placement: (config) => ({ layer: config.layer, path: 'cilium.layers.network' }),
  after: ['cilium'],
  versions: [],
  namespaces: () => [INGRESS_NAMESPACE],
  creates: () => [INGRESS_NAMESPACE],
  objects: ({ config, folder }) => {
    const own = folder('ingress-gateway');
    new Namespaces(own, 'namespace', { names: [INGRESS_NAMESPACE] });
    new IngressGateway(own, 'gateway', { ingressVip: config.ingressVip, interface: config.interface, namespace: INGRESS_NAMESPACE, name: INGRESS_GATEWAY, certificateSecret: WILDCARD_SECRET });
  },
  rules: routeRules,
  renderedRules: routeRenderedRules,
});
