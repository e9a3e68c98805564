import { createdVms } from '../infra/adoption';
import type { K3sEnvironment, Node, Vm } from '../model/resolve';
import { quote } from './shell';
import { onNode } from './step';
import type { Step } from './step';

const GiB = 1024 ** 3;

/** The section's title as the review names it. */
export const GROW_SECTION = "Grow a VM's disk";

/**
 * Resizes one disk of a running domain to `bytes`, after checking that it is not larger: qemu
 * would truncate a disk asked to shrink, and the filesystem on it with it.
 */
function blockResize(uri: string, node: string, dev: string, bytes: number): string {
  const virsh = `virsh -c ${quote(uri)}`;
  const capacity = `$(${virsh} domblkinfo ${quote(node)} ${dev} | awk '/^Capacity:/ {print $2}')`;
  // A refusal that exits: in a Day 2 block (a subshell with set -e) it stops the lines after it.
  return `[ "${capacity}" -le ${bytes} ] || { echo ${quote(`${node} ${dev} is larger than ${bytes} bytes already: a disk is never shrunk`)} >&2; exit 1; }; ${virsh} blockresize ${quote(node)} ${dev} ${bytes}B`;
}

/**
 * The libvirt disks of the nodes the stack creates grown to the sizes the tree states, one server
 * at a time, the domains running: libvirt 0.9.7 cannot change a volume's size (Update Not
 * Supported, internal/provider/volume_resource.go:443-448), so the stack ignores `capacity`
 * (src/infra/libvirt-nodes.ts) and this section makes the change.
 */
export function diskGrowthStep(env: K3sEnvironment, order: readonly Node[]): Step | undefined {
  const infra = env.infrastructure;
  if (infra.kind !== 'libvirt') return undefined;
  const withData = infra.vm.dataDiskGiB !== undefined;
  const created = createdVms(env);
  const vms = order.map((node) => created.find((vm) => vm.node === node)).filter((vm): vm is Vm => vm !== undefined);
  if (vms.length === 0) return undefined;
  return {
    title: `${GROW_SECTION} (osDiskGiB, dataDiskGiB)`,
    where: vms.map((vm) => vm.node.name).join(', then '),
    notes: [
      "libvirt 0.9.7 cannot change a volume's size, so the stack ignores it (`ignore_changes = [capacity]`): a grown size plans nothing, and the review says so. This section grows each running domain's disk to the size the tree states (`virsh blockresize`), then the guest's partition and filesystem on it; no VM stops.",
      'A disk never shrinks: each resize first checks that the disk is not larger than the size the tree states, and stops here if it is.',
      `One server at a time, in this order. The OS disk's root filesystem is partition 1 of vda (the Ubuntu cloud image's)${withData ? `; the data disk (vdb) is one ext4 filesystem without a partition, mounted on ${env.dataDiskMount}` : ''}.`,
    ],
    commands: vms.flatMap((vm) => [
      `# ${vm.node.name}`,
      blockResize(infra.uri, vm.node.name, 'vda', vm.sizing.osDiskGiB * GiB),
      // growpart exits 1 when the partition already fills the disk.
      onNode(env, vm.node, '{ sudo growpart /dev/vda 1 || test $? -eq 1; } && sudo resize2fs /dev/vda1'),
      ...(withData ? [blockResize(infra.uri, vm.node.name, 'vdb', (vm.sizing.dataDiskGiB ?? 0) * GiB), onNode(env, vm.node, 'sudo resize2fs /dev/vdb')] : []),
    ]),
  };
}
