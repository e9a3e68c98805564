import { describe, expect, it } from 'vitest';
import { machineUpdateNotes } from '../../src/cli/machine-updates';

const disk = (volume: string) => ({ source: { volume: { pool: 'default', volume } }, target: { dev: 'vda', bus: 'virtio' } });
const domain = (node: string, before: string, after: string) => ({
  address: `libvirt_domain.node["${node}"]`,
  type: 'libvirt_domain',
  change: { actions: ['update'], before: { name: node, devices: { disks: [disk(before)] } }, after: { name: node, devices: { disks: [disk(after)] } }, after_unknown: {} },
});

describe('machineUpdateNotes', () => {
  it('names the rolling Day 2 procedure for domains and VMs updated in place, and nothing for other updates', () => {
    const notes = machineUpdateNotes([
      domain('k3s-dev-1', 'k3s-dev-1-os.qcow2', 'k3s-dev-1-os.qcow2'),
      { address: 'proxmox_virtual_environment_vm.node["lab-mgmt"]', type: 'proxmox_virtual_environment_vm', change: { actions: ['update'], before: {}, after: {} } },
      { address: 'terraform_data.os_image["k3s-dev-1"]', type: 'terraform_data', change: { actions: ['update'] } },
      { address: 'libvirt_domain.node["k3s-dev-2"]', type: 'libvirt_domain', change: { actions: ['delete', 'create'] } },
    ], 'dev');
    expect(notes).toEqual(['  libvirt_domain.node["k3s-dev-1"], proxmox_virtual_environment_vm.node["lab-mgmt"]: each update stops its VM; apply them one server at a time, as bootstrap/README.md\'s Day 2 "A VM change that stops servers (sizing, hardware, a provider setting)" does\n']);
    expect(machineUpdateNotes([{ address: 'libvirt_volume.os["k3s-dev-1"]', type: 'libvirt_volume', change: { actions: ['update'] } }], 'dev')).toEqual([]);
  });

  it('fails when a domain update gives it other disks (a count-era volume forgotten, a new empty one in its place): no rolling order, the files kept by adoption', () => {
    const notes = machineUpdateNotes([domain('k3s-dev-1', 'k3s-dev-1.qcow2', 'k3s-dev-1-os.qcow2')], 'dev');
    expect(notes).toEqual(['  libvirt_domain.node["k3s-dev-1"]: its disks change, so it would start again on other disks; no rolling order makes that safe: keep the files it runs on by adopting the domains (infrastructure.adopt.domains, each disk by its file) and planning from an empty state (leave .terraform-state/dev.tfstate out)\n']);
  });
});
