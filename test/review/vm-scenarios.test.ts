import { describe, expect, it } from 'vitest';
import type { EnvironmentSpec } from '../../src/model/environment';
import { reviewEnvironment } from '../../src/review/review';
import { DOMAIN_ID_ERROR } from '../../src/review/replacement-rules';
import { SEED_NOTE } from '../../src/review/terraform';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import { modify } from '../fixtures/environments';
import { codes, pinned, reviewOf, tree, vm } from './scenario';

// The VM layer on day 2, one scenario per provider rule (src/review/replacement-rules.ts): what
// the plan does to each resource, and the dangers it raises, as the pinned providers behave.

const NEXT = { serial: '20261101', sha256: 'ab'.repeat(32) };
const SERVERS = ['k3s-dev-1', 'k3s-dev-2', 'k3s-dev-3'];
const each = (f: (n: string) => [string, string][]) => Object.fromEntries(SERVERS.flatMap(f));
/** dev as a fleet from before nodes recorded their image. */
const unrecorded = modify(dev, (e) => { for (const n of e.nodes) delete (n as any).vm; });
const mgmtSpec = mgmt as EnvironmentSpec;
const createdMgmt = modify(mgmtSpec, (e: any) => { delete e.infrastructure.adopt; });
/** A review of two trees where the base's Terraform JSON is edited by hand (an older release's). */
function fromEditedBase(spec: EnvironmentSpec, edit: (json: any) => void) {
  const head = tree(spec);
  const json = JSON.parse(head.get('terraform/cdk.tf.json')!);
  edit(json);
  return pinned(reviewEnvironment(spec.name, new Map([...head, ['terraform/cdk.tf.json', JSON.stringify(json)]]), head));
}

describe('VM layer, day 2', () => {
  it('bumps the cloud image with every node recorded: nothing is built on the new serial yet, so the plan is empty', () => {
    const r = reviewOf(dev, modify(dev, (e) => { e.versions = { cloudImage: NEXT }; }));
    expect(vm(r)).toEqual({});
    expect(codes(r)).toEqual([]);
    // The environment's README says where new nodes go.
    expect(r.files).toEqual(['README.md (changed)']);
  });

  it('bumps the cloud image on nodes that record none: every OS disk and domain is rebuilt in one apply, and the danger counts the members', () => {
    const r = reviewOf(unrecorded, modify(unrecorded, (e) => { e.versions = { cloudImage: NEXT }; }));
    expect(vm(r)).toEqual({
      'libvirt_volume.base["20260926"]': 'destroy',
      'libvirt_volume.base["20261101"]': 'create',
      'terraform_data.image["20260926"]': 'destroy',
      'terraform_data.image["20261101"]': 'create',
      ...each((n) => [[`terraform_data.os_image["${n}"]`, 'update'], [`libvirt_volume.os["${n}"]`, 'replace'], [`libvirt_domain.node["${n}"]`, 'replace']]),
    });
    expect(r.vm.find((c) => c.address === 'libvirt_volume.os["k3s-dev-2"]')!.reason).toBe('replace_triggered_by terraform_data.os_image["k3s-dev-2"], which changes');
    expect(codes(r)).toEqual(['control-plane', 'founder']);
    expect(r.dangers.slice(0, 1)).toEqual([{
      code: 'control-plane',
      what: '3 of 3 etcd members stop in one apply: k3s-dev-1 (replaced), k3s-dev-2 (replaced), k3s-dev-3 (replaced)',
      why: 'etcd needs 2 of 3 members up and 0 would be; k3s-dev-1, k3s-dev-2 and k3s-dev-3 would lose their etcd data, so 0 of 3 would keep it, fewer than 2: the cluster would not come back on its own; apply it one server at a time (bootstrap/README.md, Day 2 "Rebuild a server onto another image")',
    }]);
  });

  it("rebuilds one node onto the new image: its OS disk and domain only, its data disk kept; quorum holds", () => {
    const head = modify(dev, (e) => { e.versions = { cloudImage: NEXT }; e.nodes[1]!.vm = { image: NEXT.serial }; });
    const r = reviewOf(dev, head);
    expect(vm(r)).toEqual({
      'libvirt_volume.base["20261101"]': 'create',
      'terraform_data.image["20261101"]': 'create',
      'terraform_data.os_image["k3s-dev-2"]': 'update',
      'libvirt_volume.os["k3s-dev-2"]': 'replace',
      'libvirt_domain.node["k3s-dev-2"]': 'replace',
    });
    expect(codes(r)).toEqual([]);
    expect(r.nodes).toEqual(['k3s-dev-2 is rebuilt (its VM replaced, with a new OS disk): its k3s and etcd member go with the old disk; drain it and delete its Node first, then run step 8 "Join k3s-dev-2 (192.168.1.51)" (bash run.sh --only 8) (bootstrap/README.md, Day 2 "Rebuild a server onto another image")']);
  });

  it('rebuilds the founder as it is: a danger, since it would start a cluster of its own', () => {
    const r = reviewOf(dev, modify(dev, (e) => { e.versions = { cloudImage: NEXT }; e.nodes[0]!.vm = { image: NEXT.serial }; }));
    expect(r.dangers.map((d) => [d.code, d.what])).toEqual([['founder', 'k3s-dev-1, the founder (cluster-init), is rebuilt']]);
    // With the founder moved to another server first, the same rebuild is an ordinary one.
    const moved = modify(dev, (e) => { e.nodes[0]!.founder = false; e.nodes[1]!.founder = true; });
    // Moving the founder itself says what it means for the old one.
    expect(reviewOf(dev, moved).nodes[0]).toBe('the founder moves from k3s-dev-1 to k3s-dev-2: k3s-dev-1 joins k3s-dev-2 from now on (its config names the join token, which the Day 2 restart copies first)');
    expect(codes(reviewOf(moved, modify(moved, (e) => { e.versions = { cloudImage: NEXT }; e.nodes[0]!.vm = { image: NEXT.serial }; })))).toEqual([]);
  });

  it('resizes every VM (vcpus 4 → 6): libvirt stops each domain to redefine it, so all three members stop at once', () => {
    const r = reviewOf(dev, modify(dev, (e) => { (e.infrastructure as any).vm.vcpus = 6; }));
    expect(vm(r)).toEqual(each((n) => [[`libvirt_domain.node["${n}"]`, 'update']]));
    expect(r.vm.map((c) => [c.stops, c.reason])).toEqual(SERVERS.map(() => ['restarts', `vcpu updated in place (the VM is stopped, redefined and started; ${DOMAIN_ID_ERROR})`]));
    expect(r.dangers.map((d) => [d.code, d.what])).toEqual([['control-plane', '3 of 3 etcd members stop in one apply: k3s-dev-1 (restarts), k3s-dev-2 (restarts), k3s-dev-3 (restarts)']]);
    expect(r.dangers[0]!.why).toBe('etcd needs 2 of 3 members up and 0 would be: the cluster stops until 2 more are back; apply it one server at a time (bootstrap/README.md, Day 2 "A VM change that stops servers")');
  });

  it('upgrades from a release without ACPI on the domains: the first plan redefines (and stops) every domain', () => {
    const r = fromEditedBase(dev, (json) => { delete json.resource.libvirt_domain.node.features; });
    expect(r.vm.map((c) => [c.address, c.action, c.stops])).toEqual(SERVERS.map((n) => [`libvirt_domain.node["${n}"]`, 'update', 'restarts']));
    expect(codes(r)).toEqual(['control-plane']);
  });

  it("grows the OS disks: capacity is ignored, so the plan is empty, and the review names the runbook's section that grows them", () => {
    const r = reviewOf(dev, modify(dev, (e) => { (e.infrastructure as any).vm.osDiskGiB = 60; }));
    expect(vm(r)).toEqual({});
    expect(codes(r)).toEqual([]);
    expect(r.nodes).toEqual(SERVERS.map((n) => `libvirt_volume.os["${n}"] grows from 40 GiB to 60 GiB in the tree only: capacity is in its ignore_changes, so Terraform plans nothing and the disk keeps its size until the runbook grows it, one server at a time (bootstrap/README.md, Day 2 "Grow a VM's disk")`));
  });

  it("grows one node's data disk: nothing planned, and only that disk is named", () => {
    const r = reviewOf(dev, modify(dev, (e) => { e.nodes[1]!.vm = { ...e.nodes[1]!.vm, dataDiskGiB: 150 }; }));
    expect(vm(r)).toEqual({});
    expect(r.nodes).toEqual(['libvirt_volume.data["k3s-dev-2"] grows from 100 GiB to 150 GiB in the tree only: capacity is in its ignore_changes, so Terraform plans nothing and the disk keeps its size until the runbook grows it, one server at a time (bootstrap/README.md, Day 2 "Grow a VM\'s disk")']);
  });

  it('fails when a disk shrinks: it cannot be done, and the danger says the disk keeps its size', () => {
    const r = reviewOf(dev, modify(dev, (e) => { (e.infrastructure as any).vm.dataDiskGiB = 50; }));
    expect(vm(r)).toEqual({});
    expect(r.dangers.map((d) => [d.code, d.what])).toEqual(SERVERS.map((n) => ['disk-shrink', `libvirt_volume.data["${n}"] shrinks from 100 GiB to 50 GiB`]));
    expect(r.dangers[0]!.why).toBe('a disk cannot shrink under the filesystem on it; Terraform ignores capacity (ignore_changes), so the disk keeps 100 GiB, more than the tree states: set the size back to 100 GiB');
    expect(r.nodes).toEqual([]);
  });

  it("grows the OS disks in an earlier release's tree (domains replace-triggered by their OS volume, capacity not ignored): every domain is destroyed and none is created again", () => {
    const earlier = (spec: EnvironmentSpec) => {
      const json = JSON.parse(tree(spec).get('terraform/cdk.tf.json')!);
      json.resource.libvirt_domain.node.lifecycle = { replace_triggered_by: ['libvirt_volume.os[each.key]'] };
      json.resource.libvirt_volume.os.lifecycle.ignore_changes = ['backing_store'];
      return new Map([...tree(spec), ['terraform/cdk.tf.json', JSON.stringify(json)]]);
    };
    const r = pinned(reviewEnvironment('dev', earlier(dev), earlier(modify(dev, (e) => { (e.infrastructure as any).vm.osDiskGiB = 60; }))));
    expect(vm(r)).toEqual(each((n) => [[`libvirt_volume.os["${n}"]`, 'fails'], [`libvirt_domain.node["${n}"]`, 'destroy']]));
    expect(r.vm.find((c) => c.address === 'libvirt_domain.node["k3s-dev-2"]')!.reason).toBe('replace_triggered_by libvirt_volume.os["k3s-dev-2"], whose change fails at apply: Terraform destroys this first, and the apply stops before it is created again');
    expect(r.dangers.map((d) => [d.code, d.what])).toEqual([
      ['control-plane', '3 of 3 etcd members stop in one apply: k3s-dev-1 (destroyed and not created again), k3s-dev-2 (destroyed and not created again), k3s-dev-3 (destroyed and not created again)'],
      ...SERVERS.map((n) => ['plan-fails', `libvirt_volume.os["${n}"]: the apply fails`]),
    ]);
    // No order of servers helps, and no sentence says the disks go: the OS volumes stay.
    expect(r.dangers[0]!.why).toBe('etcd needs 2 of 3 members up and 0 would be: the cluster stops until 2 more are back; the apply fails at libvirt_volume.os["k3s-dev-1"], libvirt_volume.os["k3s-dev-2"] and libvirt_volume.os["k3s-dev-3"] before it creates k3s-dev-1, k3s-dev-2 and k3s-dev-3 again, whatever the order of servers: take that change out (plan-fails)');
    expect(r.dangers[1]!.why).toBe('the provider cannot update capacity (Update Not Supported): apply fails; a running domain\'s disk is grown by the runbook\'s Day 2 section "Grow a VM\'s disk", with capacity in the volume\'s ignore_changes');
    expect(r.nodes).toEqual([]);
  });

  it('adds the graceful stop to the domains of a running fleet: an update that stops every domain once, so the danger asks for one server at a time', () => {
    const r = fromEditedBase(dev, (json) => { delete json.resource.libvirt_domain.node.update; delete json.resource.libvirt_domain.node.destroy; });
    expect(r.vm.map((c) => [c.address, c.action, c.stops, c.reason])).toEqual(SERVERS.map((n) => [`libvirt_domain.node["${n}"]`, 'update', 'restarts', `destroy.shutdown.timeout, update.shutdown.timeout updated in place (the VM is stopped, redefined and started; ${DOMAIN_ID_ERROR})`]));
    expect(r.dangers.map((d) => d.why)).toEqual(['etcd needs 2 of 3 members up and 0 would be: the cluster stops until 2 more are back; apply it one server at a time (bootstrap/README.md, Day 2 "A VM change that stops servers")']);
  });

  it("rotates an SSH key: each node's seed is rebuilt, which a running VM never reads again; no domain stops", () => {
    const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFRotatedKeyRotatedKeyRotatedKeyRotatedKey00 ops';
    const r = reviewOf(dev, modify(dev, (e) => { (e.infrastructure as any).access.sshKeys = [key]; }));
    expect(vm(r)).toEqual(each((n) => [[`libvirt_cloudinit_disk.seed["${n}"]`, 'replace'], [`libvirt_volume.seed_iso["${n}"]`, 'replace']]));
    expect(r.vm.find((c) => c.address === 'libvirt_volume.seed_iso["k3s-dev-2"]')!.reason).toBe(`replace_triggered_by libvirt_cloudinit_disk.seed["k3s-dev-2"], which changes; ${SEED_NOTE}`);
    expect(r.vm.find((c) => c.address === 'libvirt_cloudinit_disk.seed["k3s-dev-2"]')!.reason).toContain(SEED_NOTE);
    expect(codes(r)).toEqual([]);
  });

  it("rotates the SSH key of the mgmt VM, adopted or created: the provider reboots it (reboot_after_update at its default); a tree that turns it off stores it for the next reboot", () => {
    const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFRotatedKeyRotatedKeyRotatedKeyRotatedKey00 ops';
    const rotate = (spec: EnvironmentSpec) => modify(spec, (e) => { (e.infrastructure as any).access.sshKeys = [key]; });
    const rebooted = [[
      'update', 'restarts', 'initialization.0.user_account.0.keys.0 updated in place (updated through the API; initialization.0.user_account.0.keys.0 needs a reboot, which the provider makes)',
    ]];
    const adopted = reviewOf(mgmtSpec, rotate(mgmtSpec));
    expect(adopted.vm.map((c) => [c.action, c.stops, c.reason])).toEqual(rebooted);
    const created = reviewOf(createdMgmt, rotate(createdMgmt));
    expect(created.vm.map((c) => [c.action, c.stops, c.reason])).toEqual(rebooted);
    // An earlier release wrote reboot_after_update = false for an adopted VM.
    const rebootOff = (spec: EnvironmentSpec) => {
      const files = tree(spec);
      const json = JSON.parse(files.get('terraform/cdk.tf.json')!);
      json.resource.proxmox_virtual_environment_vm.node.reboot_after_update = false;
      return new Map([...files, ['terraform/cdk.tf.json', JSON.stringify(json)]]);
    };
    const pending = pinned(reviewEnvironment('mgmt', rebootOff(mgmtSpec), rebootOff(rotate(mgmtSpec))));
    expect(pending.vm.map((c) => [c.address, c.action, c.stops, c.reason])).toEqual([[
      'proxmox_virtual_environment_vm.node["lab-mgmt"]', 'update', 'pending',
      "initialization.0.user_account.0.keys.0 updated in place; initialization.0.user_account.0.keys.0 takes effect at the VM's next reboot (reboot_after_update is off)",
    ]]);
    // mgmt is one server on sqlite: a restart is no quorum question.
    expect([codes(adopted), codes(created), codes(pending)]).toEqual([[], [], []]);
  });

  it('moves the Proxmox VM to another VLAN: its NIC is hot-plugged, no reboot', () => {
    const r = reviewOf(createdMgmt, modify(createdMgmt, (e) => { (e.infrastructure as any).vlan = 5; }));
    expect(r.vm.map((c) => [c.action, c.stops, c.reason])).toEqual([['update', undefined, 'network_device.0.vlan_id updated in place (updated through the API)']]);
  });

  it("changes the only mgmt VM's id: a replacement of the whole control plane, stopped by the adoption's protection", () => {
    const r = reviewOf(mgmtSpec, modify(mgmtSpec, (e) => { e.nodes[0]!.vm = { vmId: 202 }; }));
    expect(vm(r)).toEqual({ 'proxmox_virtual_environment_vm.node["lab-mgmt"]': 'blocked' });
    expect(r.vm[0]!.reason).toBe('vm_id forces replacement; prevent_destroy makes the plan fail instead');
    expect(r.dangers.map((d) => [d.code, d.what, d.why])).toEqual([
      ['control-plane', 'the only server lab-mgmt is asked to be replaced', "k3s's default datastore (sqlite) lives on its OS disk and goes with it"],
      ['plan-fails', 'proxmox_virtual_environment_vm.node["lab-mgmt"]: the plan fails', 'vm_id forces replacement; prevent_destroy makes the plan fail instead'],
    ]);
  });

  it("changes a Proxmox VM's TPM version or EFI disk type: the provider's CustomizeDiff replaces the VM", () => {
    for (const [block, field, from, to] of [['tpm_state', 'version', 'v1.2', 'v2.0'], ['efi_disk', 'type', '2m', '4m']] as const) {
      const head = tree(createdMgmt);
      const withBlock = (value: string) => {
        const json = JSON.parse(head.get('terraform/cdk.tf.json')!);
        json.resource.proxmox_virtual_environment_vm.node[block] = [{ datastore_id: 'local-lvm', [field]: value }];
        return new Map([...head, ['terraform/cdk.tf.json', JSON.stringify(json)]]);
      };
      const r = pinned(reviewEnvironment('mgmt', withBlock(from), withBlock(to)));
      expect(r.vm.map((c) => [c.action, c.reason]), block).toEqual([['replace', `${block}.0.${field} forces replacement`]]);
    }
  });

  it("bumps the image on Proxmox: the download is replaced; the VM's disk is a copy, read at create only", () => {
    const r = reviewOf(createdMgmt, modify(createdMgmt, (e) => { e.versions = { cloudImage: NEXT }; }));
    expect(vm(r)).toEqual({ 'proxmox_download_file.image': 'replace' });
    expect(codes(r)).toEqual([]);
  });

  it("changes the Proxmox vendor data: the snippet file is replaced, and the VM, which read it at first boot, is not", () => {
    const r = fromEditedBase(createdMgmt, (json) => { json.resource.proxmox_virtual_environment_file.vendor_data.source_raw[0].data += '# an earlier release\n'; });
    expect(vm(r)).toEqual({ 'proxmox_virtual_environment_file.vendor_data': 'replace' });
    expect(r.vm[0]!.reason).toBe('source_raw.0.data forces replacement');
  });

  it('upgrades from a release whose download asked Ubuntu for the file size at every refresh: overwrite is turned off in place', () => {
    const r = fromEditedBase(mgmtSpec, (json) => { delete json.resource.proxmox_download_file.image.overwrite; });
    expect(r.vm.map((c) => [c.address, c.action, c.reason])).toEqual([['proxmox_download_file.image', 'update', 'overwrite updated in place']]);
  });

  it("moves a base volume the old module named otherwise onto the serial's key: the move replaces it, and the OS disks built on it lose their backing file", () => {
    const r = fromEditedBase(dev, (json) => {
      const base = json.resource.libvirt_volume.base;
      delete base.for_each;
      base.name = 'ubuntu-base.qcow2';
      base.create.content.url = '/var/cache/ubuntu.img';
      json.resource.libvirt_volume.os.backing_store.path = '${libvirt_volume.base.path}';
    });
    expect(vm(r)).toEqual({ 'libvirt_volume.base["20260926"]': 'replace' });
    expect(r.vm[0]!.reason).toBe('moved from libvirt_volume.base; name forces replacement');
    expect(r.dangers.map((d) => [d.code, d.what])).toEqual([
      ['backing-file', 'libvirt_volume.base["20260926"] is deleted while libvirt_volume.os["k3s-dev-1"], libvirt_volume.os["k3s-dev-2"], libvirt_volume.os["k3s-dev-3"] are overlays of it'],
    ]);
  });
});

describe('VM layer, day 2: leaving adoption', () => {
  const disks = (n: number) => ({ uuid: `0f0e0d0c-0b0a-4908-8706-05040302010${n}`, osDisk: `/srv/${n}.qcow2`, dataDisk: `/srv/${n}-data.qcow2` });
  const adopted = modify(dev, (e: any) => {
    delete e.infrastructure.migrateFromCount;
    for (const n of [1, 2]) delete e.nodes[n].vm;
    e.infrastructure.adopt = { domains: { 'k3s-dev-2': disks(2), 'k3s-dev-3': disks(3) } };
  });
  const leave = (domains: Record<string, unknown>) => modify(adopted, (e: any) => { e.infrastructure.adopt = { domains }; e.nodes[1].vm = { image: '20260926' }; });

  it("takes one node out of adoption in the spec alone: the plan refuses to destroy its domain, and says the runbook's way", () => {
    const r = reviewOf(adopted, leave({ 'k3s-dev-3': disks(3) }));
    expect(vm(r)['libvirt_domain.adopted["k3s-dev-2"]']).toBe('blocked');
    expect(r.dangers.find((d) => d.what.startsWith('libvirt_domain.adopted'))!.why).toContain('a server leaves adoption by the Day 2 section "Take a server out of adoption" of the runbook before this change (state rm, undefine, rebuild)');
  });

  it("resizes the VMs with two adopted: the review says the change does not reach the adopted domains", () => {
    const r = reviewOf(adopted, modify(adopted, (e: any) => { e.infrastructure.vm.vcpus = 6; }));
    expect(vm(r)).toEqual({ 'libvirt_domain.node["k3s-dev-1"]': 'update' });
    expect(r.nodes).toEqual(['k3s-dev-2', 'k3s-dev-3'].map((n) => `${n} is adopted: the change to its domain does not reach it (ignore_changes = all) until it is taken out of adoption (bootstrap/README.md, Day 2)`));
  });

  it('adds adoption to a tree without it: planned from an empty state, as adoption is applied: imports and creates, no danger', () => {
    const r = reviewOf(modify(adopted, (e: any) => { delete e.infrastructure.adopt; for (const n of [1, 2]) e.nodes[n].vm = { image: '20260926' }; }), adopted);
    expect(Object.values(vm(r)).sort()).toEqual([...Array(8).fill('create'), ...Array(2).fill('import')]);
    expect(codes(r)).toEqual([]);
    expect(r.nodes[0]).toBe("this change adopts running machines (2 new import blocks): its VM plan is read from an empty state, as adoption applies it; the runbook's VM step applies it only if the plan is exactly that (deploy --expect)");
  });

  it('takes the last adopted node out in the spec alone: the block goes with its protection, and the danger says the running domain is undefined', () => {
    const r = reviewOf(adopted, leave({ 'k3s-dev-3': disks(3) }));
    const last = reviewOf(leave({ 'k3s-dev-3': disks(3) }), modify(leave({ 'k3s-dev-3': disks(3) }), (e: any) => { e.infrastructure.adopt = { domains: {} }; e.nodes[2].vm = { image: '20260926' }; }));
    expect(codes(r)).not.toContain('adoption');
    expect(r.nodes).toContain('k3s-dev-2 leaves adoption and is built anew (a new OS disk and data disk): drain it and delete its Node, state rm and undefine its adopted domain first, then run step 8 "Join k3s-dev-2 (192.168.1.51)" (bash run.sh --only 8) (the runbook before this change, Day 2 "Take a server out of adoption")');
    expect(vm(last)['libvirt_domain.adopted["k3s-dev-3"]']).toBe('destroy');
    expect(last.dangers.filter((d) => d.code === 'adoption').map((d) => [d.what, d.why])).toEqual([[
      'libvirt_domain.adopted["k3s-dev-3"] is destroyed',
      'libvirt stops and undefines the running domain (its disk files stay), while a domain of the same name is created; a server leaves adoption by the Day 2 section "Take a server out of adoption" of the runbook before this change (state rm, undefine, rebuild)',
    ]]);
  });
});

describe('VM layer, day 2: how many members one apply stops', () => {
  const five = modify(dev, (e) => {
    e.nodes.push({ name: 'k3s-dev-4', ip: '192.168.1.53', vm: { image: '20260926' } }, { name: 'k3s-dev-5', ip: '192.168.1.54', vm: { image: '20260926' } });
  });
  const resize = (spec: EnvironmentSpec, nodes: readonly number[]) => modify(spec, (e) => { for (const i of nodes) e.nodes[i]!.vm = { ...e.nodes[i]!.vm, vcpus: 6 }; });

  it('stops one of three: one server at a time is the rolling change itself, so no danger; the table still says the VM stops', () => {
    const r = reviewOf(dev, resize(dev, [1]));
    expect(r.vm.map((c) => [c.address, c.stops])).toEqual([['libvirt_domain.node["k3s-dev-2"]', 'restarts']]);
    expect(codes(r)).toEqual([]);
  });

  it('stops two of five: quorum holds with none to spare, and the danger says so', () => {
    const r = reviewOf(five, resize(five, [1, 3]));
    expect(r.dangers.map((d) => [d.what, d.why])).toEqual([[
      '2 of 5 etcd members stop in one apply: k3s-dev-2 (restarts), k3s-dev-4 (restarts)',
      '3 of 5 stay up and etcd needs 3: one more failure during the apply stops the cluster; apply it one server at a time (bootstrap/README.md, Day 2 "A VM change that stops servers")',
    ]]);
  });

  it('stops two of three: fewer stay up than the quorum', () => {
    const r = reviewOf(dev, resize(dev, [0, 2]));
    expect(r.dangers.map((d) => d.why)).toEqual(['etcd needs 2 of 3 members up and 1 would be: the cluster stops until 1 more is back; apply it one server at a time (bootstrap/README.md, Day 2 "A VM change that stops servers")']);
  });
});
