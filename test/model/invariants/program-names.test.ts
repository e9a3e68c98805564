import { describe, expect, it } from 'vitest';
import { check } from '../../../src/check/run';
import { modify, modifyWorkload, singleServer, threeServers } from '../../fixtures/environments';
import { codes, expectOnly } from '../../fixtures/expect';
import { managementBase, workloadBase } from '../../fixtures/workload-rules';

const libvirt = (uri: string) => modify(threeServers, (e: any) => { e.infrastructure.uri = uri; });
const proxmox = (change: (e: any) => void) => modify(singleServer, change);

describe('libvirt.invalid-uri', () => {
  it.each(['qemu:///system', 'qemu:///session', 'qemu:/system', 'qemu+ssh://root@kvm1/system', 'qemu+sshcmd://kvm1:2222/system?keyfile=~/.ssh/id', 'qemu+tcp://kvm1/system', 'qemu+tls://kvm1/session', 'qemu://kvm1/system', 'qemu://system/system'])('passes %s', (uri) => {
    expect(codes(libvirt(uri))).toEqual([]);
  });

  it.each([
    ['qemu://system', 'names a host system with no path; the local system instance is qemu:///system', 'qemu:///system'],
    ['qemu://session?socket=/run/x', 'names a host session with no path; the local session instance is qemu:///session', 'qemu:///session?socket=/run/x'],
    ['qemu://kvm1', 'has the path (none), and libvirt\'s QEMU driver opens only /system or /session', 'qemu://kvm1/system'],
    ['qemu+ssh://root@kvm1/', 'has the path /, and libvirt\'s QEMU driver opens only /system or /session', 'qemu+ssh://root@kvm1/system'],
    ['qemu://kvm1/x?socket=/run/y', 'has the path /x, and libvirt\'s QEMU driver opens only /system or /session', 'qemu://kvm1/system?socket=/run/y'],
    // A host named system over SSH: its path is missing, not its slashes.
    ['qemu+ssh://system', 'has the path (none), and libvirt\'s QEMU driver opens only /system or /session', 'qemu+ssh://system/system'],
    ['xen:///system', 'names the xen driver, and the domains the tool writes are QEMU/KVM domains', 'qemu:///system'],
    ['test:///default', 'names the test driver, and the domains the tool writes are QEMU/KVM domains', 'qemu:///system'],
  ])('fails when the URI is %s, and fixes it with an action', (uri, problem, fixed) => {
    const [v] = expectOnly(libvirt(uri), 'libvirt.invalid-uri');
    expect(v).toMatchObject({ path: 'fixture.infrastructure.uri', value: uri, message: `${uri} ${problem}`, fix: `write ${fixed}`, action: { set: 'infrastructure.uri', to: fixed } });
    expect(codes(libvirt(fixed))).toEqual([]);
  });

  it.each([
    ['qemu', 'is not driver[+transport]://[user@host[:port]]/path'],
    ['qemu:system', 'is not driver[+transport]://[user@host[:port]]/path'],
    ['bhyve:///system', 'names no driver terraform-provider-libvirt dials (qemu, lxc, xen, vbox, test)'],
    ['qemu+unix:///system', 'names the transport unix, which terraform-provider-libvirt v0.9.7 does not dial (ssh, sshcmd, tcp, tls, or none for the local socket)'],
    ['qemu+ssh:///system', 'names the ssh transport and no host to reach with it'],
    ['qemu+ssh:/system', 'names the ssh transport and no host to reach with it'],
    ['+qemu:///system', 'is not driver[+transport]://[user@host[:port]]/path'],
    ['lxc+ssh:///system', 'names the lxc driver, and the domains the tool writes are QEMU/KVM domains'],
  ])('fails when the URI is %s, with a fix that says what to decide and no action', (uri, problem) => {
    const [v] = expectOnly(libvirt(uri), 'libvirt.invalid-uri');
    expect(v).toMatchObject({ message: `${uri} ${problem}`, fix: 'write qemu:///system for the local host, or qemu+ssh://<user>@<host>/system for a remote one' });
    expect(v).not.toHaveProperty('action');
  });

  it('says nothing on Proxmox', () => {
    expect(check(singleServer).filter((v) => v.code === 'libvirt.invalid-uri')).toEqual([]);
  });
});

describe('libvirt.invalid-pool', () => {
  it.each([['vms/pool', "'/'"], ['pool\nb', 'a newline']])('fails when the pool is %j', (pool, what) => {
    const [v] = expectOnly(modify(threeServers, (e: any) => { e.infrastructure.pool = pool; }), 'libvirt.invalid-pool');
    expect(v).toMatchObject({ path: 'fixture.infrastructure.pool', value: pool, message: `libvirt refuses a pool name with ${what}: no pool ${JSON.stringify(pool)} can exist` });
    expect(v).not.toHaveProperty('action');
  });

  it('passes a pool with dots, dashes and underscores', () => {
    expect(codes(modify(threeServers, (e: any) => { e.infrastructure.pool = 'vm_pool.fast-1'; }))).toEqual([]);
  });
});

describe('Proxmox names', () => {
  it.each([['datastore', 'local zfs'], ['datastore', 'l'], ['datastore', '1local'], ['imageDatastore', 'local-'], ['imageDatastore', 'nfs/iso']])('fails when %s is %j, which pve-common refuses as a storage ID', (field, name) => {
    const [v] = expectOnly(proxmox((e) => { e.infrastructure[field] = name; }), 'proxmox.invalid-storage-id');
    expect(v).toMatchObject({ path: `single.infrastructure.${field}`, value: name, message: `"${name}" is not a Proxmox storage ID` });
  });

  it('passes storage IDs with letters, digits, -, _ and .', () => {
    expect(codes(proxmox((e) => { e.infrastructure.datastore = 'ceph_pool.ssd-2'; e.infrastructure.imageDatastore = 'lo'; }))).toEqual([]);
  });

  it.each(['pve 1', 'pve_1', '-pve', 'pve.lan'])('fails when the node is %j', (node) => {
    const [v] = expectOnly(proxmox((e) => { e.infrastructure.node = node; }), 'proxmox.invalid-node-name');
    expect(v).toMatchObject({ path: 'single.infrastructure.node', value: node });
  });

  it.each(['vmbr@0', 'br+lan'])('fails when the bridge is %j, which a Linux interface may be but Proxmox refuses', (bridge) => {
    const [v] = expectOnly(proxmox((e) => { e.infrastructure.bridge = bridge; }), 'proxmox.invalid-bridge');
    expect(v).toMatchObject({ path: 'single.infrastructure.bridge', value: bridge, fix: 'write the bridge as ip link on the Proxmox host shows it, e.g. vmbr0' });
  });

  it('leaves a bridge no Linux interface can have to network.invalid-interface, reported once', () => {
    expectOnly(proxmox((e) => { e.infrastructure.bridge = 'vm/br0'; }), 'network.invalid-interface');
  });

  it("fails when a node the management environment lists for Cluster API is a name Proxmox refuses, at that entry", () => {
    const listed = modify(managementBase, (e: any) => { e.clusterApi.proxmoxNodes = ['pv1-1', 'pve 2']; });
    expect(check(listed).filter((v) => v.code === 'proxmox.invalid-node-name').map((v) => [v.path, v.value])).toEqual([[`${listed.name}.clusterApi.proxmoxNodes[1]`, 'pve 2']]);
  });

  it("judges a workload cluster's nodes and bridge, and never proposes a refused name for the management's list", () => {
    expect(check(workloadBase).filter((v) => v.code.startsWith('proxmox.'))).toEqual([]);
    const workload = modifyWorkload(workloadBase, (e: any) => { e.infrastructure.proxmox.sourceNode = 'pve 2'; e.infrastructure.proxmox.allowedNodes = ['pve_3']; e.infrastructure.proxmox.bridge = 'vmbr+0'; });
    const found = check(workload).filter((v) => v.code.startsWith('proxmox.'));
    expect(found.map((v) => [v.code, v.path])).toEqual([
      ['proxmox.invalid-node-name', `${workload.name}.infrastructure.proxmox.sourceNode`],
      ['proxmox.invalid-node-name', `${workload.name}.infrastructure.proxmox.allowedNodes[0]`],
      ['proxmox.invalid-bridge', `${workload.name}.infrastructure.proxmox.bridge`],
    ]);
  });
});
