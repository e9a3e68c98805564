import { z } from 'zod';
import { defineSection } from '../../model/section';
import type { SettingsOf, SpecOf } from '../../model/spec-types';

/** Where Longhorn keeps its data: the VM layer mounts the data disk here, and Longhorn's default disk is here. */
export const LONGHORN_DATA_PATH = '/var/lib/longhorn';

/** What Longhorn needs on every node: iSCSI (every volume), an NFSv4 client (RWX volumes). */
export const LONGHORN_PACKAGES: readonly string[] = ['open-iscsi', 'nfs-common'];

/** `spec.longhorn`: replicated block storage on the nodes' data disks. */
export const longhornSchema = z.strictObject({
  layer: z.string().default('platform').describe('The layer its HelmRelease and StorageClasses live in.'),
  replicas: z.number().default(3).describe('Replicas of every volume of the default StorageClass `longhorn`.'),
  bulkReplicas: z.number().default(1).describe('Replicas of the `bulk` StorageClass, for data that can be rebuilt (caches, media, scratch).'),
  dataPath: z.string().optional().describe("Where Longhorn keeps data on bare metal; VM-backed environments use the data disk's mount. Default: /var/lib/longhorn."),
}).describe("Longhorn: replicated block storage on the nodes' data disks; absent means none.");

export type LonghornSpec = SpecOf<typeof longhornSchema>;

/** Longhorn's settings with its derived values: the data path in force and what the nodes must have installed. */
export interface LonghornSettings extends Omit<SettingsOf<typeof longhornSchema>, 'dataPath'> {
  readonly dataPath: string;
  readonly nodePackages: readonly string[];
}

/** Its section of the spec. A VM's data disk is mounted where the VM layer puts it; only bare metal chooses the data path. */
export const longhornSection = defineSection({
  schema: longhornSchema,
  resolve: (parsed, { infrastructureKind }): LonghornSettings => ({
    ...parsed,
    dataPath: infrastructureKind === 'bare-metal' ? (parsed.dataPath ?? LONGHORN_DATA_PATH) : LONGHORN_DATA_PATH,
    nodePackages: LONGHORN_PACKAGES,
  }),
});
