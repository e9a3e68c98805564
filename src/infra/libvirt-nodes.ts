import { DataResource, Fn, TerraformIterator, Token } from 'cdktf';
import type { Construct } from 'constructs';
import type { K3sEnvironment, LibvirtInfrastructure } from '../model/resolve';
import { createdVms, fetchedImages, imagesInUse } from './adoption';
import { metaData, networkConfig, userData } from './cloud-init';
import { CachedImages, imagePath } from './image-cache';
import { commonDevices, domainShape } from './libvirt-domains';
import { nodesByName } from './nodes-by-name';
import { LibvirtCloudinitDisk } from './providers/libvirt-cloudinit-disk';
import { LibvirtDomain } from './providers/libvirt-domain';
import { LibvirtVolume } from './providers/libvirt-volume';

const GiB = 1024 ** 3;
const QCOW2 = { type: 'qcow2' } as const;
const DATA_DEVICE = '/dev/vdb';

/**
 * Seconds a guest gets to shut down before libvirt stops the domain. The provider's default, 30 s,
 * cuts into a k3s server's shutdown: systemd gives each stopping unit 90 s (DefaultTimeoutStopSec)
 * before it kills it, so 120 s lets etcd and containerd stop cleanly.
 */
export const SHUTDOWN_TIMEOUT_SECONDS = 120;

/**
 * A guest shutdown before every stop: an update forces the stop after the timeout; a destroy
 * fails instead, and the domain keeps its disks and definition (graceful left out: it only
 * flags the hard power-off that a destroy with `shutdown` never makes).
 */
const gracefulStop = {
  update: { shutdown: { timeout: SHUTDOWN_TIMEOUT_SECONDS } },
  destroy: { shutdown: { timeout: SHUTDOWN_TIMEOUT_SECONDS } },
} as const;

/**
 * The nodes this stack creates: the base volumes of the images in use, then per node an OS
 * overlay, a data disk, a cloud-init seed and a domain, each keyed by node name.
 */
export function buildNodes(scope: Construct, env: K3sEnvironment, infra: LibvirtInfrastructure): void {
  const pool = infra.pool;
  const withData = infra.vm.dataDiskGiB !== undefined;
  const created = createdVms(env);
  const images = imagesInUse(env);
  if (created.length === 0) return;
  const each = nodesByName(
    scope,
    created.map((vm) => [
      vm.node.name,
      {
        ip: vm.node.ip,
        mac: vm.mac,
        vcpu: vm.sizing.vcpus,
        memory_mib: vm.sizing.memoryMiB,
        os_disk_bytes: vm.sizing.osDiskGiB * GiB,
        ...(withData && { data_disk_bytes: (vm.sizing.dataDiskGiB ?? 0) * GiB }),
        image: vm.image,
        user_data: userData(env, vm, withData ? DATA_DEVICE : undefined),
        meta_data: metaData(vm),
        network_config: networkConfig(env, vm),
      },
    ]),
  );
  // Same-key references go through lookups: a splat on a for_each resource fails at apply.
  const sameKey = (resource: { fqn: string }, attribute: string) => Token.asString(Fn.lookupNested(resource.fqn, [each.key, attribute]));

  // Fetched: each serial in use whose checksum is known; a base volume of another serial stays
  // while it exists, and a cold build cannot create it (vm.image-unfetched says so).
  const fetched = fetchedImages(env);
  const image = fetched.size > 0 ? new CachedImages(scope, 'image', env.versions, fetched) : undefined;
  // One base volume per serial an OS disk is an overlay of, keyed by serial: a new serial adds
  // one and never renames another (a volume's `name` forces replacement, destroy first:
  // volume_resource.go, generated StorageVolumeSchema), and a serial's volume leaves only
  // with the last OS disk built on it, after that disk (destroys follow the dependencies).
  const serials = TerraformIterator.fromMap(Object.fromEntries(images.map((serial) => [serial, { url: imagePath(env.versions, serial) }])));
  const base = new LibvirtVolume(scope, 'base', {
    forEach: serials,
    name: `${env.versions.cloudImage.name}-${serials.key}.qcow2`,
    pool,
    target: { format: QCOW2 },
    create: { content: { url: serials.getString('url') } },
    // The path is known at plan time; the dependency makes the upload wait for the verified fetch.
    dependsOn: image ? [image] : undefined,
    // The provider cannot update a volume's content, and this one's is fixed by its name (the
    // serial): what `create` says only matters when the volume is created.
    lifecycle: { ignoreChanges: ['create'] },
  });
  // Each OS disk's serial as a resource of its own: changing a node's image updates it, and that
  // replaces the node's OS disk (replace_triggered_by), this node's only.
  const osImage = new DataResource(scope, 'os_image', { forEach: each, input: { serial: each.getString('image') } });
  const imageOf = `${osImage.terraformResourceType}.${osImage.friendlyUniqueId}[each.key]`;
  const os = new LibvirtVolume(scope, 'os', {
    forEach: each,
    name: `${each.key}-os.qcow2`,
    pool,
    capacity: each.getNumber('os_disk_bytes'),
    target: { format: QCOW2 },
    backingStore: { path: Token.asString(Fn.lookupNested(base.fqn, [each.getString('image'), 'path'])), format: QCOW2 },
    // What an OS disk is an overlay of is fixed when it is created (the provider cannot update a
    // volume): a disk moved from an older module, or built on an older serial, keeps its file.
    // Its size too: a grown osDiskGiB is planned as nothing, and the disk grows by the runbook.
    lifecycle: { ignoreChanges: ['backing_store', 'capacity'], replaceTriggeredBy: [imageOf] },
  });
  const data = withData
    ? new LibvirtVolume(scope, 'data', {
        forEach: each,
        name: `${each.key}-data.qcow2`,
        pool,
        capacity: each.getNumber('data_disk_bytes'),
        target: { format: QCOW2 },
        // Longhorn's replicas live here: a plan that would delete one fails instead. Its size is
        // the runbook's to grow, as the OS disk's.
        lifecycle: { preventDestroy: infra.protectData, ignoreChanges: ['capacity'] },
      })
    : undefined;
  const seed = new LibvirtCloudinitDisk(scope, 'seed', {
    forEach: each,
    name: `${each.key}-seed`,
    userData: each.getString('user_data'),
    metaData: each.getString('meta_data'),
    networkConfig: each.getString('network_config'),
  });
  // 0.9 builds the ISO on the Terraform host; this volume uploads it into the pool. Its format
  // stays unset: forcing `raw` makes the provider fail on read-back (dmacvicar/libvirt#1346).
  const seedIso = new LibvirtVolume(scope, 'seed_iso', {
    forEach: each,
    name: `${each.key}-seed.iso`,
    pool,
    create: { content: { url: sameKey(seed, 'path') } },
    // The provider cannot update a volume's content ("Update Not Supported"): a cloud-init
    // change replaces this node's seed volume instead, and only this node's. A seed re-made
    // on another machine (its ISO file was not there) is a create, which triggers nothing.
    lifecycle: { ignoreChanges: ['create'], replaceTriggeredBy: ['libvirt_cloudinit_disk.seed[each.key]'] },
  });

  const volume = (resource: LibvirtVolume) => ({ volume: { pool, volume: sameKey(resource, 'name') } });
  new LibvirtDomain(scope, 'node', {
    forEach: each,
    // A new OS disk under a running domain would stay unread until the domain restarts: the
    // domain is rebuilt with it, its data disk attached again. Triggered by the serial, never by
    // the volume: any planned change of the volume would replace the domain, destroying it before
    // an update the provider then refuses (Update Not Supported), and creating none.
    lifecycle: { replaceTriggeredBy: [imageOf] },
    ...domainShape(each),
    ...gracefulStop,
    devices: {
      ...commonDevices(infra, each),
      disks: [
        { source: volume(os), target: { dev: 'vda', bus: 'virtio' }, driver: { type: 'qcow2' } },
        ...(data ? [{ source: volume(data), target: { dev: 'vdb', bus: 'virtio' }, driver: { type: 'qcow2' } }] : []),
        { device: 'cdrom' as const, source: volume(seedIso), target: { dev: 'sda', bus: 'sata' }, read_only: true },
      ],
    },
  });
}
