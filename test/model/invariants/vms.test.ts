import { describe, expect, it } from 'vitest';
import { EXAMPLE_SSH_KEY_BODY } from '../../../src/model/placeholders';
import { mgmt } from '../../fixtures/fleet/mgmt';
import { OTHER_AGE_RECIPIENT, modify, singleServer, threeServers } from '../../fixtures/environments';
import { codes, expectOnly } from '../../fixtures/expect';
import { check } from '../../../src/check/run';

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
    expect(v!.message).toMatch(/^fx-3 has the MAC of fx-2;/);
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
    expect(check(keys([line, ' '])).map((v) => [v.code, v.value])).toEqual([
      ['vm.ssh-key-private', '(a private key, not shown)'],
      ['vm.ssh-key-invalid', '(empty)'],
    ]);
  });

  it("fails on an adopted Proxmox VM's key as on the environment's, at its own path", () => {
    const [v] = expectOnly(modify(mgmt, (e: any) => { e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; e.infrastructure.adopt.vms['lab-mgmt'].sshKeys = ['ssh-ed25519']; }), 'vm.ssh-key-invalid');
    expect(v).toMatchObject({ path: 'mgmt.infrastructure.adopt.vms.lab-mgmt.sshKeys[0]', value: 'ssh-ed25519', message: 'this is not an OpenSSH public key: it is a ssh-ed25519 key with no key data after the type, so cloud-init would install a line sshd cannot use' });
  });

  it('still warns about the example key beside a bad entry, and with options or stray spaces around it', () => {
    const violations = check(keys(['ssh-ed25519 you@host', `  no-pty ${example}`, '-----BEGIN OPENSSH PRIVATE KEY-----']));
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
