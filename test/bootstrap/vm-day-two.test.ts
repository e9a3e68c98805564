import { describe, expect, it } from 'vitest';
import { adoptionCommands } from '../../src/bootstrap/adoption-steps';
import { backupCommands } from '../../src/bootstrap/etcd-backup';
import { runbookSteps } from '../../src/bootstrap/steps';
import { vmTargets } from '../../src/bootstrap/vm-day-two';
import type { EnvironmentSpec } from '../../src/model/environment';
import { modify, resolveK3s } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import { prod } from '../fixtures/fleet/prod';

// Day-2 changes to running VMs, one server at a time, as the runbook writes them.

const book = (spec: EnvironmentSpec) => runbookSteps(resolveK3s(spec));
const dayTwo = (spec: EnvironmentSpec, title: string) => book(spec).dayTwo.find((s) => s.title.startsWith(title));

describe('Day 2: a changed k3s config', () => {
  it('copies the join token to every joining server before its restart, so a former founder restarts with it', () => {
    const step = book(dev).dayTwo.find((s) => s.title.startsWith("A server's k3s config changed"))!;
    const token = step.commands.filter((c) => c.includes('/etc/rancher/k3s/cluster-token'));
    expect(token).toHaveLength(2);
    expect(token[0]).toContain("ubuntu@192.168.1.50 'sudo cat /var/lib/rancher/k3s/server/token' | ");
    expect(step.commands.indexOf(token[0]!)).toBeLessThan(step.commands.findIndex((c) => c.includes('systemctl restart k3s')));
  });
});

describe('Day 2 on the VM layer', () => {
  it('applies a change that stops servers per node, founder last: a snapshot first, each Ready and etcd healthy before the next', () => {
    const step = dayTwo(dev, 'A VM change that stops servers')!;
    expect(step.where).toBe('k3s-dev-2, then k3s-dev-3, then k3s-dev-1');
    // The backup first, taken off the founder: the way back.
    expect(step.commands.slice(0, 4)).toEqual(backupCommands(resolveK3s(dev), 'before-vm-change'));
    expect(step.commands[1]).toContain("'sudo k3s etcd-snapshot save --name before-vm-change'");
    const deploys = step.commands.filter((c) => c.includes('npm run deploy'));
    expect(deploys).toHaveLength(3);
    expect(deploys[0]).toBe(`(cd ../../.. && npm run deploy -- dev -- ${vmTargets(resolveK3s(dev), resolveK3s(dev).liveNodes[1]!).map((t) => `'-target=${t}'`).join(' ')})`);
    expect(vmTargets(resolveK3s(dev), resolveK3s(dev).liveNodes[1]!)).toEqual([
      'terraform_data.os_image["k3s-dev-2"]', 'libvirt_volume.os["k3s-dev-2"]', 'libvirt_volume.data["k3s-dev-2"]',
      'libvirt_cloudinit_disk.seed["k3s-dev-2"]', 'libvirt_volume.seed_iso["k3s-dev-2"]', 'libvirt_domain.node["k3s-dev-2"]',
    ]);
    // After each node: its SSH, Ready, then etcd's readiness through the API server.
    const after = step.commands.indexOf(deploys[0]!);
    expect(step.commands.slice(after + 1, after + 4).map((c) => c.replace(/ssh .*? true/, 'ssh … true'))).toEqual([
      "timeout 900 bash -c 'until ssh … true 2>/dev/null; do sleep 5; done'",
      'kubectl wait --for=condition=Ready node/k3s-dev-2 --timeout=10m',
      // Its own API server's etcd member, not whichever server the VIP answers with.
      "timeout 300 bash -c 'until kubectl --server=https://192.168.1.51:6443 get --raw='\\''/readyz/etcd'\\'' >/dev/null 2>&1; do sleep 5; done'",
    ]);
    expect(step.notes[1]).toContain('etcd needs 2 of its 3 members up');
  });

  it('rebuilds a server onto another image through its own Join step, never the founder as it is', () => {
    const runbook = book(dev);
    const step = dayTwo(dev, 'Rebuild a server onto another image')!;
    for (const node of ['k3s-dev-2', 'k3s-dev-3']) {
      const join = runbook.steps.findIndex((s) => s.title.startsWith(`Join ${node} (`)) + 1;
      const block = step.commands.slice(step.commands.indexOf(`# ${node}`));
      expect(block.slice(1, 3)).toEqual([`kubectl drain ${node} --ignore-daemonsets --delete-emptydir-data`, `kubectl delete node ${node}`]);
      expect(block).toContain(`bash run.sh --only ${join}`);
    }
    expect(step.commands).not.toContain('# k3s-dev-1');
    expect(step.notes[1]).toContain('Make another live server the founder first');
  });

  it('on one sqlite server: no snapshot, no quorum, the API down while it restarts; no rebuild (Proxmox copies its image)', () => {
    const steps = book(mgmt as EnvironmentSpec).dayTwo.map((s) => s.title);
    expect(steps).toContain('A VM change that stops servers (sizing, hardware, a provider setting)');
    expect(steps).not.toContain('Rebuild a server onto another image');
    const step = dayTwo(mgmt as EnvironmentSpec, 'A VM change')!;
    expect(step.commands).toEqual([
      "(cd ../../.. && npm run deploy -- mgmt -- '-target=proxmox_virtual_environment_vm.node[\"lab-mgmt\"]')",
      // Adopted, reboot_after_update at its default: the provider reboots it, no qm reboot of the step's own.
      expect.stringContaining('until ssh'),
      'kubectl wait --for=condition=Ready node/lab-mgmt --timeout=10m',
    ]);
    expect(step.notes).toContain('With one server the API is down while it stops.');
    expect(book(prod).dayTwo.map((s) => s.title)).not.toContain('A VM change that stops servers (sizing, hardware, a provider setting)');
  });

  it("says how long a guest gets to shut down before an update stops it: the domains' own timeout", () => {
    expect(dayTwo(dev, 'A VM change that stops servers')!.notes[0]).toMatch(/^libvirt 0\.9\.7 redefines a domain in place only after stopping it \(a guest shutdown, forced after 120 s\), whatever changed; the review lists each server that stops\. /);
  });

  it("says each deploy line ends with libvirt 0.9.7's .id error though the change is made, and how to see it is (npm run prove: vcpus and memory)", () => {
    expect(dayTwo(dev, 'A VM change that stops servers')!.notes[0]).toContain('Each deploy line below then exits with "Provider produced inconsistent result after apply" for its domain\'s .id (libvirt 0.9.7 reads back the restarted domain\'s new runtime id): the change is made, and `npm run deploy -- dev --plan` shows nothing left for that server.');
  });

  it("grows each running domain's disks one server at a time, founder last, to the sizes the tree states, and never shrinks one", () => {
    const step = dayTwo(dev, "Grow a VM's disk")!;
    expect(step.title).toBe("Grow a VM's disk (osDiskGiB, dataDiskGiB)");
    expect(step.where).toBe('k3s-dev-2, then k3s-dev-3, then k3s-dev-1');
    const ssh = 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.51';
    expect(step.commands.slice(0, 5)).toEqual([
      '# k3s-dev-2',
      // The disk's size first: larger than the tree states stops the step before any resize.
      `[ "$(virsh -c qemu:///system domblkinfo k3s-dev-2 vda | awk '/^Capacity:/ {print $2}')" -le ${40 * 1024 ** 3} ] || { echo 'k3s-dev-2 vda is larger than ${40 * 1024 ** 3} bytes already: a disk is never shrunk' >&2; exit 1; }; virsh -c qemu:///system blockresize k3s-dev-2 vda ${40 * 1024 ** 3}B`,
      `${ssh} '{ sudo growpart /dev/vda 1 || test $? -eq 1; } && sudo resize2fs /dev/vda1'`,
      `[ "$(virsh -c qemu:///system domblkinfo k3s-dev-2 vdb | awk '/^Capacity:/ {print $2}')" -le ${100 * 1024 ** 3} ] || { echo 'k3s-dev-2 vdb is larger than ${100 * 1024 ** 3} bytes already: a disk is never shrunk' >&2; exit 1; }; virsh -c qemu:///system blockresize k3s-dev-2 vdb ${100 * 1024 ** 3}B`,
      `${ssh} 'sudo resize2fs /dev/vdb'`,
    ]);
    // A node's own size wins; without data disks, only the OS disk.
    const own = dayTwo(modify(dev, (e) => { e.nodes[1]!.vm = { ...e.nodes[1]!.vm, osDiskGiB: 60 }; }), "Grow a VM's disk")!;
    expect(own.commands[1]).toContain(`blockresize k3s-dev-2 vda ${60 * 1024 ** 3}B`);
    const bare = dayTwo(modify(dev, (e: any) => { delete e.infrastructure.vm.dataDiskGiB; delete e.longhorn; }), "Grow a VM's disk")!;
    expect(bare.commands.filter((c) => c.includes('vdb'))).toEqual([]);
    // Not for Proxmox (its provider resizes a disk itself), nor bare metal.
    expect(dayTwo(mgmt as EnvironmentSpec, "Grow a VM's disk")).toBeUndefined();
    expect(dayTwo(prod, "Grow a VM's disk")).toBeUndefined();
  });

  it("targets an adopted domain by its own address, and prints the live fields an adoption copies", () => {
    const adopted = modify(dev, (e: any) => {
      delete e.infrastructure.migrateFromCount;
      delete e.nodes[0].vm;
      e.infrastructure.adopt = { domains: { 'k3s-dev-1': { uuid: '0f0e0d0c-0b0a-4908-8706-050403020101', osDisk: '/srv/a.qcow2', dataDisk: '/srv/b.qcow2' } } };
    });
    expect(vmTargets(resolveK3s(adopted), resolveK3s(adopted).founder)).toEqual(['libvirt_domain.adopted["k3s-dev-1"]']);
    expect(adoptionCommands(resolveK3s(adopted))).toEqual(['virsh -c qemu:///system domuuid k3s-dev-1', 'virsh -c qemu:///system domblklist k3s-dev-1 --details']);
    expect(adoptionCommands(resolveK3s(mgmt as EnvironmentSpec))).toEqual([
      `ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 "$PROXMOX_VE_SSH_USERNAME@192.168.0.8" 'qm config 201' | grep -E '^(net0|machine|cpu|ostype|onboot|scsi0|sshkeys):' || true`,
    ]);
    expect(adoptionCommands(resolveK3s(dev))).toEqual([]);
  });

  it('leaves adopted domains out of the rolling change and the image rebuild, and takes one out of adoption by rebuilding it', () => {
    const disks = (n: number) => ({ uuid: `0f0e0d0c-0b0a-4908-8706-05040302010${n}`, osDisk: `/srv/${n}.qcow2`, dataDisk: `/srv/${n}-data.qcow2` });
    const adopted = modify(dev, (e: any) => {
      delete e.infrastructure.migrateFromCount;
      for (const n of [1, 2]) delete e.nodes[n].vm;
      e.infrastructure.adopt = { domains: { 'k3s-dev-2': disks(2), 'k3s-dev-3': disks(3) } };
    });
    const restart = dayTwo(adopted, 'A VM change that stops servers')!;
    expect(restart.where).toBe('k3s-dev-1');
    expect(restart.notes).toContain('Adopted domains are never updated (`ignore_changes = all`): the change does not reach k3s-dev-2, k3s-dev-3 until it is taken out of adoption (below).');
    expect(dayTwo(adopted, 'Rebuild a server onto another image')).toBeUndefined();
    // An adopted domain's disks are files the stack never sized.
    expect(dayTwo(adopted, "Grow a VM's disk")!.where).toBe('k3s-dev-1');
    const leave = dayTwo(adopted, 'Take a server out of adoption')!;
    const block = leave.commands.slice(leave.commands.indexOf('# k3s-dev-2'), leave.commands.indexOf('# k3s-dev-3'));
    expect(block.slice(1, 6)).toEqual([
      'kubectl drain k3s-dev-2 --ignore-daemonsets --delete-emptydir-data',
      'kubectl delete node k3s-dev-2',
      `(cd ../../.. && "\${TERRAFORM_BINARY_NAME:-$(command -v tofu || echo terraform)}" -chdir=clusters/dev/terraform state rm 'libvirt_domain.adopted["k3s-dev-2"]')`,
      'virsh -c qemu:///system destroy k3s-dev-2 && virsh -c qemu:///system undefine k3s-dev-2',
      '# stop here: remove k3s-dev-2 from infrastructure.adopt.domains, give it vm: { image }, npm run synth, commit; then go on',
    ]);
    // Built anew at the node's own addresses, its new host key accepted, then joined.
    expect(block[6]).toContain(`'-target=libvirt_domain.node["k3s-dev-2"]'`);
    expect(block[7]).toBe('ssh-keygen -R 192.168.1.51 >/dev/null 2>&1 || true');
    expect(block).toContain(`bash run.sh --only ${book(adopted).steps.findIndex((s) => s.title.startsWith('Join k3s-dev-2 (')) + 1}`);
  });
});
