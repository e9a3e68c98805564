import type { ChartRelease } from '../../charts/chart';
import type { Catalogue } from '../../model/version-overrides';
import type { LonghornSettings } from './settings';

export const LONGHORN_NAMESPACE = 'longhorn-system';

/**
 * The default StorageClass the chart has longhorn-manager create (chart 1.12.1
 * templates/storageclass.yaml: `metadata.name: longhorn`, marked default by
 * `persistence.defaultClass`). Every claim of the platform that belongs on Longhorn names it.
 */
export const LONGHORN_STORAGE_CLASS = 'longhorn';

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
      defaultSettings: {
        defaultDataPath: dataPath,
        // The `upgrade-checker` setting (chart 1.12.1 values.yaml defaultSettings.upgradeChecker,
        // templates/default-setting.yaml): it polls longhorn-upgrade-responder.rancher.io, which
        // the default-deny baseline blocks; a version bump here is a reviewed change anyway.
        upgradeChecker: false,
      },
    },
  };
}
