import { Construct } from 'constructs';
import { k8s } from 'cdk8s-plus-31';

/** Longhorn's second class, for data that can be rebuilt. */
export const BULK_STORAGE_CLASS = 'bulk';

export interface BulkStorageClassProps {
  readonly replicas: number;
}

/**
 * `bulk`: Longhorn volumes with fewer replicas, for data that can be rebuilt (caches, media,
 * scratch), kept on the node that uses them where it can. Not the default class: `longhorn` is.
 */
export class BulkStorageClass extends Construct {
  public constructor(scope: Construct, id: string, props: BulkStorageClassProps) {
    super(scope, id);
    new k8s.KubeStorageClass(this, 'Resource', {
      metadata: { name: BULK_STORAGE_CLASS },
      provisioner: 'driver.longhorn.io',
      allowVolumeExpansion: true,
      reclaimPolicy: 'Delete',
      volumeBindingMode: 'Immediate',
      parameters: { numberOfReplicas: String(props.replicas), staleReplicaTimeout: '30', fsType: 'ext4', dataLocality: 'best-effort' },
    });
  }
}
