import type { ChartRelease } from '../../charts/chart';
import type { Catalogue } from '../../model/version-overrides';
import type { LonghornSettings } from './settings';

export const LONGHORN_NAMESPACE = 'longhorn-system';

/**
 * Longhorn from its resolved settings: its default StorageClass `longhorn` at `replicas` replicas,
 * and its default disk at `dataPath` (the data disk's mount on VMs). The chart ships no values
 * schema (upstream has none).
 */
export function longhornRelease({ replicas, dataPath }: LonghornSettings, pins: Catalogue): ChartRelease {
  return {
    name: 'longhorn',
    namespace: LONGHORN_NAMESPACE,
    // A first install on cold nodes pulls the manager, engine and instance-manager images on each
    // before anything is ready: slower than Helm's 5m on three fresh VMs (issue 24).
    timeout: '15m',
    ...pins.charts.longhorn,
    values: {
      persistence: { defaultClass: true, defaultClassReplicaCount: replicas, defaultFsType: 'ext4' },
      defaultSettings: { defaultDataPath: dataPath },
    },
  };
}
