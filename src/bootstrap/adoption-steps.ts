import type { AdoptionPlan } from '../infra/adoption';
import type { K3sEnvironment } from '../model/resolve';
import { quote, remote } from './shell';
import { sshOptions } from './step';

// What the runbook shows before adopting running VMs: the live fields the model must hold (so the
// first plan after the import changes nothing) and the exact plan it expects.

const QM_FIELDS = ['net0', 'machine', 'cpu', 'ostype', 'onboot', 'scsi0', 'sshkeys'];

/** Commands that print, read-only, the live fields an adopted machine's entry copies. */
export function adoptionCommands(env: K3sEnvironment): string[] {
  const infra = env.infrastructure;
  if (infra.kind === 'proxmox' && infra.adopt) {
    const host = new URL(infra.endpoint).hostname;
    return env.vms
      .filter((vm) => infra.adopt!.vms[vm.node.name] !== undefined && vm.vmId !== undefined)
      .map((vm) => `ssh ${sshOptions} "$PROXMOX_VE_SSH_USERNAME@${host}" ${remote(`qm config ${vm.vmId}`)} | grep -E ${quote(`^(${QM_FIELDS.join('|')}):`)} || true`);
  }
  if (infra.kind === 'libvirt' && infra.adopt) {
    return Object.keys(infra.adopt.domains).flatMap((node) => [`virsh -c ${quote(infra.uri)} domuuid ${quote(node)}`, `virsh -c ${quote(infra.uri)} domblklist ${quote(node)} --details`]);
  }
  return [];
}

export function adoptionNotes(env: K3sEnvironment, adoption: AdoptionPlan): string[] {
  const infra = env.infrastructure;
  if (adoption.imports.length === 0) return [];
  const fields =
    infra.kind === 'proxmox'
      ? "Copy what the first commands print into `infrastructure.adopt.vms.<node>` before the plan: `net0`'s MAC → `mac`, `machine` → `machine` (none: `''`), `cpu` → `cpuType` (none: qemu64), `ostype` → `osType` (none: other), `onboot: 1` → `onBoot: true`, `discard=on` in `scsi0` → `discard: 'on'`, `sshkeys` (URL-decoded) → `sshKeys`. `reboot_after_update` stays at the provider's default, as the import leaves it: a later change that needs a reboot is one the provider makes (Day 2, one server at a time)."
      : "Copy what the first commands print into `infrastructure.adopt.domains.<node>` before the plan: the UUID → `uuid`, the vda file → `osDisk`, the vdb file → `dataDisk`, a cdrom's file → `seed`. libvirt 0.9.7 imports no volume: the disks are attached by path and never managed, created or deleted here, and an adopted domain is never updated (`ignore_changes = all`); rebuild a node to bring it under the stack.";
  return [
    fields,
    `The plan must be exactly **${adoption.imports.length} to import, ${adoption.creates.length} to add, 0 to change, 0 to destroy**: \`--expect ${adoption.expect}\` applies it only then and otherwise stops, listing what differs (a field above not copied yet).`,
    `Imported: ${adoption.imports.map((i) => `\`${i.to}\` ← \`${i.id}\``).join(', ')}.`,
    `Created: ${adoption.creates.map((c) => `\`${c}\``).join(', ')}.`,
  ];
}
