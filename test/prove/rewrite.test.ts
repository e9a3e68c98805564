import { describe, expect, it } from 'vitest';
import { rewriteStack } from '../../prove/rewrite';

// The proving ground's copy departs from the generated JSON only where this machine lacks what a
// real libvirt host has; everything else stays byte for byte, and each rewrite is listed.

const limits = { image: { path: '/work/stand-in.qcow2', sha256: 'ab'.repeat(32) }, updateShutdownSeconds: 1 };
const stack = () => ({
  resource: {
    libvirt_domain: {
      node: { type: 'kvm', cpu: { mode: 'host-passthrough' }, update: { shutdown: { timeout: 120 } }, destroy: { shutdown: { timeout: 120 } }, memory: 1024, devices: { interfaces: [{ source: { bridge: { bridge: 'br0' } } }] } },
    },
    terraform_data: {
      image: { for_each: { '20260926': { url: 'https://cloud-images.ubuntu.com/x.img', sha256: 'cd'.repeat(32), path: '~/.cache/x.img' } } },
      os_image: { for_each: '${local.nodes_by_name}', input: { serial: '${each.value.image}' } },
    },
  },
});

describe('the proving ground rewrites a copy', () => {
  it('rewrites the domain type, CPU mode, shutdown waits and the image source, and lists each', () => {
    const input = stack();
    const { stack: copy, rewrites } = rewriteStack(input, limits);
    expect(copy.resource.libvirt_domain.node).toMatchObject({ type: 'qemu', cpu: { mode: 'maximum' }, update: { shutdown: { timeout: 1 } }, memory: 1024 });
    expect(copy.resource.libvirt_domain.node.destroy).toBeUndefined();
    expect(copy.resource.terraform_data.image.for_each['20260926']).toEqual({ url: 'file:///work/stand-in.qcow2', sha256: 'ab'.repeat(32), path: '~/.cache/x.img' });
    expect(rewrites.map((r) => `${r.address} ${r.path}`)).toEqual([
      'libvirt_domain.node type',
      'libvirt_domain.node cpu.mode',
      'libvirt_domain.node update.shutdown.timeout',
      'libvirt_domain.node destroy.shutdown',
      'terraform_data.image["20260926"] for_each.url',
      'terraform_data.image["20260926"] for_each.sha256',
    ]);
    expect(rewrites.every((r) => r.why.length > 20)).toBe(true);
  });

  it('fails when the committed stack would change: the input is left as it was', () => {
    const input = stack();
    const before = JSON.stringify(input);
    rewriteStack(input, limits);
    expect(JSON.stringify(input)).toBe(before);
  });

  it('leaves what the host has alone: the bridge, the sizes, the per-node serials, a destroy without a shutdown', () => {
    const input = stack();
    input.resource.libvirt_domain.node.destroy = { graceful: true } as never;
    const { stack: copy, rewrites } = rewriteStack(input, limits);
    expect(copy.resource.libvirt_domain.node.devices).toEqual(input.resource.libvirt_domain.node.devices);
    expect(copy.resource.libvirt_domain.node.destroy).toEqual({ graceful: true });
    expect(copy.resource.terraform_data.os_image).toEqual(input.resource.terraform_data.os_image);
    expect(rewrites.some((r) => r.path.includes('bridge') || r.path === 'memory')).toBe(false);
  });
});
