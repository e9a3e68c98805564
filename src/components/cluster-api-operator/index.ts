import { crdCheck } from '../../k8s/flux-layer';
import { Namespaces } from '../../k8s/namespaces';
import { defineComponent } from '../entry';
import { clusterApiOperatorRelease } from './chart';

const PROVIDER_CRDS: Record<string, string> = {
  CoreProvider: 'coreproviders.operator.cluster.x-k8s.io',
  BootstrapProvider: 'bootstrapproviders.operator.cluster.x-k8s.io',
  ControlPlaneProvider: 'controlplaneproviders.operator.cluster.x-k8s.io',
  InfrastructureProvider: 'infrastructureproviders.operator.cluster.x-k8s.io',
  IPAMProvider: 'ipamproviders.operator.cluster.x-k8s.io',
};

const OPERATOR_NAMESPACE = 'capi-operator-system';

/** cluster-api-operator, installed with Cluster API; its layer is ready once the provider CRDs it serves are. */
export const clusterApiOperator = defineComponent({
  name: 'cluster-api-operator',
  fields: ['clusterApi'],
  configure: (env) =>
    env.clusterApi && {
      layer: env.clusterApi.layers.operator,
      values: env.clusterApi.operatorValues,
      kinds: [...new Set(env.clusterApi.providers.map((p) => p.kind))].sort(),
      // A Flux HelmRelease lives in the namespace it installs into: the tree creates it (a k3s HelmChart creates its own).
      ownNamespace: env.helmInstaller === 'flux',
    },
  placement: (config) => ({ layer: config.layer, path: 'clusterApi.layers.operator' }),
  versions: ['charts.clusterApiOperator'],
  chart: (config, env) => clusterApiOperatorRelease(config.values, env.versions),
  // The provider CRDs, then the operator's own rollout: its webhooks reject provider objects
  // until it runs, as the operators' seeds waited for. The Deployment is the chart's fullname:
  // the release name, which contains the chart name (chart templates/_helpers.tpl).
  healthChecks: (config) => [
    ...config.kinds.map((kind) => crdCheck(PROVIDER_CRDS[kind]!)),
    { apiVersion: 'apps/v1', kind: 'Deployment', name: String(config.values.fullnameOverride ?? 'cluster-api-operator'), namespace: OPERATOR_NAMESPACE },
  ],
  namespaces: () => [OPERATOR_NAMESPACE],
  creates: (config) => (config.ownNamespace ? [OPERATOR_NAMESPACE] : []),
  objects: ({ config, folder }) => {
    if (config.ownNamespace) new Namespaces(folder('cluster-api-operator'), 'namespace', { names: [OPERATOR_NAMESPACE] });
  },
});
