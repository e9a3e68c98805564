import { describe, expect, it } from 'vitest';
import { check } from '../../src/check/run';
import { MINIMUM_TERRAFORM } from '../../src/infra/state';
import * as versions from '../../src/versions';
import { modify } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import type { EnvironmentSpec } from '../../src/model/environment';
import { rendered } from '../fixtures/render';

const terraform = (spec: EnvironmentSpec) => JSON.parse(rendered(spec).text('terraform/cdk.tf.json'));

describe('VM-layer safety', () => {
  it('protects every data disk from deletion, unless the environment says so for one change (with a warning)', () => {
    expect(terraform(dev).resource.libvirt_volume.data.lifecycle).toEqual({ prevent_destroy: true });
    const open = modify(dev, (e: any) => { e.infrastructure.protectData = false; });
    expect(terraform(open).resource.libvirt_volume.data.lifecycle).toEqual({ prevent_destroy: false });
    expect(check(open).filter((v) => v.code === 'vm.data-unprotected').map((v) => v.severity)).toEqual(['warning']);
    expect(check(dev).map((v) => v.code)).not.toContain('vm.data-unprotected');
  });

  it("replaces only the node's own seed volume when its cloud-init changes (the provider cannot update one)", () => {
    expect(terraform(dev).resource.libvirt_volume.seed_iso.lifecycle).toEqual({ replace_triggered_by: ['libvirt_cloudinit_disk.seed[each.key]'] });
  });

  it('fetches a new cloud image when the serial changes: the download is replaced, not updated (its provisioner runs only on create)', () => {
    const image = terraform(dev).resource.terraform_data.image;
    expect(image.triggers_replace).toEqual({ url: image.input.url, sha256: image.input.sha256 });
    expect(image.input.url).toContain(versions.cloudImage.serial);
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
    expect(vm.lifecycle.ignore_changes).toEqual(['initialization[0].vendor_data_file_id']);
    // Snippets go over SSH, through the ssh-agent; the user comes from PROXMOX_VE_SSH_USERNAME.
    expect(json.provider.proxmox[0].ssh).toEqual([{ agent: true }]);
  });

  it('adopts the running Proxmox VM by node and vmid, and refuses a plan that would replace it', () => {
    const json = terraform(mgmt as EnvironmentSpec);
    expect(json.import).toEqual([{ to: 'proxmox_virtual_environment_vm.node["lab-mgmt"]', id: 'pv1-1/201' }]);
    expect(json.resource.proxmox_virtual_environment_vm.node.lifecycle.prevent_destroy).toBe(true);
    const fresh = terraform(modify(mgmt as EnvironmentSpec, (e: any) => { delete e.infrastructure.adopt; }));
    expect(fresh.import).toBeUndefined();
    expect(fresh.resource.proxmox_virtual_environment_vm.node.lifecycle.prevent_destroy).toBe(false);
  });

  it('adopts running libvirt domains and their volumes under their live names, keyed by node', () => {
    const uuid = (n: number) => `0f0e0d0c-0b0a-4908-8706-05040302010${n}`;
    const spec = modify(dev, (e: any) => {
      delete e.infrastructure.migrateFromCount;
      e.infrastructure.adopt = { poolPath: '/var/lib/libvirt/images', domains: { 'k3s-dev-1': uuid(1), 'k3s-dev-3': uuid(3) } };
    });
    expect(check(spec).filter((v) => v.severity === 'error')).toEqual([]);
    const json = terraform(spec);
    expect(json.import).toEqual([
      { to: 'libvirt_domain.node["k3s-dev-1"]', id: uuid(1) },
      { to: 'libvirt_volume.os["k3s-dev-1"]', id: '/var/lib/libvirt/images/k3s-dev-1-os.qcow2' },
      { to: 'libvirt_volume.data["k3s-dev-1"]', id: '/var/lib/libvirt/images/k3s-dev-1-data.qcow2' },
      { to: 'libvirt_volume.seed_iso["k3s-dev-1"]', id: '/var/lib/libvirt/images/k3s-dev-1-seed.iso' },
      { to: 'libvirt_domain.node["k3s-dev-3"]', id: uuid(3) },
      { to: 'libvirt_volume.os["k3s-dev-3"]', id: '/var/lib/libvirt/images/k3s-dev-3-os.qcow2' },
      { to: 'libvirt_volume.data["k3s-dev-3"]', id: '/var/lib/libvirt/images/k3s-dev-3-data.qcow2' },
      { to: 'libvirt_volume.seed_iso["k3s-dev-3"]', id: '/var/lib/libvirt/images/k3s-dev-3-seed.iso' },
    ]);
    // Every address an import fills is one the JSON declares (for_each keyed by node).
    for (const { to } of json.import) {
      const [, type, name, key] = /^(\w+)\.(\w+)\["(.+)"\]$/.exec(to)!;
      expect(Object.keys(json.locals.nodes_by_name), to).toContain(key);
      expect(json.resource[type!][name!].for_each, to).toBeDefined();
    }
    // A running system disk or domain is never rebuilt: the plan fails instead.
    expect(json.resource.libvirt_volume.os.lifecycle).toEqual({ ignore_changes: ['create', 'backing_store', 'target'], prevent_destroy: true });
    expect(json.resource.libvirt_domain.node.lifecycle).toEqual({ prevent_destroy: true });
    expect(json.resource.libvirt_volume.data.lifecycle).toEqual({ prevent_destroy: true, ignore_changes: ['create', 'target'] });
    // The runbook states the plan the operator must see.
    const readme = rendered(spec).text('bootstrap/README.md');
    expect(readme).toContain('the plan must say **8 to import**, 11 to add, 2 to destroy (only the replaced volumes below)');
    // k3s-dev-2 is not adopted: all five of its resources are new.
    expect(readme).toContain('`libvirt_domain.node["k3s-dev-2"]`');
    expect(terraform(dev).import).toBeUndefined();
  });
});
