// What a change of one attribute does to a resource, per resource type of the pinned providers,
// read from their source at the pinned tags; each rule carries the file and line it comes from
// (dmacvicar/terraform-provider-libvirt v0.9.7, bpg/terraform-provider-proxmox v0.111.1).
// An attribute no rule names is "may replace": never reported as safe.

/**
 * What changing one attribute does: `restart` is an update in place that stops the machine
 * (or reboots it) to apply; `pending` one the provider stores for the next reboot.
 */
export type Effect = 'replace' | 'restart' | 'pending' | 'update' | 'fails' | 'ignored' | 'unknown';

/** Attribute paths (`a.b`, lists as `a[]`; `*` for all the others) and where the rule is read from. */
interface RuleGroup {
  readonly paths: readonly string[];
  readonly source: string;
}

export interface TypeRules {
  readonly replace: RuleGroup;
  /** Updated in place; the machine keeps running. */
  readonly update?: RuleGroup;
  /** Updated in place, the machine stopped or rebooted for it. */
  readonly restart?: RuleGroup;
  /** Read at create only: a later change does nothing. */
  readonly ignored?: RuleGroup;
  /** The provider has no update: any other change fails at apply. */
  readonly noUpdate?: RuleGroup;
  /** What an in-place update does to the machine, for the summary. */
  readonly updateNote?: string;
}

const LIBVIRT = 'libvirt v0.9.7';

/** What the apply of a running domain's update prints in libvirt 0.9.7, though the change is made. */
export const DOMAIN_ID_ERROR = 'the apply then ends with "Provider produced inconsistent result after apply" for the domain\'s .id (libvirt 0.9.7 reads back the restarted domain\'s new runtime id), though the change is made: a second plan is empty';
const PROXMOX = 'proxmox v0.111.1';

/** Settings whose change makes bpg/proxmox's vmUpdate set rebootRequired (proxmoxtf/resource/vm/vm.go). */
const PROXMOX_REBOOT = [
  'acpi', 'kvm_arguments', 'bios', 'keyboard_layout', 'machine', 'tablet_device', 'agent', 'amd_sev', 'audio_device', 'boot_order',
  'cpu', 'efi_disk', 'tpm_state', 'rng', 'initialization', 'hostpci', 'numa', 'usb', 'memory', 'operating_system', 'serial_device',
  'vga', 'virtiofs', 'scsi_hardware', 'watchdog', 'disk[].aio', 'disk[].queues',
];

export const REPLACEMENT_RULES: Readonly<Record<string, TypeRules>> = {
  libvirt_volume: {
    replace: { paths: ['name', 'pool'], source: `${LIBVIRT} internal/codegen/policy/field_policy.go:80-84 (name), internal/provider/volume_resource.go:93-99 (pool): RequiresReplace` },
    noUpdate: { paths: ['*'], source: `${LIBVIRT} internal/provider/volume_resource.go:443-448: Update returns "Update Not Supported"` },
  },
  libvirt_cloudinit_disk: {
    replace: { paths: ['*'], source: `${LIBVIRT} internal/provider/cloudinit_disk_resource.go:94-121: every input RequiresReplace` },
  },
  libvirt_domain: {
    replace: { paths: ['name', 'type'], source: `${LIBVIRT} internal/codegen/policy/field_policy.go:80-91: RequiresReplace` },
    restart: { paths: ['*'], source: `${LIBVIRT} internal/provider/domain_resource.go:1034-1100: Update stops a running domain whatever changed (guest shutdown, forced after update.shutdown.timeout, 30 s unset, :491-518), undefines and redefines it, then starts it` },
    // Proven by npm run prove (vcpus and memory, the bridge): the restarted domain gets another
    // runtime id, which Update reads back while the plan kept the old one (domain_resource.go:1153-1183).
    updateNote: `the VM is stopped, redefined and started; ${DOMAIN_ID_ERROR}`,
  },
  proxmox_virtual_environment_vm: {
    replace: {
      paths: ['node_name', 'vm_id', 'tpm_state[].version', 'efi_disk[].type', 'initialization[].user_data_file_id', 'initialization[].vendor_data_file_id', 'initialization[].network_data_file_id', 'initialization[].meta_data_file_id', 'initialization[].type', 'disk[].file_id', 'clone', 'amd_sev'],
      source: `${PROXMOX} proxmoxtf/resource/vm/vm.go:1765-1792 (CustomizeDiff: vm_id, node_name unless migrating, tpm_state.version :1849-1870, efi_disk.type :1911-1930), ForceNew in the schema for the rest`,
    },
    restart: { paths: PROXMOX_REBOOT, source: `${PROXMOX} proxmoxtf/resource/vm/vm.go:6195-6956 (vmUpdate sets rebootRequired; cpu and memory hot-plug aside), disk/disk.go:675-683, then the provider reboots the VM itself (reboot_after_update, default true, vm.go:48, :2305-2310)` },
    ignored: { paths: ['disk[].import_from'], source: `${PROXMOX} proxmoxtf/resource/vm/disk/disk.go:685-686: import_from is read at create only` },
    update: { paths: ['*'], source: `${PROXMOX} proxmoxtf/resource/vm/vm.go:6122-6990 (vmUpdate): the API update, no reboot (network devices hot-plug, disk size through the resize call)` },
    updateNote: 'updated through the API',
  },
  proxmox_download_file: {
    replace: { paths: ['*'], source: `${PROXMOX} fwprovider/nodes/resource_download_file.go: every input RequiresReplace but the refresh settings` },
    update: { paths: ['overwrite', 'overwrite_unmanaged', 'upload_timeout', 'verify'], source: `${PROXMOX} fwprovider/nodes/resource_download_file.go:329-350` },
  },
  proxmox_virtual_environment_file: {
    replace: { paths: ['*'], source: `${PROXMOX} proxmoxtf/resource/file.go: every input ForceNew` },
    update: { paths: ['timeout_upload', 'upload_mode', 'overwrite'], source: `${PROXMOX} proxmoxtf/resource/file.go` },
  },
  terraform_data: {
    replace: { paths: ['triggers_replace'], source: 'Terraform built-in terraform_data: triggers_replace replaces' },
    update: { paths: ['input'], source: 'Terraform built-in terraform_data: input updates in place' },
  },
};

/** `disk.0.size` → `disk[].size`: list indices do not change which rule applies. */
export const normalizePath = (path: string) => path.replace(/\.(\d+)(?=\.|$)/g, '[]');

const matches = (path: string, rule: string) => rule === '*' || path === rule || path.startsWith(`${rule}.`) || path.startsWith(`${rule}[]`);

/** The effect of a change at `path` (normalized) on a resource of `type`. */
export function effectOf(type: string, path: string): Effect {
  const rules = REPLACEMENT_RULES[type];
  if (!rules) return 'unknown';
  const named = (group: RuleGroup | undefined) => group?.paths.some((r) => r !== '*' && matches(path, r)) ?? false;
  const all = (group: RuleGroup | undefined) => group?.paths.includes('*') ?? false;
  if (named(rules.ignored)) return 'ignored';
  if (named(rules.replace)) return 'replace';
  if (named(rules.restart)) return 'restart';
  if (named(rules.update)) return 'update';
  if (all(rules.replace)) return 'replace';
  if (all(rules.restart)) return 'restart';
  if (all(rules.update)) return 'update';
  return rules.noUpdate ? 'fails' : 'unknown';
}

export const updateNote = (type: string) => REPLACEMENT_RULES[type]?.updateNote;
