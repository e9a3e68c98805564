import { defineComponent } from '../entry';
import { GatewayApiCrds } from './crds';

/**
 * The Gateway API CRDs, wherever Cilium runs (its Gateway support is on): in a layer of their own
 * that Cilium's layer depends on, because Cilium's operator looks for them once, at start, and
 * otherwise turns Gateway support off for good.
 */
export const gatewayApi = defineComponent({
  name: 'gateway-api',
  fields: ['cilium.layers.gatewayApi'],
  configure: (env) => env.cilium && { layer: env.cilium.layers.gatewayApi },
  placement: (config) => ({ layer: config.layer, path: 'cilium.layers.gatewayApi' }),
  versions: ['gatewayApi'],
  namespaces: () => [],
  objects: ({ folder, env }) => new GatewayApiCrds(folder('gateway-api'), 'crds', { repo: env.versions.gatewayApi.repo, version: env.versions.gatewayApi.version }),
});
