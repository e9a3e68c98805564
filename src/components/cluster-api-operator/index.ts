import { crdCheck } from '../../k8s/flux-layer';
import { defineComponent } from '../entry';
import { clusterApiOperatorRelease } from './chart';

const PROVIDER_CRDS: Record<string, string> = {
  CoreProvider: 'coreproviders.operator.cluster.x-k8s.io',
  BootstrapProvider: 'bootstrapproviders.operator.cluster.x-k8s.io',
  ControlPlaneProvider: 'controlplaneproviders.operator.cluster.x-k8s.io',
  InfrastructureProvider: 'infrastructureproviders.operator.cluster.x-k8s.io',
  IPAMProvider: 'ipamproviders.operator.cluster.x-k8s.io',
};

/** cluster-api-operator, installed with Cluster API; its layer is ready once the provider CRDs it serves are. */
export const clusterApiOperator = defineComponent({
  name: 'cluster-api-operator',
  configure: (env) =>
    env.clusterApi && {
      layer: env.clusterApi.layers.operator,
      values: env.clusterApi.operatorValues,
      kinds: [...new Set(env.clusterApi.providers.map((p) => p.kind))].sort(),
    },
  placement: (config) => ({ layer: config.layer, path: 'clusterApi.layers.operator' }),
  versions: ['charts.clusterApiOperator'],
  chart: (config) => clusterApiOperatorRelease(config.values),
  healthChecks: (config) => config.kinds.map((kind) => crdCheck(PROVIDER_CRDS[kind]!)),
  namespaces: () => ['capi-operator-system'],
});
