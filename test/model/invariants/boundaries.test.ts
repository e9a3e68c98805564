import { describe, expect, it } from 'vitest';
import { VM_BOUNDS } from '../../../src/model/invariants/vms';
import { fiveServersTwoPlanned, modify, singleServer, threeServers } from '../../fixtures/environments';
import { codes } from '../../fixtures/expect';

// Each rule at the edge of what it allows: the last valid value passes, the first invalid fails.
describe('rule boundaries', () => {
  it.each([
    ['a-1', true],
    ['k3s-dev-10', true],
    ['a'.repeat(63), true],
    ['a'.repeat(64), false],
    ['-a', false],
    ['a-', false],
    ['a.b', false],
  ])('node name %j is valid: %s', (name, ok) => {
    const spec = modify(fiveServersTwoPlanned, (e) => { e.nodes[0]!.name = name; });
    expect(codes(spec).includes('node.invalid-name')).toBe(!ok);
  });

  it.each([
    ['a', true],
    ['dev-2', true],
    ['a'.repeat(32), true],
    ['a'.repeat(33), false],
    ['-dev', false],
    ['dev-', false],
    ['dev_x', false],
  ])('environment name %j is valid: %s', (name, ok) => {
    const spec = modify(threeServers, (e) => { e.name = name; });
    expect(codes(spec).includes('environment.invalid-name')).toBe(!ok);
  });

  it.each([
    ['https://git.home.arpa/ops/fleet.git', true],
    ['ssh://git@git.home.arpa/ops/fleet.git', true],
    ['http://10.0.0.5/fleet.git', true],
    ['git+https://git.home.arpa/ops/fleet.git', false],
    ['https://git.home.arpa/ops/fleet.git main', false],
    ['git@git.home.arpa:ops/fleet.git', false],
  ])('Git URL %j is valid: %s', (url, ok) => {
    const spec = modify(threeServers, (e) => { e.flux.url = url; });
    expect(codes(spec).includes('flux.invalid-url')).toBe(!ok);
  });

  it('fails with exactly two live servers (no majority after one loss)', () => {
    const spec = modify(fiveServersTwoPlanned, (e) => { e.nodes[2]!.state = 'planned'; });
    expect(codes(spec)).toEqual(['quorum.even']);
  });

  it('warns when a single live server has a VIP, even with no planned servers', () => {
    const spec = modify(threeServers, (e) => { e.nodes = [e.nodes[0]!]; });
    expect(codes(spec)).toEqual(['ha.single-server']);
  });

  it.each([[1, true], [6443, true], [65535, true], [0, false], [65536, false], [6443.5, false]])('API port %s is valid: %s', (port, ok) => {
    const spec = modify(threeServers, (e) => { e.controlPlane.apiPort = port; });
    expect(codes(spec)).toEqual(ok ? [] : ['api-port.invalid']);
  });

  it.each(Object.entries(VM_BOUNDS))('%s: the bounds themselves pass, one beyond fails', (field, { min, max }) => {
    // Without a Gateway the platform requests no memory (no cert-manager): only the VM's bounds are judged.
    const sized = (value: number) => modify(threeServers, (e: any) => { e.infrastructure.vm[field] = value; delete e.infrastructure.memoryBudgetMiB; delete e.ingressVip; });
    expect(codes(sized(min))).toEqual([]);
    expect(codes(sized(max))).toEqual([]);
    expect(codes(sized(min - 1))).toEqual(['vm.size-out-of-bounds']);
    expect(codes(sized(max + 1))).toEqual(['vm.size-out-of-bounds']);
  });

  it('fits a memory budget exactly, and fails one MiB under it', () => {
    const budget = (mib: number) => modify(threeServers, (e: any) => { e.infrastructure.memoryBudgetMiB = mib; });
    expect(codes(budget(3 * 4096))).toEqual([]);
    expect(codes(budget(3 * 4096 - 1))).toEqual(['vm.memory-budget']);
  });

  it.each([[100, true], [999999999, true], [99, false], [1000000000, false], [150.5, false]])('Proxmox VM id %s is valid: %s', (vmId, ok) => {
    const spec = modify(singleServer, (e) => { e.nodes[0]!.vm = { vmId }; });
    expect(codes(spec)).toEqual(ok ? [] : ['vm.id-invalid']);
  });

  it('fails when two Proxmox VMs share an id', () => {
    const spec = modify(singleServer, (e) => {
      e.nodes.push({ name: 'solo-2', ip: '10.30.0.6', vm: { vmId: 150 } }, { name: 'solo-3', ip: '10.30.0.7', vm: { vmId: 151 } });
      e.controlPlane = { vip: '10.30.0.4', vipInterface: 'eth0' };
    });
    expect(codes(spec)).toEqual(['vm.id-invalid']);
  });

  it.each([['52:54:00:AA:BB:CC', false], ['52:54:00:aa:bb:cc', true], ['52:54:00:aa:bb:cc:dd', false]])('MAC %s is valid: %s', (mac, ok) => {
    const spec = modify(threeServers, (e) => { e.nodes[0]!.vm = { image: '20260926', mac }; });
    expect(codes(spec)).toEqual(ok ? [] : ['vm.invalid-mac']);
  });

  it.each([['1m', true], ['10m0s', true], ['1h30m', true], ['1.5h', true], ['500ms', true], ['10', false], ['1 m', false], ['1d', false]])('interval %j is valid: %s', (interval, ok) => {
    const spec = modify(threeServers, (e) => { e.flux.interval = interval; });
    expect(codes(spec)).toEqual(ok ? [] : ['flux.invalid-interval']);
  });

  it.each([['https://git.lab.test/x.git', true], ['http://10.0.0.1:3000/x.git', true], ['ssh://git@git.lab.test/x.git', true], ['git@git.lab.test:x.git', false], ['https://', false], ['file:///srv/x', false]])('Git URL %j is valid: %s', (url, ok) => {
    const spec = modify(threeServers, (e) => { e.flux.url = url; });
    // An ssh:// URL is well-formed; that it needs a pull Secret is flux.ssh-without-identity's.
    expect(codes(spec).filter((c) => c !== 'flux.ssh-without-identity')).toEqual(ok ? [] : ['flux.invalid-url']);
  });

  it('refuses a layer named flux-system (the sync folder)', () => {
    expect(codes(modify(threeServers, (e) => { e.flux.layers[1]!.name = 'flux-system'; e.flux.layers[1]!.dependsOn = []; }))).toEqual(['flux.invalid-layer-name']);
  });

  it.each([['v1.33.0+k3s1', true], ['v1.36.9+k3s2', true], ['v1.32.9+k3s1', false], ['v1.37.0+k3s1', false]])('cert-manager with k3s %s is supported: %s', async (version, ok) => {
    const { mgmt } = await import('../../fixtures/fleet/mgmt');
    const { OTHER_AGE_RECIPIENT } = await import('../../fixtures/environments');
    const spec = modify(mgmt, (e) => { e.k3s.version = version; e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; });
    expect(codes(spec)).toEqual(ok ? [] : ['compat.cert-manager-kubernetes']);
  });

  it.each([['v1.36.4+k3s1', true], ['v1.36.4+k3s12', true], ['v1.36.4-rc1+k3s1', false], ['1.36.4+k3s1', false], ['v1.36.4+rke2r1', false]])('k3s version %s has its suffix: %s', (version, ok) => {
    expect(codes(modify(threeServers, (e) => { e.k3s.version = version; }))).toEqual(ok ? [] : ['k3s.version-suffix']);
  });
});
