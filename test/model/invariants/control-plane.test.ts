import { describe, expect, it } from 'vitest';
import { check } from '../../../src/check/run';
import { fiveServersTwoPlanned, modify, singleServer, threeServers } from '../../fixtures/environments';
import { codes, expectOnly } from '../../fixtures/expect';

describe('control-plane invariants', () => {
  it('fails when no node is the founder', () => {
    expectOnly(modify(threeServers, (e) => { e.nodes[0]!.founder = false; }), 'founder.missing');
  });

  it('fails when two nodes are founders', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.nodes[2]!.founder = true; }), 'founder.multiple');
    expect(v).toMatchObject({ path: 'fixture.nodes[2].founder' });
    expect(v!.message).toContain('fx-1');
  });

  it('fails when the founder is planned', () => {
    const spec = modify(threeServers, (e) => {
      e.nodes[0]!.state = 'planned';
      e.nodes.push({ name: 'fx-4', ip: '10.20.0.14', vm: { image: '20260926' } });
    });
    expectOnly(spec, 'founder.planned');
  });

  it('fails when an even number of servers is live (etcd quorum)', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.nodes.push({ name: 'fx-4', ip: '10.20.0.14', vm: { image: '20260926' } }); }), 'quorum.even');
    expect(v!.value).toBe('4 live servers');
    expect(v!.fix).toContain('3 or 5');
    expect(v!.message).toBe('4 live servers: embedded etcd needs 3 of 4 up, so they tolerate 1 failure, as 3 servers do');
  });

  it('names no etcd quorum for servers on sqlite: the sqlite rule refuses the second server', () => {
    expect(codes(modify(threeServers, (e) => { e.k3s.datastore = 'sqlite'; e.nodes.push({ name: 'fx-4', ip: '10.20.0.14', vm: { image: '20260926' } }); }))).toEqual(['k3s.sqlite-multi-server']);
  });

  it('says what two live servers tolerate: nothing, as one does', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.nodes[2]!.state = 'planned'; }), 'quorum.even');
    expect([v!.message, v!.fix]).toEqual(["2 live servers: embedded etcd needs 2 of 2 up, so they tolerate 0 failures, as 1 server does", "run 1 or 3 live servers (mark one state: 'planned', or add one)"]);
  });

  it('counts only live servers for quorum', () => {
    expect(codes(modify(fiveServersTwoPlanned, (e) => { e.nodes[3]!.state = 'live'; }))).toEqual(['quorum.even']);
    expect(codes(fiveServersTwoPlanned)).toEqual([]);
  });

  it('warns when an HA environment runs one live server', () => {
    const spec = modify(threeServers, (e) => { e.nodes[1]!.state = 'planned'; e.nodes[2]!.state = 'planned'; });
    const [v] = expectOnly(spec, 'ha.single-server');
    expect(v!.severity).toBe('warning');
    expect(v!.fix).toBe('bring the planned servers live (state: live) once they exist');
  });

  it('proposes adding servers, not bringing planned ones live, where none is planned', () => {
    const spec = modify(threeServers, (e) => { e.nodes.splice(1, 2); });
    const v = check(spec).find((x) => x.code === 'ha.single-server');
    expect(v!.fix).toBe('add two servers (an odd number keeps etcd quorum), or drop controlPlane.vip if the environment stays on one server');
  });

  it('does not warn for a single-node environment without a VIP', () => {
    expect(check(singleServer)).toEqual([]);
  });

  it('fails when the VIP is a live node IP', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.controlPlane.vip = '10.20.0.12'; }), 'vip.is-node-ip');
    expect(v).toMatchObject({ path: 'fixture.controlPlane.vip', value: '10.20.0.12' });
    expect(v!.message).toContain('fx-2');
  });

  it('fails when the VIP is a planned node IP', () => {
    const [v] = expectOnly(modify(fiveServersTwoPlanned, (e) => { e.controlPlane.vip = '172.16.5.25'; }), 'vip.is-node-ip');
    expect(v!.message).toContain('five-5');
  });

  it('fails when the VIP is the gateway', () => {
    expectOnly(modify(threeServers, (e) => { e.controlPlane.vip = '10.20.0.1'; }), 'vip.is-gateway');
  });

  it('fails when the VIP has no interface to be announced on', () => {
    // Without the interface there is no ingress Gateway either: its ingressVip goes too.
    expectOnly(modify(threeServers, (e) => { delete e.controlPlane.vipInterface; delete e.ingressVip; }), 'vip.no-interface');
  });

  it('fails when several servers have no VIP', () => {
    expectOnly(modify(threeServers, (e) => { e.controlPlane = {}; delete e.ingressVip; }), 'vip.required-for-ha');
  });

  it('fails when the ingress VIP is the control-plane VIP', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.ingressVip = '10.20.0.10'; }), 'ingress-vip.conflict');
    expect(v!.message).toContain('control-plane VIP');
  });

  it('fails when the ingress VIP is a node IP', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.ingressVip = '10.20.0.13'; }), 'ingress-vip.conflict');
    expect(v!.message).toContain('fx-3');
  });

  it('fails when the API port is not a TCP port', () => {
    expectOnly(modify(threeServers, (e) => { e.controlPlane.apiPort = 70000; }), 'api-port.invalid');
  });

  it('warns about one live server when others are planned, even without a VIP', () => {
    const spec = modify(threeServers, (e) => {
      delete e.controlPlane.vip;
      e.nodes[1]!.state = 'planned';
      e.nodes[2]!.state = 'planned';
    });
    expect(codes(spec)).toContain('ha.single-server');
  });

  it('never takes two unset values for a clash (input from untyped JavaScript)', () => {
    const spec = modify(singleServer, (e: any) => { delete e.network.gateway; delete e.nodes[0].ip; });
    const found = codes(spec);
    expect(found).not.toContain('vip.is-gateway');
    expect(found).not.toContain('vip.is-node-ip');
  });
});

describe('the etcd member count etcd recommends (quorum.beyond-recommended)', () => {
  const planned = (count: number) => (e: any) => {
    for (let i = 0; i < count; i++) e.nodes.push({ name: `five-${6 + i}`, ip: `172.16.5.${26 + i}`, state: 'planned' });
  };

  it('passes seven servers, live and planned together', () => {
    expect(codes(modify(fiveServersTwoPlanned, planned(2)))).toEqual([]);
  });

  it('warns when live and planned servers make eight etcd members', () => {
    const [v] = expectOnly(modify(fiveServersTwoPlanned, planned(3)), 'quorum.beyond-recommended');
    expect(v).toEqual({
      code: 'quorum.beyond-recommended',
      severity: 'warning',
      path: 'five.nodes',
      value: '8 servers',
      message: '3 live and 5 planned servers make an etcd cluster of 8 members once all are live; etcd recommends at most 7, as every write is replicated to each member',
      fix: 'keep 7 servers or fewer (7 tolerate 3 failures) and remove 1 from nodes',
    });
  });

  it('leaves a sqlite datastore to its own rule', () => {
    const found = codes(modify(fiveServersTwoPlanned, (e: any) => { planned(3)(e); e.k3s.datastore = 'sqlite'; }));
    expect(found).toEqual(['k3s.sqlite-multi-server']);
  });
});
