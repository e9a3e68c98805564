import { defineComponent } from '../entry';
import { ciliumRelease } from './chart';
import { ciliumRenderedRules } from './rendered-rules';

/**
 * Cilium: the CNI and kube-proxy replacement, on where `spec.cilium` is set; after the Gateway API
 * CRDs (its operator looks for them at start). Its own custom resources are other components'.
 */
export const cilium = defineComponent({
  name: 'cilium',
  fields: ['cilium'],
  configure: (env) => env.cilium && { layer: env.cilium.layer },
  placement: (config) => ({ layer: config.layer, path: 'cilium.layer' }),
  after: ['gateway-api'],
  versions: ['charts.cilium'],
  chart: (_config, env) => ciliumRelease(env),
  cni: true,
  // The CNI: a refactor that moved or dropped it must never make Flux uninstall it.
  protectFromPrune: true,
  namespaces: () => ['kube-system'],
  renderedRules: ciliumRenderedRules,
});
