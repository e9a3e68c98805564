import { Namespaces } from '../../k8s/namespaces';
import { inspectorAccount } from '../../model/inspector-account';
import { defineComponent } from '../entry';
import { CapiInspector } from './inspector';
import { CapiProviders } from './providers';
import { clusterApiRenderedRules } from './rendered-rules';
import { clusterApiRules } from './rules';

/**
 * The Cluster API providers as cluster-api-operator objects, each beside its install namespace,
 * and the read-only `capi-inspector` account.
 */
export const clusterApi = defineComponent({
  name: 'cluster-api',
  fields: ['clusterApi'],
  configure: (env) => env.clusterApi && { layer: env.clusterApi.layers.providers, providers: env.clusterApi.providers, inspector: env.clusterApi.inspector },
  placement: (config) => ({ layer: config.layer, path: 'clusterApi.layers.providers' }),
  versions: ['capiProviders'],
  namespaces: (config) => [...new Set(config.providers.map((p) => p.namespace))].sort(),
  creates: (config) => [...new Set(config.providers.map((p) => p.namespace))].sort(),
  folders: ['capi-inspector'],
  objects: ({ config, env, folder }) => {
    const providers = folder('cluster-api');
    // Flux applies Namespaces first, so each provider's install namespace can sit beside it.
    new Namespaces(providers, 'namespaces', { names: [...new Set(config.providers.map((p) => p.namespace))] });
    new CapiProviders(providers, 'providers', { providers: config.providers });
    if (config.inspector) {
      // The account verify runs as on this cluster too (src/model/inspector-account.ts binds it to verify's role).
      new CapiInspector(folder('capi-inspector'), 'inspector', { namespace: inspectorAccount(env).namespace });
    }
  },
  rules: clusterApiRules,
  renderedRules: clusterApiRenderedRules,
});
