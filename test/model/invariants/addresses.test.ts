import { describe, expect, it } from 'vitest';
import { fiveServersTwoPlanned, modify, singleServer, threeServers } from '../../fixtures/environments';
import { codes, expectOnly } from '../../fixtures/expect';

describe('address invariants', () => {
  it('passes the valid fixtures clean', () => {
    expect(codes(threeServers)).toEqual([]);
    expect(codes(singleServer)).toEqual([]);
    expect(codes(fiveServersTwoPlanned)).toEqual([]);
  });

  it('fails when the environment has no nodes', () => {
    expectOnly(modify(singleServer, (e) => { e.nodes = []; }), 'nodes.empty');
  });

  it('fails when a node name is not a hostname', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.nodes[2]!.name = 'FX_3'; }), 'node.invalid-name');
    expect(v).toMatchObject({ path: 'fixture.nodes[2].name', value: 'FX_3' });
  });

  it('fails when two nodes share a name', () => {
    const [v] = expectOnly(modify(fiveServersTwoPlanned, (e) => { e.nodes[4]!.name = 'five-1'; }), 'node.duplicate-name');
    expect(v).toMatchObject({ severity: 'error', path: 'five.nodes[4].name', value: 'five-1' });
    expect(v!.message).toContain('nodes[0]');
  });

  it('fails when two nodes share an IP, planned ones included', () => {
    const [v] = expectOnly(modify(fiveServersTwoPlanned, (e) => { e.nodes[4]!.ip = '172.16.5.22'; }), 'node.duplicate-ip');
    expect(v).toMatchObject({ path: 'five.nodes[4].ip', value: '172.16.5.22' });
    expect(v!.message).toBe('172.16.5.22 is already the IP of node five-2 (nodes[1])');
    expect(v!.fix).toContain('172.16.5.0/24');
  });

  it('fails when the subnet is not a CIDR', () => {
    expectOnly(modify(threeServers, (e) => { e.network.subnet = '10.20.0.0'; }), 'network.invalid-subnet');
  });

  it('fails when a node IP is not an IPv4 address', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.nodes[0]!.ip = '10.20.0.300'; }), 'address.invalid');
    expect(v).toMatchObject({ path: 'fixture.nodes[0].ip', value: '10.20.0.300' });
  });

  it('fails when a DNS server is not an IPv4 address', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.network.dns = ['10.20.0.1, 9.9.9.9']; }), 'address.invalid');
    expect(v!.path).toBe('fixture.network.dns[0]');
  });

  it('fails when no DNS server is listed', () => {
    expectOnly(modify(threeServers, (e) => { e.network.dns = []; }), 'network.no-dns');
  });

  it.each([
    ['a node IP', (e: any) => { e.nodes[1].ip = '10.21.0.12'; }, 'fixture.nodes[1].ip'],
    ['the VIP', (e: any) => { e.controlPlane.vip = '10.21.0.10'; }, 'fixture.controlPlane.vip'],
    ['the gateway', (e: any) => { e.network.gateway = '10.21.0.1'; }, 'fixture.network.gateway'],
    ['the ingress VIP', (e: any) => { e.ingressVip = '10.21.0.30'; }, 'fixture.ingressVip'],
    ['the broadcast address as a node IP', (e: any) => { e.nodes[2].ip = '10.20.0.255'; }, 'fixture.nodes[2].ip'],
  ])('fails when %s is outside the subnet', (_what, change, path) => {
    const [v] = expectOnly(modify(threeServers, change), 'address.outside-subnet');
    expect(v!.path).toBe(path);
    expect(v!.message).toContain('10.20.0.0/24');
  });
});

describe('DNS servers beyond what a resolver reads (network.dns-beyond-three)', () => {
  it('passes three', () => {
    expect(codes(modify(threeServers, (e) => { e.network.dns = ['10.20.0.1', '9.9.9.9', '1.1.1.1']; }))).toEqual([]);
  });

  it('warns at four on VMs, naming the servers never asked', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.network.dns = ['10.20.0.1', '9.9.9.9', '1.1.1.1', '8.8.8.8', '8.8.4.4']; }), 'network.dns-beyond-three');
    expect(v).toEqual({
      code: 'network.dns-beyond-three',
      severity: 'warning',
      path: 'fixture.network.dns[3]',
      value: '8.8.8.8, 8.8.4.4',
      message: "5 DNS servers are listed and written into every VM's network config; the nodes' resolver and the kubelet use the first 3 (10.20.0.1, 9.9.9.9, 1.1.1.1) and never ask 8.8.8.8, 8.8.4.4",
      fix: 'list at most 3 DNS servers in network.dns',
    });
  });

  it('leaves bare metal alone, whose resolver the tool does not configure', () => {
    expect(codes(modify(fiveServersTwoPlanned, (e) => { e.network.dns = ['172.16.5.254', '9.9.9.9', '1.1.1.1', '8.8.8.8']; }))).toEqual([]);
  });
});

