import { describe, expect, it } from 'vitest';
import { PROXMOX_DISK_SLOT, PROXMOX_MACHINE, OCI_PATH_COMPONENT, isBranchName, isLoginName, isProxmoxCpuType, isSecretKey, isSshHost, isSshUser } from '../../src/model/program-grammars';

describe('what the programs accept', () => {
  it.each(['token', 'ca.crt', 'PROXMOX_URL', '.dockerconfigjson', 'a-b', 'x'.repeat(253)])('a Secret takes the key %s', (k) => expect(isSecretKey(k)).toBe(true));
  it.each(['api token', 'a/b', '.', '..', '..data', 'x'.repeat(254), 'clé', ''])('fails when a Secret key is %s', (k) => expect(isSecretKey(k)).toBe(false));

  it.each(['ubuntu', 'Admin', '_svc', 'ops.user', 'a-b', 'machine$', 'u1', 'a', '1abc', 'x'.repeat(32)])('useradd takes the login %s', (n) => expect(isLoginName(n)).toBe(true));
  it.each(['ops admin', '-ops', '1234', '.', '..', 'a$b', 'x'.repeat(33), 'ops:x', ''])('fails when the login is %s', (n) => expect(isLoginName(n)).toBe(false));

  it.each(['10.0.0.5', 'bastion.example.net', 'fx-2', 'host_1'])('ssh takes the host %s', (h) => expect(isSshHost(h)).toBe(true));
  it.each(['-oProxyCommand=x', 'a b', 'a;b', 'a$b', 'a,b', 'a\\b', 'a\tb', 'a\u0001b', ''])('fails when the ssh host is %j', (h) => expect(isSshHost(h)).toBe(false));
  it.each(['ubuntu', 'ops$', 'a b', 'DOMAIN\\user'])('ssh takes the user %j', (u) => expect(isSshUser(u)).toBe(true));
  it.each(['-l', 'a;b', 'a b -x', 'trail\\', 'a\u0001', "o'k", ''])('fails when the ssh user is %j', (u) => expect(isSshUser(u)).toBe(false));

  it.each(['main', 'release/1.2', 'feature-x', 'v1.0', 'a@b'])('git takes the branch %s', (b) => expect(isBranchName(b)).toBe(true));
  it.each(['release 1', 'a..b', 'a~1', 'a^', 'a:b', 'a?', 'a*', 'a[b', 'a\\b', 'a@{1}', '@', '-x', 'x.', 'x.lock', 'a/.b', 'a//b', '/a', 'a/', 'a/b.lock/c', 'a\u0007', ''])(
    'fails when the branch is %j',
    (b) => expect(isBranchName(b)).toBe(false),
  );

  it.each(['', 'pc', 'q35', 'pc-i440fx-9.2+pve1', 'pc-q35-8.1', 'q35,viommu=intel', 'virt'])('the bpg provider takes the machine %j', (m) => expect(PROXMOX_MACHINE.test(m)).toBe(true));
  it.each(['i440fx', 'Q35', 'pc-q35', 'q35,viommu=amd'])('fails when the machine is %s', (m) => expect(PROXMOX_MACHINE.test(m)).toBe(false));
  it.each(['host', 'x86-64-v2-AES', 'qemu64', 'custom-mine'])('the bpg provider takes the CPU %s', (c) => expect(isProxmoxCpuType(c)).toBe(true));
  it.each(['haswell', 'custom-', 'kvm', 'xcustom-a', 'custom-a\nb'])('fails when the CPU is %s', (c) => expect(isProxmoxCpuType(c)).toBe(false));

  it.each(['ide0', 'ide3', 'sata5', 'scsi0', 'scsi9', 'scsi19', 'scsi30', 'virtio0', 'virtio15'])('Proxmox has the slot %s', (s) => expect(PROXMOX_DISK_SLOT.test(s)).toBe(true));
  it.each(['ide4', 'sata6', 'scsi31', 'virtio16', 'SCSI0', 'efidisk0', 'scsi', 'xscsi0', 'scsi0x'])('fails when the slot is %s', (s) => expect(PROXMOX_DISK_SLOT.test(s)).toBe(false));

  it.each(['podinfo', 'kube-prometheus-stack', 'a.b', 'a_b', 'a__b', 'a--b', 'x1'])('a registry takes the path part %s', (p) => expect(OCI_PATH_COMPONENT.test(p)).toBe(true));
  it.each(['PodInfo', '-a', 'a-', 'a___b', 'a..b', '', 'a b'])('fails when a path part is %j', (p) => expect(OCI_PATH_COMPONENT.test(p)).toBe(false));
});
