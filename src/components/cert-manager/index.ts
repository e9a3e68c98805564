import { crdCheck } from '../../k8s/flux-layer';
import { defineComponent } from '../entry';
import { certManagerRelease } from './chart';

/** cert-manager, installed with Cluster API (the operator's webhooks need its certificates). */
export const certManager = defineComponent({
  name: 'cert-manager',
  configure: (env) => env.clusterApi && { layer: env.clusterApi.layers.certManager },
  placement: (config) => ({ layer: config.layer, path: 'clusterApi.layers.certManager' }),
  versions: ['charts.certManager'],
  chart: (_config, env) => certManagerRelease(env.versions),
  // A k3s HelmChart reports no install progress: gate on what it creates, the webhook last.
  healthChecks: () => [
    crdCheck('certificates.cert-manager.io'),
    crdCheck('issuers.cert-manager.io'),
    { apiVersion: 'apps/v1', kind: 'Deployment', name: 'cert-manager-webhook', namespace: 'cert-manager' },
  ],
  namespaces: () => ['cert-manager'],
});
