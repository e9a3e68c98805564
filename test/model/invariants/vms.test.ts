import { describe, expect, it } from 'vitest';
import { EXAMPLE_SSH_KEY_BODY } from '../../../src/model/placeholders';
import { mgmt } from '../../fixtures/fleet/mgmt';
import { check } from '../../../src/check/run';
import { OTHER_AGE_RECIPIENT, fiveServersTwoPlanned, modify, singleServer, threeServers } from '../../fixtures/environments';
import { codes, expectOnly } from '../../fixtures/expect';

describe('VM invariants', () => {
  it('passes the shipped mgmt environment clean (but for its demo age key)', () => {
    expect(codes(mgmt)).toEqual(['sops.demo-recipient']);
    expect(codes(modify(mgmt, (e) => { e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; }))).toEqual([]);
  });

  it('fails when a VM-backed environment has no sizing (the schema requires it)', () => {
    const violations = expectOnly(modify(threeServers, (e: any) => { delete e.infrastructure.vm; }), 'spec.missing-field');
    expect(violations.map((v) => v.path)).toEqual(['fixture.infrastructure.vm']);
  });

  it.each([
    // Without the Gateway (and so cert-manager) the platform requests nothing the 64 MiB would also fail.
    ['memory', (e: any) => { e.infrastructure.vm.memoryMiB = 64; delete e.ingressVip; }, 'fixture.infrastructure.vm.memoryMiB'],
    ['vCPUs', (e: any) => { e.infrastructure.vm.vcpus = 0; }, 'fixture.infrastructure.vm.vcpus'],
    ['the OS disk', (e: any) => { e.infrastructure.vm.osDiskGiB = 40960; }, 'fixture.infrastructure.vm.osDiskGiB'],
    ['the data disk', (e: any) => { e.infrastructure.vm.dataDiskGiB = 0.5; }, 'fixture.infrastructure.vm.dataDiskGiB'],
    ["a node's own override", (e: any) => { e.nodes[1].vm = { image: '20260926', memoryMiB: 999999 }; }, 'fixture.nodes[1].vm.memoryMiB'],
  ])('fails when %s is out of bounds', (_what, change, path) => {
    const violations = expectOnly(modify(threeServers, change), 'vm.size-out-of-bounds');
    expect(violations[0]!.path).toBe(path);
  });

  it("says a fractional size is not a whole number, and an environment's sizing once for every VM", () => {
    const violations = expectOnly(modify(threeServers, (e: any) => { e.infrastructure.vm.memoryMiB = 6144.5; }), 'vm.size-out-of-bounds');
    expect(violations.map((v) => [v.path, v.message])).toEqual([['fixture.infrastructure.vm.memoryMiB', '6144.5 MiB for every VM is not a whole number']]);
    const own = expectOnly(modify(threeServers, (e: any) => { e.nodes[1].vm = { image: '20260926', vcpus: 0 }; }), 'vm.size-out-of-bounds');
    expect(own.map((v) => v.message)).toEqual(['0 vCPUs for fx-2 is outside 1-64 vCPUs']);
  });

  it('fails when the live VMs exceed the memory budget', () => {
    const [v] = expectOnly(modify(threeServers, (e: any) => { e.infrastructure.memoryBudgetMiB = 8192; }), 'vm.memory-budget');
    expect(v!.message).toContain('12288 MiB');
  });

  it('fails when two VMs share a MAC', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.nodes[0]!.vm = { image: '20260926', mac: '52:54:00:aa:bb:cc' }; e.nodes[2]!.vm = { image: '20260926', mac: '52:54:00:aa:bb:cc' }; }), 'vm.duplicate-mac');
    expect(v).toMatchObject({ path: 'fixture.nodes[2].vm.mac', value: '52:54:00:aa:bb:cc' });
  });

  it('fails when a MAC is malformed', () => {
    expectOnly(modify(threeServers, (e) => { e.nodes[0]!.vm = { image: '20260926', mac: '52-54-00-aa-bb-cc' }; }), 'vm.invalid-mac');
  });

  it('fails when a Proxmox VM has no VM id', () => {
    expectOnly(modify(singleServer, (e) => { e.nodes[0]!.vm = {}; }), 'vm.id-invalid');
  });

  it('fails when an adopted Proxmox VM has no VM id, once, with the fix that names the id it has today', () => {
    const [v] = expectOnly(modify(singleServer, (e: any) => { e.nodes[0]!.vm = {}; e.infrastructure.adopt = { vms: { solo: { mac: 'BC:24:11:5E:02:01' } } }; }), 'vm.adopt-identity');
    expect(v).toMatchObject({ path: 'single.nodes[0].vm.vmId', fix: 'set vm.vmId to the id the VM has today (qm list on the host)' });
  });

  it('fails when no SSH key is given', () => {
    expectOnly(modify(threeServers, (e: any) => { e.infrastructure.access.sshKeys = []; }), 'vm.no-ssh-key');
  });

  it('fails when a VM would trust a private key, and never shows it', () => {
    const secret = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----';
    const [v] = expectOnly(modify(threeServers, (e: any) => { e.infrastructure.access.sshKeys = [secret]; }), 'vm.ssh-key-private');
    expect(v).toMatchObject({ path: 'fixture.infrastructure.access.sshKeys[0]', value: '(a private key, not shown)' });
    expect(JSON.stringify(v)).not.toContain('b3BlbnNzaC1rZXkt');
  });

  it('fails when a moved mapping names a node that does not exist', () => {
    const [v] = expectOnly(modify(threeServers, (e: any) => { e.infrastructure.migrateFromCount = ['fx-1', 'fx-2', 'fx-9']; }), 'moved.unknown-node');
    expect(v).toMatchObject({ path: 'fixture.infrastructure.migrateFromCount[2]', value: 'fx-9' });
  });

  it('fails when a moved mapping names a planned node', () => {
    const spec = modify(threeServers, (e: any) => {
      e.nodes.push({ name: 'fx-4', ip: '10.20.0.14', state: 'planned' });
      e.infrastructure.migrateFromCount = ['fx-4'];
    });
    expectOnly(spec, 'moved.unknown-node');
  });

  it('fails when a moved mapping names a node twice', () => {
    expectOnly(modify(threeServers, (e: any) => { e.infrastructure.migrateFromCount = ['fx-1', 'fx-1']; }), 'moved.unknown-node');
  });

  it("points a missing size at the environment default when the node overrides other sizes only", () => {
    const violations = expectOnly(modify(threeServers, (e: any) => { delete e.infrastructure.vm.memoryMiB; e.nodes[1].vm = { image: '20260926', vcpus: 2 }; }), 'spec.missing-field');
    expect(new Set(violations.map((v) => v.path))).toEqual(new Set(['fixture.infrastructure.vm.memoryMiB']));
  });

  it('names the VM whose MAC is taken', () => {
    const [v] = expectOnly(modify(threeServers, (e: any) => { e.nodes[1].vm = { image: '20260926', mac: '52:54:00:aa:bb:cc' }; e.nodes[2].vm = { image: '20260926', mac: '52:54:00:aa:bb:cc' }; }), 'vm.duplicate-mac');
    expect(v!.message).toBe("fx-3 (nodes[2]) has the MAC of fx-2 (nodes[1]); both would fight over one address");
  });
});

describe('what the VMs trust as SSH keys', () => {
  const keys = (list: string[]) => modify(threeServers, (e: any) => { e.infrastructure.access.sshKeys = list; });
  const example = `ssh-ed25519 ${EXAMPLE_SSH_KEY_BODY} ops@home.arpa`;

  it('fails on a line that is no public key, showing only its first 12 characters', () => {
    const [v] = expectOnly(keys(['ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIFixtureKeyFixtureKeyFixtureKeyFixtureKey001 me']), 'vm.ssh-key-invalid');
    expect(v).toMatchObject({
      path: 'fixture.infrastructure.access.sshKeys[0]',
      value: 'ssh-rsa AAAA…',
      message: 'this is not an OpenSSH public key: its key data is a key of type ssh-ed25519, not ssh-rsa, so cloud-init would install a line sshd cannot use',
      fix: 'paste the whole line of your .pub file (ssh-keygen -y -f <private key file> prints it: ssh-ed25519 AAAA… comment)',
    });
  });

  it('fails on one line of an OpenSSH private key as a private key, and on an empty entry as no key', () => {
    const line = 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW';
    expect(check(keys([line, 'ssh-ed25519'])).map((v) => [v.code, v.value])).toEqual([
      ['vm.ssh-key-private', '(a private key, not shown)'],
      ['vm.ssh-key-invalid', 'ssh-ed25519'],
    ]);
    // An entry of white space alone is the spec family's; the rules still run on the others (and not on it).
    expect(check(keys([line, ' '])).map((v) => [v.code, v.path])).toEqual([['spec.empty', 'fixture.infrastructure.access.sshKeys[1]'], ['vm.ssh-key-private', 'fixture.infrastructure.access.sshKeys[0]']]);
    // Its own trailing newline does not make a private key line a whitespace finding that would show it.
    expect(check(keys([`${line}\n`])).map((v) => [v.code, v.value])).toEqual([['vm.ssh-key-private', '(a private key, not shown)']]);
  });

  it("fails on an adopted Proxmox VM's key as on the environment's, at its own path", () => {
    const [v] = expectOnly(modify(mgmt, (e: any) => { e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; e.infrastructure.adopt.vms['lab-mgmt'].sshKeys = ['ssh-ed25519']; }), 'vm.ssh-key-invalid');
    expect(v).toMatchObject({ path: 'mgmt.infrastructure.adopt.vms.lab-mgmt.sshKeys[0]', value: 'ssh-ed25519', message: 'this is not an OpenSSH public key: it is a ssh-ed25519 key with no key data after the type, so cloud-init would install a line sshd cannot use' });
  });

  it('still warns about the example key beside a bad entry, and with options or stray spaces around it', () => {
    const violations = check(keys(['ssh-ed25519 you@host', `no-pty  ${example}`, '-----BEGIN OPENSSH PRIVATE KEY-----']));
    expect(violations.map((v) => [v.code, v.path])).toEqual([
      ['vm.example-ssh-key', 'fixture.infrastructure.access.sshKeys[1]'],
      ['vm.ssh-key-private', 'fixture.infrastructure.access.sshKeys[2]'],
      ['vm.ssh-key-invalid', 'fixture.infrastructure.access.sshKeys[0]'],
    ]);
  });

  it('names the example key an adopted VM still trusts', () => {
    const spec = modify(mgmt, (e: any) => { e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; e.infrastructure.adopt.vms['lab-mgmt'].sshKeys = [example]; });
    const [v] = expectOnly(spec, 'vm.example-ssh-key');
    expect(v!.path).toBe('mgmt.infrastructure.adopt.vms.lab-mgmt.sshKeys[0]');
  });
});

describe('the example SSH key', () => {
  it('warns while a VM environment still trusts the example key the example fleet ships in environments/ssh-keys.ts', () => {
    const spec = modify(threeServers, (e: any) => { e.infrastructure.access.sshKeys = [`ssh-ed25519 ${EXAMPLE_SSH_KEY_BODY} ops@home.arpa`]; });
    const [v] = expectOnly(spec, 'vm.example-ssh-key');
    expect(v).toMatchObject({ severity: 'warning', path: 'fixture.infrastructure.access.sshKeys[0]' });
  });
});

describe('a count migration that leaves live nodes out (moved.node-unlisted)', () => {
  it('passes a mapping listing every live node', () => {
    expect(codes(modify(threeServers, (e: any) => { e.infrastructure.migrateFromCount = ['fx-1', 'fx-2', 'fx-3']; }))).toEqual([]);
  });

  it('warns for each live node neither moved nor shown new, and says how to confirm', () => {
    const violations = expectOnly(modify(threeServers, (e: any) => { e.infrastructure.migrateFromCount = ['fx-2']; }), 'moved.node-unlisted');
    expect(violations.map((v) => v.value)).toEqual(['fx-1', 'fx-3']);
    expect(violations[1]).toMatchObject({
      severity: 'warning',
      path: 'fixture.infrastructure.migrateFromCount',
      message: 'live node fx-3 is not in migrateFromCount (fx-2): its resources get no moved block, so if the count-based state holds it under an index, the plan destroys that VM and creates fx-3 anew',
      fix: 'run npm run deploy -- fixture --inspect with the old state in place: a state.unmapped-index finding names an index the mapping leaves out, and fx-3 goes at that index of migrateFromCount if it is that VM; with no such finding fx-3 is new and the mapping is complete',
    });
  });

  it('leaves a mapping that names an unknown node to moved.unknown-node, whose fix lists every live node', () => {
    expect(codes(modify(threeServers, (e: any) => { e.infrastructure.migrateFromCount = ['fx-1', 'fx-2', 'fx-9']; }))).toEqual(['moved.unknown-node']);
  });

  it('asks nothing of planned nodes, which have no VM yet', () => {
    const spec = modify(threeServers, (e: any) => {
      e.infrastructure.migrateFromCount = ['fx-1', 'fx-2', 'fx-3'];
      e.nodes.push({ name: 'fx-4', ip: '10.20.0.14', state: 'planned' });
    });
    expect(check(spec).filter((v) => v.code === 'moved.node-unlisted')).toEqual([]);
  });
});

describe("a planned node's identities (vm.duplicate-mac, vm.id-invalid)", () => {
  it("fails when a planned node records a live node's MAC, naming the live one", () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.nodes.push({ name: 'fx-4', ip: '10.20.0.14', state: 'planned', vm: { mac: '52:54:00:aa:bb:cc' } }); e.nodes[1]!.vm = { image: '20260926', mac: '52:54:00:aa:bb:cc' }; }), 'vm.duplicate-mac');
    expect(v).toMatchObject({ path: 'fixture.nodes[3].vm.mac', value: '52:54:00:aa:bb:cc', message: 'planned node fx-4 (nodes[3]) has the MAC of fx-2 (nodes[1]); once it is live both would fight over one address' });
  });

  it('fails when two planned nodes share a MAC, naming the first as planned', () => {
    const spec = modify(fiveServersTwoPlanned, (e) => {
      e.infrastructure = { kind: 'libvirt', bridge: 'br0', vm: { vcpus: 2, memoryMiB: 4096, osDiskGiB: 30 }, access: { sshKeys: ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFixtureKeyFixtureKeyFixtureKeyFixtureKey05 five'] } } as any;
      for (const n of e.nodes.slice(0, 3)) n.vm = { image: '20260926' };
      e.nodes[3]!.vm = { mac: '52:54:00:aa:bb:cc' };
      e.nodes[4]!.vm = { mac: '52:54:00:aa:bb:cc' };
    });
    const [v] = check(spec).filter((x) => x.code === 'vm.duplicate-mac');
    expect(v).toMatchObject({ path: 'five.nodes[4].vm.mac', message: 'planned node five-5 (nodes[4]) has the MAC of planned node five-4 (nodes[3]); once it is live both would fight over one address' });
  });

  it('passes planned nodes whose MACs are derived from their own names', () => {
    expect(codes(modify(threeServers, (e) => { e.nodes.push({ name: 'fx-4', ip: '10.20.0.14', state: 'planned' }, { name: 'fx-5', ip: '10.20.0.15', state: 'planned' }); }))).toEqual([]);
  });

  it("fails when a planned Proxmox node records another planned node's VM id, and proposes a free one", () => {
    const spec = modify(singleServer, (e) => {
      e.controlPlane = { vip: '10.30.0.10', vipInterface: 'eth0' };
      e.nodes.push({ name: 'solo-2', ip: '10.30.0.6', state: 'planned', vm: { vmId: 170 } }, { name: 'solo-3', ip: '10.30.0.7', state: 'planned', vm: { vmId: 170 } });
    });
    const violations = check(spec).filter((v) => v.code === 'vm.id-invalid');
    expect(violations).toEqual([expect.objectContaining({
      path: 'single.nodes[2].vm.vmId',
      value: '170',
      message: 'planned node solo-3 records VM id 170, already recorded by planned node solo-2: once it is live, Proxmox refuses a second VM with that id',
      fix: 'give solo-3 a VM id no other node has, e.g. 171',
    })]);
  });

  it('passes a planned Proxmox node without a VM id (it needs one only once live)', () => {
    const spec = modify(singleServer, (e) => {
      e.controlPlane = { vip: '10.30.0.10', vipInterface: 'eth0' };
      e.nodes.push({ name: 'solo-2', ip: '10.30.0.6', state: 'planned' });
    });
    expect(codes(spec)).toEqual(['ha.single-server']);
  });
});

describe("a planned node's recorded VM settings, checked before it goes live", () => {
  it('fails when a planned node records a malformed MAC', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.nodes.push({ name: 'fx-4', ip: '10.20.0.14', state: 'planned', vm: { mac: '52-54-00-aa-bb-cc' } }); }), 'vm.invalid-mac');
    expect(v).toMatchObject({ path: 'fixture.nodes[3].vm.mac', value: '52-54-00-aa-bb-cc', message: '"52-54-00-aa-bb-cc" is not a MAC address' });
  });

  it.each([[99], [1000000000], [150.5]])('fails when a planned Proxmox node records the VM id %s, outside what Proxmox gives', (vmId) => {
    const spec = modify(singleServer, (e) => {
      e.controlPlane = { vip: '10.30.0.10', vipInterface: 'eth0' };
      e.nodes.push({ name: 'solo-2', ip: '10.30.0.6', state: 'planned', vm: { vmId } });
    });
    const violations = check(spec).filter((v) => v.code === 'vm.id-invalid');
    expect(violations).toEqual([expect.objectContaining({
      path: 'single.nodes[1].vm.vmId',
      value: String(vmId),
      message: `VM id ${vmId} of planned node solo-2 is outside 100-999999999, the ids Proxmox gives VMs`,
      fix: 'give it a whole number between 100 and 999999999, or leave it unset until the node goes live',
    })]);
  });

  it('passes a planned Proxmox node at the ends of the range', () => {
    for (const vmId of [100, 999999999]) {
      const spec = modify(singleServer, (e) => {
        e.controlPlane = { vip: '10.30.0.10', vipInterface: 'eth0' };
        e.nodes.push({ name: 'solo-2', ip: '10.30.0.6', state: 'planned', vm: { vmId } });
      });
      expect(check(spec).filter((v) => v.code === 'vm.id-invalid')).toEqual([]);
    }
  });
});

describe('adoption', () => {
  const UUID1 = '0f0e0d0c-0b0a-4908-8706-050403020101';
  const UUID2 = '0f0e0d0c-0b0a-4908-8706-050403020102';
  /** threeServers adopting `domains` (their nodes' own vm settings dropped), with `dataDiskGiB` or without. */
  const adopting = (domains: Record<string, object>, dataDisks: boolean, change: (e: any) => void = () => undefined) =>
    modify(threeServers, (e: any) => {
      for (const n of e.nodes) if (n.name in domains) delete n.vm;
      if (!dataDisks) delete e.infrastructure.vm.dataDiskGiB;
      e.infrastructure.adopt = { domains };
      change(e);
    });
  const identity = (spec: Parameters<typeof check>[0]) => check(spec).filter((v) => v.code === 'vm.adopt-identity');

  it('accepts domains without data disks when the environment has none, with no disk file in common', () => {
    const spec = adopting({ 'fx-1': { uuid: UUID1, osDisk: '/var/lib/libvirt/images/fx-1-os.qcow2' }, 'fx-2': { uuid: UUID2, osDisk: '/var/lib/libvirt/images/fx-2-os.qcow2' } }, false);
    expect(identity(spec)).toEqual([]);
  });

  it('fails on a data disk the environment would not attach, at its path', () => {
    const spec = adopting({ 'fx-1': { uuid: UUID1, osDisk: '/var/lib/libvirt/images/fx-1-os.qcow2', dataDisk: '/var/lib/libvirt/images/fx-1-data.qcow2' } }, false);
    expect(identity(spec)).toEqual([expect.objectContaining({
      path: 'fixture.infrastructure.adopt.domains.fx-1.dataDisk',
      value: '/var/lib/libvirt/images/fx-1-data.qcow2',
      message: 'the environment has no data disks (infrastructure.vm.dataDiskGiB is unset), so this disk would not be attached',
      fix: 'set infrastructure.vm.dataDiskGiB, or leave dataDisk out',
    })]);
  });

  it('names every adopted domain when adoption meets moved blocks', () => {
    const spec = adopting({}, true, (e) => {
      e.infrastructure.migrateFromCount = e.nodes.map((n: { name: string }) => n.name);
      e.infrastructure.adopt.domains = { 'fx-1': { uuid: UUID1, osDisk: '/a/fx-1.qcow2', dataDisk: '/a/fx-1-data.qcow2' }, 'fx-2': { uuid: UUID2, osDisk: '/a/fx-2.qcow2', dataDisk: '/a/fx-2-data.qcow2' } };
      for (const n of e.nodes.slice(0, 2)) delete n.vm;
    });
    const [v] = expectOnly(spec, 'vm.adopt-with-moved');
    expect(v).toMatchObject({ path: 'fixture.infrastructure.adopt', value: 'fx-1, fx-2' });
  });

  it('fails on a Proxmox VM adopted under no live node, at its path, and asks for the VM id it cannot know', () => {
    const spec = modify(singleServer, (e: any) => { e.infrastructure.adopt = { vms: { ghost: { mac: 'BC:24:11:5E:02' } } }; });
    const found = check(spec).filter((v) => v.code.startsWith('vm.adopt-'));
    expect(found.map((v) => [v.code, v.path, v.value, v.fix])).toEqual([
      ['vm.adopt-unknown-node', 'single.infrastructure.adopt.vms.ghost', 'ghost', 'adopt live nodes only: solo'],
      ['vm.adopt-identity', 'single.infrastructure.adopt.vms.ghost.mac', 'BC:24:11:5E:02', 'the MAC of the net0 line of qm config <vmid>'],
    ]);
  });
});
