import { describe, expect, it } from 'vitest';
import { mgmt } from '../fixtures/fleet/mgmt';
import { prod } from '../fixtures/fleet/prod';
import { rendered } from '../fixtures/render';

describe('Proxmox stack (mgmt)', () => {
  const stack = () => {
    const text = rendered(mgmt).text('terraform/cdk.tf.json');
    const tf = JSON.parse(text);
    return { text, tf, vm: tf.resource.proxmox_virtual_environment_vm.node };
  };

  it('pins bpg/proxmox exactly', () => {
    const { text, tf, vm } = stack();
    expect(tf.terraform.required_providers).toEqual({ proxmox: { source: 'bpg/proxmox', version: '0.111.1' } });
  });

  it('keys the VM by node name with vmid 201 on vmbr0, VLAN 4', () => {
    const { text, tf, vm } = stack();
    expect(vm.for_each).toBe('${local.nodes_by_name}');
    expect(tf.locals.nodes_by_name['lab-mgmt']).toMatchObject({ vm_id: 201, cores: 2, memory_mib: 4096, disk_gib: 30, address: '192.168.4.21/24' });
    expect(vm.network_device).toEqual([expect.objectContaining({ bridge: 'vmbr0', vlan_id: 4, model: 'virtio' })]);
    expect(vm).toMatchObject({ node_name: 'pv1-1', scsi_hardware: 'virtio-scsi-pci', boot_order: ['scsi0'], agent: [{ enabled: true }], vga: [{ type: 'serial0' }] });
  });

  it('passes DNS servers as a list, never a joined string', () => {
    const { text, tf, vm } = stack();
    expect(vm.initialization[0].dns).toEqual([{ servers: ['192.168.4.8', '192.168.4.9'] }]);
    expect(vm.initialization[0].ip_config).toEqual([{ ipv4: [{ address: '${each.value.address}', gateway: '192.168.4.8' }] }]);
    expect(vm.initialization[0].user_account[0].username).toBe('ubuntu');
  });

  it('imports the boot disk from the checksummed image', () => {
    const { text, tf, vm } = stack();
    expect(tf.resource.proxmox_download_file.image).toMatchObject({
      content_type: 'import',
      datastore_id: 'local',
      checksum: '6a81c37564db9b1ee84e141922625e1d7c5b389b99bb3c572e0243607d5bb4d2',
      checksum_algorithm: 'sha256',
      url: 'https://cloud-images.ubuntu.com/noble/20260926/noble-server-cloudimg-amd64.img',
    });
    expect(vm.disk).toEqual([expect.objectContaining({ interface: 'scsi0', datastore_id: 'local-lvm', import_from: '${proxmox_download_file.image.id}' })]);
  });

  it('holds no credential: the token is a sensitive variable, optional so the env var works', () => {
    const { text, tf, vm } = stack();
    expect(tf.provider.proxmox[0].api_token).toBe('${var.proxmox_api_token}');
    expect(tf.variable.proxmox_api_token).toMatchObject({ sensitive: true, default: null });
    expect(text).not.toMatch(/password|PVEAPIToken|@pam!/i);
  });
});

describe('bare metal', () => {
  it('produces no terraform folder for prod', () => {
    expect([...rendered(prod).files.keys()].filter((p) => p.startsWith('terraform/'))).toEqual([]);
  });
});
