import { Fn, TerraformStack, Token } from 'cdktf';
import type { Construct } from 'constructs';
import type { Environment, LibvirtInfrastructure } from '../model/resolve';
import { metaData, networkConfig, userData } from './cloud-init';
import { adoptionPlan } from './adoption';
import { CachedImage, imageFile } from './image-cache';
import { nodesByName } from './nodes-by-name';
import { addNodeOutputs } from './outputs';
import { LibvirtCloudinitDisk } from './providers/libvirt-cloudinit-disk';
import { LibvirtDomain } from './providers/libvirt-domain';
import { LibvirtProvider } from './providers/libvirt-provider';
import { LibvirtVolume } from './providers/libvirt-volume';
import { useRepositoryState } from './state';

const GiB = 1024 ** 3;
const QCOW2 = { type: 'qcow2' } as const;
const DATA_DEVICE = '/dev/vdb';

/** The resources an older count-based module declared per node, by type and name. */
export const COUNT_ERA_RESOURCES = [
  'libvirt_volume.os',
  'libvirt_volume.data',
  'libvirt_cloudinit_disk.seed',
  'libvirt_domain.node',
] as const;

export interface LibvirtClusterStackProps {
  readonly env: Environment;
  readonly infra: LibvirtInfrastructure;
}

/**
 * The dev VM layer: a checksummed base image, then per live node an OS overlay, a data disk, a
 * cloud-init seed and a domain. Each per-node resource is ONE block with for_each over
 * `local.nodes_by_name`, keyed by node name, so `libvirt_domain.node["k3s-dev-3"]` can be replaced alone.
 */
export class LibvirtClusterStack extends TerraformStack {
  public constructor(scope: Construct, id: string, props: LibvirtClusterStackProps) {
    super(scope, id);
    const { env, infra } = props;
    const pool = infra.pool;
    const withData = infra.vm.dataDiskGiB !== undefined;
    useRepositoryState(this, env.name);
    // The URI as written: left out, the provider block stays empty and the provider's own default (the same qemu:///system) applies.
    new LibvirtProvider(this, 'libvirt', { uri: env.spec.infrastructure.kind === 'libvirt' ? env.spec.infrastructure.uri : undefined });

    const each = nodesByName(
      this,
      env.vms.map((vm) => [
        vm.node.name,
        {
          ip: vm.node.ip,
          mac: vm.mac,
          vcpu: vm.sizing.vcpus,
          memory_mib: vm.sizing.memoryMiB,
          os_disk_bytes: vm.sizing.osDiskGiB * GiB,
          ...(withData && { data_disk_bytes: (vm.sizing.dataDiskGiB ?? 0) * GiB }),
          user_data: userData(env, vm, withData ? DATA_DEVICE : undefined),
          meta_data: metaData(vm),
          network_config: networkConfig(env, vm),
        },
      ]),
    );
    // Same-key references go through lookups: a splat on a for_each resource fails at apply.
    const sameKey = (resource: { fqn: string }, attribute: string) => Token.asString(Fn.lookupNested(resource.fqn, [each.key, attribute]));

    const image = new CachedImage(this, 'image', env.versions);
    const base = new LibvirtVolume(this, 'base', {
      name: imageFile(env.versions, 'qcow2'),
      pool,
      target: { format: QCOW2 },
      create: { content: { url: image.path } },
      // The path is known at plan time; the dependency makes the upload wait for the verified fetch.
      dependsOn: [image],
      // The provider cannot update a volume's content, and this one's is fixed by its name (the
      // serial): what `create` says only matters when the volume is created.
      lifecycle: { ignoreChanges: ['create'] },
    });
    // Adopted disks were created by another module, from another base image: the attributes that
    // only describe how a volume was made are left as they are, and a plan that would still
    // replace a running system disk or domain fails instead of rebuilding it.
    const adopting = infra.adopt !== undefined;
    const adopted = adopting ? { ignoreChanges: ['create', 'backing_store', 'target'], preventDestroy: true } : undefined;
    const os = new LibvirtVolume(this, 'os', {
      forEach: each,
      name: `${each.key}-os.qcow2`,
      pool,
      capacity: each.getNumber('os_disk_bytes'),
      target: { format: QCOW2 },
      backingStore: { path: base.path, format: QCOW2 },
      lifecycle: adopted,
    });
    const data = withData
      ? new LibvirtVolume(this, 'data', {
          forEach: each,
          name: `${each.key}-data.qcow2`,
          pool,
          capacity: each.getNumber('data_disk_bytes'),
          target: { format: QCOW2 },
          // Longhorn's replicas live here: a plan that would delete one fails instead.
          lifecycle: { preventDestroy: infra.protectData, ...(adopting && { ignoreChanges: ['create', 'target'] }) },
        })
      : undefined;
    const seed = new LibvirtCloudinitDisk(this, 'seed', {
      forEach: each,
      name: `${each.key}-seed`,
      userData: each.getString('user_data'),
      metaData: each.getString('meta_data'),
      networkConfig: each.getString('network_config'),
    });
    // 0.9 builds the ISO on the Terraform host; this volume uploads it into the pool. Its format
    // stays unset: forcing `raw` makes the provider fail on read-back (dmacvicar/libvirt#1346).
    const seedIso = new LibvirtVolume(this, 'seed_iso', {
      forEach: each,
      name: `${each.key}-seed.iso`,
      pool,
      create: { content: { url: sameKey(seed, 'path') } },
      // The provider cannot update a volume's content ("Update Not Supported"): a cloud-init
      // change replaces this node's seed volume instead, and only this node's.
      lifecycle: { replaceTriggeredBy: ['libvirt_cloudinit_disk.seed[each.key]'] },
    });

    const volume = (resource: LibvirtVolume) => ({ volume: { pool, volume: sameKey(resource, 'name') } });
    new LibvirtDomain(this, 'node', {
      forEach: each,
      lifecycle: adopting ? { preventDestroy: true } : undefined,
      name: each.key,
      type: 'kvm',
      memory: each.getNumber('memory_mib'),
      memoryUnit: 'MiB',
      vcpu: each.getNumber('vcpu'),
      running: true,
      autostart: true,
      cpu: { mode: 'host-passthrough' },
      os: { type: 'hvm', type_arch: 'x86_64', type_machine: 'q35', boot_devices: [{ dev: 'hd' }] },
      devices: {
        disks: [
          { source: volume(os), target: { dev: 'vda', bus: 'virtio' }, driver: { type: 'qcow2' } },
          ...(data ? [{ source: volume(data), target: { dev: 'vdb', bus: 'virtio' }, driver: { type: 'qcow2' } }] : []),
          { device: 'cdrom' as const, source: volume(seedIso), target: { dev: 'sda', bus: 'sata' }, read_only: true },
        ],
        interfaces: [{ source: { bridge: { bridge: infra.bridge } }, mac: { address: each.getString('mac') }, model: { type: 'virtio' } }],
        consoles: [{ target: { type: 'serial', port: 0 } }],
        serials: [{ target: { port: 0 } }],
        channels: [{ source: { unix: {} }, target: { virt_io: { name: 'org.qemu.guest_agent.0' } } }],
      },
    });

    const moved = (infra.migrateFromCount ?? []).flatMap((name, index) =>
      COUNT_ERA_RESOURCES.filter((address) => withData || address !== 'libvirt_volume.data').map((address) => ({
        from: `${address}[${index}]`,
        to: `${address}["${name}"]`,
      })),
    );
    // cdktf has no moved-block API for a count -> for_each key move; a stack override writes
    // plain `moved` blocks and, unlike moveTo(), calls no terraform binary during synth.
    if (moved.length > 0) this.addOverride('moved', moved);
    const imports = adoptionPlan(env).imports;
    if (imports.length > 0) this.addOverride('import', imports);
    addNodeOutputs(this, env);
  }
}
