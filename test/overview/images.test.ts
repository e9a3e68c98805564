import { describe, expect, it } from 'vitest';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolve } from '../../src/model/resolve';
import { imagesSection } from '../../src/overview/images';
import { modify } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import { rendered } from '../fixtures/render';

// The environment README says which nodes run which image, from the model alone.

const section = (spec: EnvironmentSpec) => imagesSection(resolve(spec)).join('\n');

describe("the environment README's cloud images", () => {
  it('lists each serial in use with the nodes built on it, the unrecorded ones and the adopted ones apart', () => {
    const mixed = modify(dev, (e: any) => {
      delete e.infrastructure.migrateFromCount;
      e.versions = { cloudImage: { serial: '20261101', sha256: 'ab'.repeat(32) } };
      delete e.nodes[1].vm;
      e.infrastructure.adopt = { domains: { 'k3s-dev-3': { uuid: '0f0e0d0c-0b0a-4908-8706-050403020103', osDisk: '/srv/3.qcow2', dataDisk: '/srv/3d.qcow2' } } };
      delete e.nodes[2].vm;
    });
    const text = section(mixed);
    expect(text).toContain('| ubuntu-noble-20260926 | k3s-dev-1 |');
    expect(text).toContain("| ubuntu-noble-20261101 (the environment's) | k3s-dev-2 (unrecorded: follows the environment's image) |");
    expect(text).toContain('Adopted, on the disks they ran with: k3s-dev-3.');
    expect(text).toContain('A node added now is built on ubuntu-noble-20261101.');
    expect(rendered(mixed).text('README.md')).toContain(text);
  });

  it('is left out where no OS disk depends on an image (Proxmox copies it)', () => {
    expect(section(mgmt as EnvironmentSpec)).toBe('');
  });
});
