import { Construct } from 'constructs';
import { k8s } from 'cdk8s-plus-31';

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
      metadata: { name: 'bulk' },
      provisioner: 'driver.longhorn.io',
      allowVolumeExpansion: true,
      reclaimPolicy: 'Delete',
      volumeBindingMode: 'Immediate',
      parameters: { numberOfReplicas: String(props.replicas), staleReplicaTimeout: '30', fsType: 'ext4', dataLocality: 'best-effort' },
    });
  }
}
