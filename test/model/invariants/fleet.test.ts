import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { checkFleet, sameHost, sameNetwork } from '../../../src/model/invariants/fleet';
import { resolve } from '../../../src/model/resolve';
import { plan } from '../../../src/synth/plan';
import { modify, singleServer, threeServers } from '../../fixtures/environments';
import { expectReport } from '../../fixtures/expect';

/** A copy of the three-server fixture as another environment: the "copy dev to staging" edit. */
const copyOf = (change: (e: any) => void = () => {}) => modify(threeServers, (e: any) => { e.name = 'fixture-copy'; change(e); });
const fleet = (...specs: Parameters<typeof resolve>[0][]) => expectReport(checkFleet(specs.map(resolve)));

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

  it('runs in plan, so synth writes nothing for colliding environments', () => {
    const result = plan(os.tmpdir() + '/no-such-repo', [threeServers, copyOf()]);
    expect(result.violations.map((v) => v.code)).toContain('fleet.shared-address');
  });
});
