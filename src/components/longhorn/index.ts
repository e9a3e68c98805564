import { Namespaces } from '../../k8s/namespaces';
import { defineComponent } from '../entry';
import { LONGHORN_NAMESPACE, LONGHORN_STORAGE_CLASS, longhornRelease } from './chart';
import { longhornRules } from './rules';
import { BULK_STORAGE_CLASS, BulkStorageClass } from './storage-classes';

/**
 * Longhorn, where `spec.longhorn` is set: the chart (default StorageClass `longhorn`), the `bulk`
 * StorageClass, and its namespace. Its node prerequisites are the VM layer's cloud-init and the
 * bare-metal runbook's, from the same resolved setting.
 */
export const longhorn = defineComponent({
  name: 'longhorn',
  fields: ['longhorn'],
  configure: (env) => env.longhorn,
  placement: (config) => ({ layer: config.layer, path: 'longhorn.layer' }),
  versions: ['charts.longhorn'],
  chart: (config, env) => longhornRelease(config, env.versions),
  namespaces: () => [LONGHORN_NAMESPACE],
  creates: () => [LONGHORN_NAMESPACE],
  storageClasses: () => [LONGHORN_STORAGE_CLASS, BULK_STORAGE_CLASS],
  objects: ({ config, folder }) => {
    const own = folder('longhorn');
    new Namespaces(own, 'namespace', { names: [LONGHORN_NAMESPACE] });
    new BulkStorageClass(own, 'bulk', { replicas: config.bulkReplicas });
  },
  rules: longhornRules,
});
