import { Token } from 'cdktf';
import type { MapTerraformIterator } from 'cdktf';
import type { Construct } from 'constructs';
import type { K3sEnvironment, LibvirtInfrastructure } from '../model/resolve';
import { nodesByName } from './nodes-by-name';
import { LibvirtDomain } from './providers/libvirt-domain';
import type { DomainDevices, DomainDisk, LibvirtDomainConfig } from './providers/libvirt-domain';

const QCOW2_DRIVER = { type: 'qcow2' } as const;

/** What every domain of the environment is, created or adopted, but its disks. */
export function domainShape(iterator: MapTerraformIterator): Omit<LibvirtDomainConfig, 'devices'> {
  return {
    forEach: iterator,
    name: iterator.key,
    type: 'kvm',
    memory: iterator.getNumber('memory_mib'),
    memoryUnit: 'MiB',
    vcpu: iterator.getNumber('vcpu'),
    running: true,
    autostart: true,
    cpu: { mode: 'host-passthrough' },
    os: { type: 'hvm', type_arch: 'x86_64', type_machine: 'q35', boot_devices: [{ dev: 'hd' }] },
    // 0.9 writes only what is configured: without <acpi/> the guest has no power button, and the
    // graceful stop before every redefine (domain_resource.go:655-667) relies on the guest agent.
    features: { acpi: true },
  };
}

/** The devices every domain has besides its disks: the bridged NIC, a serial console, the agent's channel. */
export function commonDevices(infra: LibvirtInfrastructure, iterator: MapTerraformIterator): Omit<DomainDevices, 'disks'> {
  return {
    interfaces: [{ source: { bridge: { bridge: infra.bridge } }, mac: { address: iterator.getString('mac') }, model: { type: 'virtio' } }],
    consoles: [{ target: { type: 'serial', port: 0 } }],
    serials: [{ target: { port: 0 } }],
    channels: [{ source: { unix: {} }, target: { virt_io: { name: 'org.qemu.guest_agent.0' } } }],
  };
}

/**
 * The domains that already ran, imported by UUID (`libvirt_domain.adopted["<node>"]`) with their
 * disks attached by the files they use: no volume of theirs is managed, created or ever deleted
 * here. Never updated either: after an import, Read fills the state from the whole live XML
 * (domain_resource.go:865-872), so any field the model does not spell out would be an update,
 * and every update stops the VM (:1034). A rebuilt node leaves adoption.
 */
export function adoptDomains(scope: Construct, env: K3sEnvironment, infra: LibvirtInfrastructure): void {
  const domains = infra.adopt?.domains ?? {};
  const adopted = env.vms.filter((vm) => domains[vm.node.name] !== undefined);
  if (adopted.length === 0) return;
  const file = (path: string, target: DomainDisk['target'], extra: Partial<DomainDisk> = {}): DomainDisk => ({ source: { file: { file: path } }, target, ...extra });
  const each = nodesByName(
    scope,
    adopted.map((vm) => {
      const d = domains[vm.node.name]!;
      const disks: DomainDisk[] = [
        file(d.osDisk, { dev: 'vda', bus: 'virtio' }, { driver: QCOW2_DRIVER }),
        ...(d.dataDisk ? [file(d.dataDisk, { dev: 'vdb', bus: 'virtio' }, { driver: QCOW2_DRIVER })] : []),
        ...(d.seed ? [file(d.seed, { dev: 'sda', bus: 'sata' }, { device: 'cdrom', read_only: true })] : []),
      ];
      return [vm.node.name, { mac: vm.mac, vcpu: vm.sizing.vcpus, memory_mib: vm.sizing.memoryMiB, disks }];
    }),
    'adopted_by_name',
  );
  new LibvirtDomain(scope, 'adopted', {
    ...domainShape(each),
    lifecycle: { ignoreChanges: 'all', preventDestroy: true },
    devices: { ...commonDevices(infra, each), disks: Token.asAny(each.getList('disks')) as unknown as DomainDisk[] },
  });
}
