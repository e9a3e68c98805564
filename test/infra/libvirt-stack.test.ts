import { describe, expect, it } from 'vitest';
import { dev } from '../fixtures/fleet/dev';
import { renderTerraform } from '../../src/infra/render';
import type { EnvironmentSpec } from '../../src/model/environment';
import { macFor } from '../../src/model/resolve';
import { modify, threeServers, resolveK3s } from '../fixtures/environments';
import { rendered } from '../fixtures/render';

const PER_NODE = [
  ['libvirt_volume', 'os'],
  ['libvirt_volume', 'data'],
  ['libvirt_cloudinit_disk', 'seed'],
  ['libvirt_volume', 'seed_iso'],
  ['libvirt_domain', 'node'],
] as const;

/** The stack JSON of a spec, rendered without the model checks (for shapes checks would refuse). */
function stackOf(spec: EnvironmentSpec): any {
  const [artifact] = renderTerraform(resolveK3s(spec));
  return (artifact as { json: unknown }).json;
}

describe('libvirt stack (dev)', () => {
  const stack = () => JSON.parse(rendered(dev).text('terraform/cdk.tf.json'));

  it('pins dmacvicar/libvirt exactly and keeps state on a relative path', () => {
    const tf = stack();
    expect(tf.terraform.required_providers).toEqual({ libvirt: { source: 'dmacvicar/libvirt', version: '0.9.7' } });
    expect(tf.terraform.backend.local.path).toBe('../../../.terraform-state/dev.tfstate');
    expect(tf.provider.libvirt).toEqual([{ uri: 'qemu:///system' }]);
  });

  it('declares each per-node resource once, with for_each over a map keyed by node name', () => {
    const tf = stack();
    expect(Object.keys(tf.locals.nodes_by_name)).toEqual(['k3s-dev-1', 'k3s-dev-2', 'k3s-dev-3']);
    for (const [type, name] of PER_NODE) {
      expect(tf.resource[type], type).toHaveProperty(name);
      expect(tf.resource[type][name].for_each, `${type}.${name}`).toBe('${local.nodes_by_name}');
    }
  });

  it('references same-key siblings by lookup, never by splat', () => {
    const tf = stack();
    const text = JSON.stringify(tf.resource);
    expect(text).not.toContain('.*.');
    const disks = tf.resource.libvirt_domain.node.devices.disks;
    expect(disks.map((d: any) => d.source.volume.volume)).toEqual([
      '${libvirt_volume.os[each.key].name}',
      '${libvirt_volume.data[each.key].name}',
      '${libvirt_volume.seed_iso[each.key].name}',
    ]);
    expect(tf.resource.libvirt_volume.seed_iso.create.content.url).toBe('${libvirt_cloudinit_disk.seed[each.key].path}');
  });

  it('writes 12 moved blocks from the count indexes to the node keys, and one from the single base volume of earlier releases to its serial', () => {
    const tf = stack();
    expect(tf.moved).toHaveLength(14);
    expect(tf.moved.slice(-2)).toEqual([
      { from: 'libvirt_volume.base', to: 'libvirt_volume.base["20260926"]' },
      { from: 'terraform_data.image', to: 'terraform_data.image["20260926"]' },
    ]);
    expect(tf.moved).toContainEqual({ from: 'libvirt_domain.node[0]', to: 'libvirt_domain.node["k3s-dev-1"]' });
    expect(tf.moved).toContainEqual({ from: 'libvirt_volume.os[2]', to: 'libvirt_volume.os["k3s-dev-3"]' });
    expect(tf.moved).toContainEqual({ from: 'libvirt_cloudinit_disk.seed[1]', to: 'libvirt_cloudinit_disk.seed["k3s-dev-2"]' });
    expect(tf.moved).toContainEqual({ from: 'libvirt_volume.data[1]', to: 'libvirt_volume.data["k3s-dev-2"]' });
    expect(new Set(tf.moved.map((m: any) => m.to)).size).toBe(14);
  });

  it('boots a running, autostarted kvm domain with units, guest agent and serial console', () => {
    const tf = stack();
    const domain = tf.resource.libvirt_domain.node;
    expect(domain).toMatchObject({ type: 'kvm', running: true, autostart: true, memory_unit: 'MiB', memory: '${each.value.memory_mib}' });
    expect(domain.devices.channels).toEqual([{ source: { unix: {} }, target: { virt_io: { name: 'org.qemu.guest_agent.0' } } }]);
    expect(domain.devices.consoles).toEqual([{ target: { type: 'serial', port: 0 } }]);
    expect(domain.devices.interfaces[0]).toEqual({ source: { bridge: { bridge: 'br0' } }, mac: { address: '${each.value.mac}' }, model: { type: 'virtio' } });
    expect(tf.locals.nodes_by_name['k3s-dev-2']).toMatchObject({ vcpu: 4, memory_mib: 6144, os_disk_bytes: 40 * 2 ** 30, data_disk_bytes: 100 * 2 ** 30 });
  });

  it('builds the base volume from the pinned image, verified by its checksum before use', () => {
    const tf = stack();
    // One fetch per serial in use whose checksum the environment knows, keyed by the serial.
    const image = tf.resource.terraform_data.image;
    expect(image.for_each).toEqual({ '20260926': {
      url: 'https://cloud-images.ubuntu.com/noble/20260926/noble-server-cloudimg-amd64.img',
      sha256: '6a81c37564db9b1ee84e141922625e1d7c5b389b99bb3c572e0243607d5bb4d2',
      path: '${pathexpand("~/.cache/k3s-gitops/images/ubuntu-noble-20260926.img")}',
    } });
    expect(image.input).toEqual({ url: '${each.value.url}', sha256: '${each.value.sha256}', path: '${each.value.path}' });
    expect(image.triggers_replace).toEqual({ url: '${each.value.url}', sha256: '${each.value.sha256}' });
    expect(image.provisioner[0]['local-exec'].command).toContain('sha256sum -c');
    // One base volume per serial an OS disk is built on, keyed by the serial.
    expect(tf.resource.libvirt_volume.base).toMatchObject({
      for_each: { '20260926': { url: image.for_each['20260926'].path } },
      name: 'ubuntu-noble-${each.key}.qcow2',
      // The verified file, known at plan time; the upload waits for the fetch and its check.
      create: { content: { url: '${each.value.url}' } },
      depends_on: ['terraform_data.image'],
      // Its content is fixed by its name (the serial): `create` matters only when it is created.
      lifecycle: { ignore_changes: ['create'] },
    });
    // Each OS disk is an overlay of its node's serial, fixed at create; a new serial rebuilds it.
    expect(tf.resource.libvirt_volume.os.backing_store.path).toBe('${libvirt_volume.base[each.value.image].path}');
    expect(tf.resource.libvirt_volume.os.lifecycle).toMatchObject({ replace_triggered_by: ['terraform_data.os_image[each.key]'] });
    expect(tf.resource.libvirt_volume.os.lifecycle.ignore_changes).toContain('backing_store');
    expect(tf.resource.terraform_data.os_image).toMatchObject({ for_each: '${local.nodes_by_name}', input: { serial: '${each.value.image}' } });
    expect(tf.resource.libvirt_domain.node.features).toEqual({ acpi: true });
  });

  it('replaces a domain for a new serial of its image, never for a planned change of its OS volume', () => {
    // The volume's update would fail after the domain's destroy (Update Not Supported): nothing would create it again.
    expect(stack().resource.libvirt_domain.node.lifecycle).toEqual({ replace_triggered_by: ['terraform_data.os_image[each.key]'] });
  });

  it('plans no change of a disk for its size: capacity is ignored on the OS and the data disks, the runbook grows them', () => {
    const tf = stack();
    expect(tf.resource.libvirt_volume.os.lifecycle.ignore_changes).toEqual(['backing_store', 'capacity']);
    expect(tf.resource.libvirt_volume.data.lifecycle).toEqual({ prevent_destroy: true, ignore_changes: ['capacity'] });
    // The size still goes to a disk that is created.
    expect([tf.resource.libvirt_volume.os.capacity, tf.resource.libvirt_volume.data.capacity]).toEqual(['${each.value.os_disk_bytes}', '${each.value.data_disk_bytes}']);
  });

  it('stops every domain it creates by a guest shutdown, given 120 s, for an update and for a destroy', () => {
    const domain = stack().resource.libvirt_domain.node;
    expect(domain.update).toEqual({ shutdown: { timeout: 120 } });
    expect(domain.destroy).toEqual({ shutdown: { timeout: 120 } });
  });

  it('derives a stable MAC per node name', () => {
    const tf = stack();
    expect(tf.locals.nodes_by_name['k3s-dev-1'].mac).toBe(macFor('k3s-dev-1'));
    expect(macFor('k3s-dev-1')).toMatch(/^52:54:00(:[0-9a-f]{2}){3}$/);
    expect(macFor('k3s-dev-1')).not.toBe(macFor('k3s-dev-2'));
  });

  it('configures each VM with its static address, gateway and DNS list', () => {
    const tf = stack();
    const node = tf.locals.nodes_by_name['k3s-dev-3'];
    expect(node.network_config).toContain('- 192.168.1.52/24');
    expect(node.network_config).toContain('via: 192.168.1.1');
    expect(node.network_config).toContain(`macaddress: ${macFor('k3s-dev-3')}`);
    expect(node.user_data.startsWith('#cloud-config\n')).toBe(true);
    expect(node.user_data).toContain('hostname: k3s-dev-3');
    expect(node.meta_data).toBe('instance-id: k3s-dev-3\nlocal-hostname: k3s-dev-3\n');
  });

  it('outputs the ordered node list, the primary and an inventory', () => {
    const tf = stack();
    expect(tf.output.nodes.value).toEqual([
      { name: 'k3s-dev-1', ip: '192.168.1.50' },
      { name: 'k3s-dev-2', ip: '192.168.1.51' },
      { name: 'k3s-dev-3', ip: '192.168.1.52' },
    ]);
    expect(tf.output.primary.value).toEqual({ name: 'k3s-dev-1', ip: '192.168.1.50' });
    expect(tf.output.inventory.value).toContain('k3s-dev-2 ansible_host=192.168.1.51\n');
  });
});

describe('keyed stability', () => {
  const base = modify(threeServers, () => {});
  const without = (tf: any, key: string) => {
    const copy = structuredClone(tf);
    delete copy.locals.nodes_by_name[key];
    delete copy.output;
    return copy;
  };

  it('adding a node changes only the entries keyed by it', () => {
    const before = stackOf(base);
    const after = stackOf(modify(base, (e) => { e.nodes.push({ name: 'fx-4', ip: '10.20.0.14' }); }));
    expect(Object.keys(after.locals.nodes_by_name)).toEqual(['fx-1', 'fx-2', 'fx-3', 'fx-4']);
    expect(without(after, 'fx-4')).toEqual(without(before, 'fx-4'));
    expect(after.output.nodes.value.slice(0, 3)).toEqual(before.output.nodes.value);
  });

  it('removing a node changes only its own entries', () => {
    const before = stackOf(base);
    const after = stackOf(modify(base, (e) => { e.nodes.splice(1, 1); }));
    expect(Object.keys(after.locals.nodes_by_name)).toEqual(['fx-1', 'fx-3']);
    expect(without(after, 'fx-2')).toEqual(without(before, 'fx-2'));
    expect(after.locals.nodes_by_name['fx-3']).toEqual(before.locals.nodes_by_name['fx-3']);
  });

  it('leaves out the data volume when the environment has no data disks', () => {
    const tf = stackOf(modify(base, (e: any) => { delete e.infrastructure.vm.dataDiskGiB; e.infrastructure.migrateFromCount = ['fx-1']; }));
    expect(tf.resource.libvirt_volume).not.toHaveProperty('data');
    expect(tf.resource.libvirt_domain.node.devices.disks).toHaveLength(2);
    expect(tf.moved.map((m: any) => m.from)).toEqual(['libvirt_volume.os[0]', 'libvirt_cloudinit_disk.seed[0]', 'libvirt_domain.node[0]', 'libvirt_volume.base', 'terraform_data.image']);
  });
});
