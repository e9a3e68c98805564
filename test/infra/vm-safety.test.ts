import { describe, expect, it } from 'vitest';
import { check } from '../../src/check/run';
import { MINIMUM_TERRAFORM } from '../../src/model/minimum-terraform';
import * as versions from '../../src/versions';
import { modify } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import type { EnvironmentSpec } from '../../src/model/environment';
import { rendered } from '../fixtures/render';

const terraform = (spec: EnvironmentSpec) => JSON.parse(rendered(spec).text('terraform/cdk.tf.json'));

describe('VM-layer safety', () => {
  it('protects every data disk from deletion, unless the environment says so for one change (with a warning)', () => {
    expect(terraform(dev).resource.libvirt_volume.data.lifecycle).toMatchObject({ prevent_destroy: true });
    const open = modify(dev, (e: any) => { e.infrastructure.protectData = false; });
    expect(terraform(open).resource.libvirt_volume.data.lifecycle).toMatchObject({ prevent_destroy: false });
    expect(check(open).filter((v) => v.code === 'vm.data-unprotected').map((v) => v.severity)).toEqual(['warning']);
    expect(check(dev).map((v) => v.code)).not.toContain('vm.data-unprotected');
  });

  it("replaces only the node's own seed volume when its cloud-init changes (the provider cannot update one), and never for a seed re-made elsewhere", () => {
    // A seed re-made on another machine has a new ISO path: `create` is read at create only.
    expect(terraform(dev).resource.libvirt_volume.seed_iso.lifecycle).toEqual({ ignore_changes: ['create'], replace_triggered_by: ['libvirt_cloudinit_disk.seed[each.key]'] });
  });

  it("fetches each serial a node is built on whose checksum the environment knows: its own and the catalogue's, each replaced (never updated) when its checksum moves", () => {
    const image = terraform(dev).resource.terraform_data.image;
    expect(image.triggers_replace).toEqual({ url: '${each.value.url}', sha256: '${each.value.sha256}' });
    expect(Object.keys(image.for_each)).toEqual([versions.cloudImage.serial]);
    // A fleet that pins a newer serial keeps the catalogue's nodes buildable from an empty pool.
    const next = modify(dev, (e) => { e.versions = { cloudImage: { serial: '20261101', sha256: 'ab'.repeat(32) } }; e.nodes[2]!.vm = { image: '20261101' }; });
    expect(Object.keys(terraform(next).resource.terraform_data.image.for_each)).toEqual([versions.cloudImage.serial, '20261101']);
    // A serial nobody knows the checksum of is kept as a volume, but not fetched, and said so.
    const old = modify(dev, (e) => { e.nodes[2]!.vm = { image: '20250101' }; });
    expect(Object.keys(terraform(old).resource.terraform_data.image.for_each)).toEqual([versions.cloudImage.serial]);
    expect(Object.keys(terraform(old).resource.libvirt_volume.base.for_each)).toEqual(['20250101', versions.cloudImage.serial]);
    expect(check(old).filter((v) => v.code === 'vm.image-unfetched').map((v) => [v.severity, v.path])).toEqual([['warning', 'dev.nodes[2].vm.image']]);
  });

  it('states the oldest Terraform / OpenTofu that reads the JSON, in both stacks', () => {
    expect(MINIMUM_TERRAFORM).toBe('1.7.0');
    expect(terraform(dev).terraform.required_version).toBe('>= 1.7.0');
    expect(terraform(mgmt as EnvironmentSpec).terraform.required_version).toBe('>= 1.7.0');
  });

  it('installs the guest agent the Proxmox VM enables, through vendor data a later edit never replaces the VM for', () => {
    const json = terraform(mgmt as EnvironmentSpec);
    const snippet = json.resource.proxmox_virtual_environment_file.vendor_data;
    expect(snippet).toMatchObject({ content_type: 'snippets', datastore_id: 'local', node_name: 'pv1-1' });
    expect(snippet.source_raw[0].file_name).toBe('mgmt-vendor-data.yaml');
    expect(snippet.source_raw[0].data).toMatch(/^#cloud-config\npackages:\n {2}- qemu-guest-agent\n/);
    const vm = json.resource.proxmox_virtual_environment_vm.node;
    expect(vm.agent).toEqual([{ enabled: true }]);
    expect(vm.initialization[0].vendor_data_file_id).toBe('${proxmox_virtual_environment_file.vendor_data.id}');
    expect(vm.lifecycle.ignore_changes).toEqual(['initialization[0].vendor_data_file_id', 'disk[0].import_from']);
    // Snippets go over SSH, through the ssh-agent; the user comes from PROXMOX_VE_SSH_USERNAME.
    expect(json.provider.proxmox[0].ssh).toEqual([{ agent: true }]);
  });

  it("adopts the running Proxmox VM by node and vmid as it runs: its NIC, hardware and keys; reboot_after_update at the provider's default, as the import leaves it", () => {
    const json = terraform(mgmt as EnvironmentSpec);
    expect(json.import).toEqual([{ to: 'proxmox_virtual_environment_vm.node["lab-mgmt"]', id: 'pv1-1/201' }]);
    const vm = json.resource.proxmox_virtual_environment_vm.node;
    expect(vm.lifecycle.prevent_destroy).toBe(true);
    expect(vm.reboot_after_update).toBeUndefined();
    expect(json.locals.nodes_by_name['lab-mgmt']).not.toHaveProperty('reboot_after_update');
    // The defaults are what `qm config` shows when a line is absent.
    expect(json.locals.nodes_by_name['lab-mgmt']).toMatchObject({ mac: 'BC:24:11:5E:02:01', machine: '', cpu_type: 'qemu64', os_type: 'other', on_boot: false, discard: 'ignore', ssh_keys: mgmt.infrastructure.access.sshKeys });
    expect([vm.machine, vm.cpu[0].type, vm.operating_system[0].type, vm.on_boot, vm.disk[0].discard, vm.network_device[0].mac_address, vm.initialization[0].user_account[0].keys]).toEqual(
      ['${each.value.machine}', '${each.value.cpu_type}', '${each.value.os_type}', '${each.value.on_boot}', '${each.value.discard}', '${each.value.mac}', '${each.value.ssh_keys}'],
    );
    const fresh = terraform(modify(mgmt as EnvironmentSpec, (e: any) => { delete e.infrastructure.adopt; }));
    expect(fresh.import).toBeUndefined();
    expect(fresh.resource.proxmox_virtual_environment_vm.node).toMatchObject({ machine: 'q35', cpu: [{ type: 'x86-64-v2-AES' }], on_boot: true, operating_system: [{ type: 'l26' }] });
    expect(fresh.resource.proxmox_virtual_environment_vm.node.reboot_after_update).toBeUndefined();
    expect(fresh.resource.proxmox_virtual_environment_vm.node.lifecycle.prevent_destroy).toBeUndefined();
  });

  it('never re-downloads the pinned image: the download skips the upstream size check', () => {
    expect(terraform(mgmt as EnvironmentSpec).resource.proxmox_download_file.image.overwrite).toBe(false);
  });

  it('adopts running libvirt domains by UUID with their disks attached by path, and manages no volume of theirs', () => {
    const uuid = (n: number) => `0f0e0d0c-0b0a-4908-8706-05040302010${n}`;
    const disks = (n: number) => ({ uuid: uuid(n), osDisk: `/srv/pool/k3s-dev-${n}.qcow2`, dataDisk: `/srv/pool/k3s-dev-${n}-longhorn.qcow2`, seed: `/srv/pool/k3s-dev-${n}-init.iso` });
    const spec = modify(dev, (e: any) => {
      delete e.infrastructure.migrateFromCount;
      e.infrastructure.adopt = { domains: { 'k3s-dev-1': disks(1), 'k3s-dev-3': disks(3) } };
      for (const n of e.nodes) if (n.name !== 'k3s-dev-2') delete n.vm;
    });
    expect(check(spec).filter((v) => v.severity === 'error')).toEqual([]);
    const json = terraform(spec);
    expect(json.import).toEqual([
      { to: 'libvirt_domain.adopted["k3s-dev-1"]', id: uuid(1) },
      { to: 'libvirt_domain.adopted["k3s-dev-3"]', id: uuid(3) },
    ]);
    // Only k3s-dev-2 gets volumes; an adopted domain's are its live files, never created over.
    for (const volume of ['os', 'data', 'seed_iso']) expect(Object.keys(json.locals.nodes_by_name), volume).toEqual(['k3s-dev-2']);
    expect(json.resource.libvirt_volume.os.for_each).toBe('${local.nodes_by_name}');
    const adopted = json.resource.libvirt_domain.adopted;
    expect(adopted.for_each).toBe('${local.adopted_by_name}');
    expect(adopted.lifecycle).toEqual({ ignore_changes: 'all', prevent_destroy: true });
    expect(adopted.devices.disks).toBe('${each.value.disks}');
    expect(json.locals.adopted_by_name['k3s-dev-1'].disks.map((d: any) => d.source.file.file)).toEqual(['/srv/pool/k3s-dev-1.qcow2', '/srv/pool/k3s-dev-1-longhorn.qcow2', '/srv/pool/k3s-dev-1-init.iso']);
    // The runbook states the plan the operator must see, and deploy checks it.
    const readme = rendered(spec).text('bootstrap/README.md');
    expect(readme).toContain('The plan must be exactly **2 to import, 8 to add, 0 to change, 0 to destroy**');
    expect(readme).toContain('npm run deploy -- dev --expect import=2,add=8,change=0,destroy=0');
    expect(readme).toContain('`libvirt_domain.node["k3s-dev-2"]`');
    expect(terraform(dev).import).toBeUndefined();
  });
});
