import { describe, expect, it } from 'vitest';
import { check } from '../../../src/check/run';
import type { EnvironmentSpec } from '../../../src/model/environment';
import { modify, threeServers } from '../../fixtures/environments';
import { mgmt } from '../../fixtures/fleet/mgmt';

// Which image an OS disk is built on is recorded per libvirt node; nowhere else does it mean anything.

const warnings = (spec: EnvironmentSpec) => check(spec).filter((v) => v.code === 'vm.image-unrecorded');

describe('cloud image records', () => {
  it('warns about each libvirt node that records no image, naming the serial it follows', () => {
    const spec = modify(threeServers, (e) => { delete (e.nodes[2] as any).vm; });
    expect(warnings(spec).map((v) => [v.severity, v.path, v.message])).toEqual([
      ['warning', 'fixture.nodes[2].vm.image', "fx-3 follows the environment's cloud image (20260926): a new serial rebuilds its OS disk"],
    ]);
    expect(warnings(threeServers)).toEqual([]);
  });

  it('warns about no adopted domain (its disks are its own) and no Proxmox VM (its disk is a copy)', () => {
    const adopted = modify(threeServers, (e: any) => {
      delete e.nodes[0].vm;
      e.infrastructure.adopt = { domains: { 'fx-1': { uuid: '0f0e0d0c-0b0a-4908-8706-050403020101', osDisk: '/srv/fx-1.qcow2', dataDisk: '/srv/fx-1-data.qcow2' } } };
    });
    expect(warnings(adopted)).toEqual([]);
    expect(warnings(mgmt as EnvironmentSpec)).toEqual([]);
  });

  it('refuses an image recorded where no OS disk depends on it: an adopted domain', () => {
    const adopted = modify(threeServers, (e: any) => {
      e.infrastructure.adopt = { domains: { 'fx-1': { uuid: '0f0e0d0c-0b0a-4908-8706-050403020101', osDisk: '/srv/fx-1.qcow2', dataDisk: '/srv/fx-1-data.qcow2' } } };
    });
    expect(check(adopted).filter((v) => v.code === 'vm.image-without-effect').map((v) => [v.path, v.message])).toEqual([
      ['fixture.nodes[0].vm.image', 'no effect: an adopted domain keeps the disks it runs with; this stack never rebuilds them'],
    ]);
  });

  it('accepts a serial with a build suffix and refuses a name', () => {
    const serial = (image: string) => check(modify(threeServers, (e) => { e.nodes[0]!.vm = { image }; })).filter((v) => v.code === 'vm.image-serial').length;
    expect([serial('20260926'), serial('20240423.1'), serial('noble'), serial('2026092')]).toEqual([0, 0, 1, 1]);
  });
});
