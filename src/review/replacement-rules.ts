// What a change of one attribute does to a resource, per resource type of the pinned providers,
// read from their source at the pinned tags and kept with it:
// - dmacvicar/libvirt v0.9.7: `internal/provider/volume_resource.go`, `cloudinit_disk_resource.go`
//   and `domain_resource.go`: a volume's and a cloud-init disk's Update return "Update Not
//   Supported" and only `name`/`pool` (volume) or every input (cloud-init disk) carry
//   RequiresReplace; a domain is redefined in place except for `name` and `type`.
// - bpg/proxmox v0.111.1: `proxmoxtf/resource/vm/vm.go` (ForceNew: `node_name` unless migrating,
//   `vm_id` through a custom diff, `initialization.*_file_id`, `initialization.type`, `disk.file_id`,
//   `clone`; `disk.import_from` is read at create only), `fwprovider/nodes/resource_download_file.go`
//   (every input but the refresh settings replaces), `proxmoxtf/resource/file.go` (every input ForceNew).
// - terraform_data (built in): `triggers_replace` replaces, `input` updates.
// An attribute no rule names is "may replace": never reported as safe.

/** What changing one attribute does. */
export type Effect = 'replace' | 'update' | 'fails' | 'ignored' | 'unknown';

interface TypeRules {
  /** Attribute paths (`a.b`, lists as `a[]`) whose change replaces the resource; `*` for all. */
  readonly replace: readonly string[];
  /** Paths updated in place; `*` for all the others. */
  readonly update: readonly string[];
  /** Paths read at create only: a later change does nothing. */
  readonly ignored?: readonly string[];
  /** The provider cannot update this resource: any other change fails at apply. */
  readonly noUpdate?: boolean;
  /** What an in-place update does to the machine, for the summary. */
  readonly updateNote?: string;
}

export const REPLACEMENT_RULES: Readonly<Record<string, TypeRules>> = {
  libvirt_volume: { replace: ['name', 'pool'], update: [], noUpdate: true },
  libvirt_cloudinit_disk: { replace: ['*'], update: [] },
  libvirt_domain: { replace: ['name', 'type'], update: ['*'], updateNote: 'redefined in place; the VM restarts if the change needs it' },
  proxmox_virtual_environment_vm: {
    replace: [
      'node_name',
      'vm_id',
      'initialization[].user_data_file_id',
      'initialization[].vendor_data_file_id',
      'initialization[].network_data_file_id',
      'initialization[].meta_data_file_id',
      'initialization[].type',
      'disk[].file_id',
      'clone',
      'amd_sev',
    ],
    update: ['*'],
    ignored: ['disk[].import_from'],
    updateNote: 'updated through the API; some settings need a reboot',
  },
  proxmox_download_file: { replace: ['*'], update: ['overwrite', 'overwrite_unmanaged', 'upload_timeout', 'verify'] },
  proxmox_virtual_environment_file: { replace: ['*'], update: ['timeout_upload', 'upload_mode', 'overwrite'] },
  terraform_data: { replace: ['triggers_replace'], update: ['input'] },
};

/** `disk.0.size` → `disk[].size`: list indices do not change which rule applies. */
export const normalizePath = (path: string) => path.replace(/\.(\d+)(?=\.|$)/g, '[]');

const matches = (path: string, rule: string) => rule === '*' || path === rule || path.startsWith(`${rule}.`) || path.startsWith(`${rule}[]`);

/** The effect of a change at `path` (normalized) on a resource of `type`. */
export function effectOf(type: string, path: string): Effect {
  const rules = REPLACEMENT_RULES[type];
  if (!rules) return 'unknown';
  const specific = (list: readonly string[]) => list.some((r) => r !== '*' && matches(path, r));
  if (rules.ignored?.some((r) => matches(path, r))) return 'ignored';
  if (specific(rules.replace)) return 'replace';
  if (specific(rules.update)) return 'update';
  if (rules.replace.includes('*')) return 'replace';
  if (rules.update.includes('*')) return 'update';
  return rules.noUpdate ? 'fails' : 'unknown';
}

export const updateNote = (type: string) => REPLACEMENT_RULES[type]?.updateNote;
