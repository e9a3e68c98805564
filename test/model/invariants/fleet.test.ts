import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { checkFleet, sameHost, sameNetwork } from '../../../src/model/invariants/fleet';
import { macFor, resolve } from '../../../src/model/resolve';
import { plan } from '../../../src/synth/plan';
import { fiveServersTwoPlanned, modify, singleServer, threeServers } from '../../fixtures/environments';

const fiveBare = fiveServersTwoPlanned;
import { expectReport } from '../../fixtures/expect';

/** A copy of the three-server fixture as another environment: the "copy dev to staging" edit. */
const copyOf = (change: (e: any) => void = () => {}) => modify(threeServers, (e: any) => { e.name = 'fixture-copy'; change(e); });
const fleet = (...specs: Parameters<typeof resolve>[0][]) => expectReport(checkFleet(specs.map((spec) => resolve(spec, specs))));

describe('fleet invariants (across environments)', () => {
  it('passes environments on different networks and hosts', () => {
    expect(fleet(threeServers, singleServer)).toEqual([]);
    expect(fleet(threeServers, copyOf((e) => {
      e.network = { subnet: '10.21.0.0/24', gateway: '10.21.0.1', dns: ['10.21.0.1'] };
      e.nodes = e.nodes.map((n: any, i: number) => ({ ...n, name: `cp-${i + 1}`, ip: `10.21.0.1${i + 1}` }));
      e.controlPlane.vip = '10.21.0.10';
      e.ingressVip = '10.21.0.30';
      e.infrastructure.uri = 'qemu+ssh://other-host/system';
    }))).toEqual([]);
  });

  it('fails when a copy of an environment reuses its node names, IPs and VIPs on the same host', () => {
    const violations = fleet(threeServers, copyOf());
    expect(new Set(violations.map((v) => v.code))).toEqual(new Set(['fleet.shared-node-name', 'fleet.shared-address']));
    expect(violations.filter((v) => v.code === 'fleet.shared-address').map((v) => v.path)).toEqual([
      'fixture-copy.nodes[0].ip', 'fixture-copy.nodes[1].ip', 'fixture-copy.nodes[2].ip', 'fixture-copy.controlPlane.vip', 'fixture-copy.ingressVip',
    ]);
    expect(violations[0]!.message).toBe('fx-1 is also a node of fixture, on the same hypervisor');
  });

  it('fails on a shared node name on another subnet when the hypervisor is the same', () => {
    const violations = fleet(threeServers, copyOf((e) => {
      e.network = { subnet: '10.21.0.0/24', gateway: '10.21.0.1', dns: ['10.21.0.1'] };
      e.nodes = e.nodes.map((n: any, i: number) => ({ ...n, ip: `10.21.0.1${i + 1}` }));
      e.controlPlane.vip = '10.21.0.10';
      e.ingressVip = '10.21.0.30';
    }));
    expect(violations.map((v) => v.code)).toEqual(['fleet.shared-node-name', 'fleet.shared-node-name', 'fleet.shared-node-name']);
  });

  it('fails on a shared VIP between a bare-metal and a VM environment on one subnet', () => {
    const metal = copyOf((e) => { e.infrastructure = { kind: 'bare-metal' }; e.nodes = e.nodes.map((n: any, i: number) => ({ ...n, name: `m-${i}`, ip: `10.20.0.2${i}` })); e.ingressVip = '10.20.0.31'; });
    expect(fleet(threeServers, metal).map((v) => [v.code, v.path])).toEqual([['fleet.shared-address', 'fixture-copy.controlPlane.vip']]);
  });

  it('tells networks apart by VLAN and hosts by URI', () => {
    const a = resolve(singleServer);
    const b = resolve(modify(singleServer, (e: any) => { e.name = 'single-b'; e.infrastructure.vlan = 7; }));
    expect(sameNetwork(a, b)).toBe(false);
    expect(sameNetwork(a, resolve(modify(singleServer, (e) => { e.network.subnet = '10.30.0.0/16'; })))).toBe(true);
    expect(sameHost(a, b)).toBe(true);
    expect(sameHost(resolve(threeServers), resolve(copyOf((e) => { e.infrastructure.uri = 'qemu+ssh://b/system'; })))).toBe(false);
  });

  it('never tells a bare-metal or libvirt network apart by a VLAN the model cannot know', () => {
    const tagged = resolve(modify(singleServer, (e: any) => { e.name = 'single-b'; e.infrastructure.vlan = 7; }));
    const metal = resolve(modify(singleServer, (e: any) => { e.infrastructure = { kind: 'bare-metal' }; }));
    expect([sameNetwork(metal, tagged), sameNetwork(tagged, metal)]).toEqual([true, true]);
    expect(sameNetwork(resolve(modify(threeServers, (e) => { e.network.subnet = singleServer.network.subnet; })), tagged)).toBe(true);
  });

  it('runs in plan, so synth writes nothing for colliding environments', () => {
    const result = plan(os.tmpdir() + '/no-such-repo', [threeServers, copyOf()]);
    expect(result.violations.map((v) => v.code)).toContain('fleet.shared-address');
  });
  it('fails when two environments on different networks write one kubeconfig file, named on the later one', () => {
    const other = modify(singleServer, (e: any) => { e.kubeconfig = { file: '~/.kube/fixture.kubeconfig' }; });
    expect(fleet(threeServers, other)).toEqual([
      { code: 'fleet.shared-kubeconfig', severity: 'error', path: 'single.kubeconfig.file', value: '~/.kube/fixture.kubeconfig', message: 'fixture writes its kubeconfig to ~/.kube/fixture.kubeconfig too: one runbook would overwrite the other\'s credentials', fix: 'leave it unset (~/.kube/single.kubeconfig) or pick a file of its own' },
    ]);
  });
});

describe('fleet invariants at their edges', () => {
  it('never calls a broken subnet the same network', () => {
    const a = resolve(threeServers);
    expect(sameNetwork(a, resolve(modify(threeServers, (e) => { e.network.subnet = 'not-a-subnet'; })))).toBe(false);
    expect(sameNetwork(resolve(modify(threeServers, (e) => { e.network.subnet = 'not-a-subnet'; })), a)).toBe(false);
  });

  it('sees a /24 inside a /16 as one network, whichever is listed first, and disjoint /24s as two', () => {
    const wide = resolve(modify(threeServers, (e) => { e.network.subnet = '10.20.0.0/16'; }));
    const narrow = resolve(modify(threeServers, (e) => { e.network.subnet = '10.20.5.0/24'; }));
    const other = resolve(modify(threeServers, (e) => { e.network.subnet = '10.20.6.0/24'; }));
    expect([sameNetwork(wide, narrow), sameNetwork(narrow, wide), sameNetwork(narrow, other)]).toEqual([true, true, false]);
  });

  it('takes qemu:///system for a libvirt host without a URI, and tells Proxmox nodes apart', () => {
    const implicit = resolve(threeServers);
    const explicit = resolve(modify(threeServers, (e: any) => { e.infrastructure.uri = 'qemu:///system'; }));
    expect(sameHost(implicit, explicit)).toBe(true);
    const pve = resolve(singleServer);
    expect(sameHost(pve, resolve(modify(singleServer, (e: any) => { e.infrastructure.node = 'pve-other'; })))).toBe(false);
    expect(sameHost(pve, resolve(modify(singleServer, (e: any) => { e.infrastructure.endpoint = 'https://10.30.0.3:8006/'; })))).toBe(false);
    expect(sameHost(pve, implicit)).toBe(false);
    // Bare metal has no hypervisor to share.
    expect(sameHost(resolve(fiveBare), resolve(modify(fiveBare, (e) => { e.name = 'five-b'; })))).toBe(false);
  });

  it('compares only VIPs that are set, and reports each clash on the environment later by name', () => {
    const noVips = modify(singleServer, (e) => { e.name = 'a-single'; });
    const copy = modify(singleServer, (e: any) => { e.name = 'z-single'; e.nodes[0].name = 'solo-z'; e.nodes[0].ip = '10.30.0.6'; e.nodes[0].vm.vmId = 151; });
    expect(fleet(copy, noVips)).toEqual([]);
    const clash = modify(copy, (e) => { e.nodes[0]!.ip = '10.30.0.5'; });
    expect(fleet(clash, noVips).map((v) => v.path)).toEqual(['z-single.nodes[0].ip']);
    expect(fleet(noVips, clash).map((v) => v.path)).toEqual(['z-single.nodes[0].ip']);
  });

  it('names the shared node and the other environment', () => {
    const net = { subnet: '10.21.0.0/24', gateway: '10.21.0.1', dns: ['10.21.0.1'] };
    const single = (name: string, ip: string, uri: string) =>
      modify(threeServers, (e: any) => { e.name = name; e.network = net; e.nodes = [{ name: 'fx-1', ip, founder: true }]; delete e.controlPlane.vip; delete e.ingressVip; e.infrastructure.uri = uri; });
    const [v] = fleet(single('aa', '10.21.0.11', 'qemu+ssh://a/system'), single('zz', '10.21.0.12', 'qemu+ssh://z/system'));
    expect(v).toMatchObject({ code: 'fleet.shared-node-name', path: 'zz.nodes[0].name', value: 'fx-1', message: 'fx-1 is also a node of aa, on the same network' });
  });
});

describe('VM identities across environments (fleet.shared-vm-identity)', () => {
  const otherNames = (e: any) => { e.nodes = e.nodes.map((n: any, i: number) => ({ ...n, name: `cp-${i + 1}` })); };

  it("fails when a node of another environment on the same host records one's MAC, a planned one included", () => {
    const violations = fleet(threeServers, copyOf((e) => {
      otherNames(e);
      e.network = { subnet: '10.21.0.0/24', gateway: '10.21.0.1', dns: ['10.21.0.1'] };
      e.nodes = e.nodes.map((n: any, i: number) => ({ ...n, ip: `10.21.0.1${i + 1}` }));
      e.nodes.push({ name: 'cp-4', ip: '10.21.0.14', state: 'planned', vm: { mac: macFor('fx-2') } });
      e.controlPlane.vip = '10.21.0.10';
      e.ingressVip = '10.21.0.30';
    }));
    expect(violations).toEqual([{
      code: 'fleet.shared-vm-identity',
      severity: 'error',
      path: 'fixture-copy.nodes[3].vm.mac',
      value: macFor('fx-2'),
      message: `cp-4's MAC ${macFor('fx-2')} is also that of fx-2 of fixture, on the same hypervisor: the two would fight over one address`,
      fix: 'remove the explicit mac (it is derived from the node name) or pick another',
    }]);
  });

  it('leaves a node name both environments use to fleet.shared-node-name', () => {
    expect(fleet(threeServers, copyOf()).map((v) => v.code)).not.toContain('fleet.shared-vm-identity');
  });

  it('fails when two environments on one Proxmox node give VMs one id, and passes on another node', () => {
    const other = modify(singleServer, (e) => { e.name = 'single-b'; e.network = { subnet: '10.31.0.0/24', gateway: '10.31.0.1', dns: ['10.31.0.1'] }; e.nodes = [{ name: 'solo-b', ip: '10.31.0.5', founder: true, vm: { vmId: 150 } }]; });
    const [v] = fleet(singleServer, other);
    expect(v).toMatchObject({ code: 'fleet.shared-vm-identity', path: 'single-b.nodes[0].vm.vmId', value: '150', message: 'VM id 150 of solo-b is also that of solo of single, on the same Proxmox node: it holds one VM per id', fix: 'give solo-b a VM id no environment on that Proxmox node uses' });
    expect(fleet(singleServer, modify(other, (e: any) => { e.infrastructure.node = 'pve-other'; }))).toEqual([]);
  });
});

