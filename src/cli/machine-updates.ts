import { VM_CHANGE_TITLE } from '../bootstrap/vm-day-two';

// What `deploy --expect` says of the machines a plan updates in place: each update stops the
// machine (libvirt 0.9.7 stops a domain before every redefine, internal/provider/domain_resource.go:1034;
// bpg/proxmox reboots a VM whose change needs it, proxmoxtf/resource/vm/vm.go:2305-2310), so
// applied together they stop every server at once.

/** One entry of `show -json`'s resource_changes, as far as it is read here. */
export interface PlannedChange {
  readonly address?: string;
  readonly type?: string;
  readonly change?: { readonly actions?: readonly string[]; readonly importing?: unknown; readonly before?: unknown; readonly after?: unknown; readonly after_unknown?: unknown };
}

const MACHINES = new Set(['libvirt_domain', 'proxmox_virtual_environment_vm']);
const disksOf = (values: unknown) => JSON.stringify((values as { devices?: { disks?: unknown } } | null | undefined)?.devices?.disks ?? null);

/** Lines naming what to do instead of one apply, for the machines the plan updates; none when it updates none. */
export function machineUpdateNotes(changes: readonly PlannedChange[], envName: string): string[] {
  const updated = changes.filter((c) => MACHINES.has(c.type ?? '') && c.change?.actions?.length === 1 && c.change.actions[0] === 'update');
  // A domain whose disks change would start again on other disks: no rolling order makes that safe.
  const swapped = updated.filter((c) => c.type === 'libvirt_domain' && (disksOf(c.change?.before) !== disksOf(c.change?.after) || disksOf(c.change?.after_unknown) !== 'null'));
  const rolled = updated.filter((c) => !swapped.includes(c));
  return [
    ...swapped.map((c) => `  ${c.address}: its disks change, so it would start again on other disks; no rolling order makes that safe: keep the files it runs on by adopting the domains (infrastructure.adopt.domains, each disk by its file) and planning from an empty state (leave .terraform-state/${envName}.tfstate out)\n`),
    ...(rolled.length > 0 ? [`  ${rolled.map((c) => c.address).join(', ')}: each update stops its VM; apply them one server at a time, as bootstrap/README.md's Day 2 "${VM_CHANGE_TITLE}" does\n`] : []),
  ];
}
