import { instances } from './stack-instances';
import { adoptionEntries, isInUse, isRecord, volumesInUse } from './state-domains';
import type { AdoptedDomainEntry, Json } from './state-domains';

export interface StateFinding {
  /** A stable code, e.g. 'state.provider-0.8'. */
  readonly code: string;
  /** The state address it is about, when there is one: libvirt_domain.node[0] */
  readonly address?: string;
  /** What was found, a sentence stating only what was read from the two files. */
  readonly message: string;
  /** The exact fix (a command or the spec field to set). */
  readonly fix: string;
}


interface Move {
  readonly from: string;
  readonly to: string;
}

interface StateInstance {
  readonly address: string;
  /** The address without its index: `module.k3s.libvirt_domain.node`. */
  readonly resource: string;
  readonly type: string;
  readonly index?: string | number;
  readonly attributes: Json;
}

/**
 * Attributes only dmacvicar/libvirt 0.8.x writes, by type. Schema versions do not tell the two
 * apart: 0.8.3 sets no SchemaVersion (libvirt/resource_libvirt_*.go) and 0.9.7's schemas set no
 * Version (v0.9.7 internal/codegen/templates/schema.go.tmpl:87, internal/provider/*_resource.go),
 * so both write 0 and 0.9.7, which implements no ResourceWithUpgradeState, decodes the old JSON
 * against its new schema. For a domain that fails (0.8.3's `id` is the UUID string,
 * resource_libvirt_domain.go:609; 0.9.7's is a Number, docs/resources/domain.md:171); a volume has
 * no `key`, which 0.9.7's Read looks it up by (v0.9.7 internal/provider/volume_resource.go:352),
 * so the refresh drops it. The attributes, from v0.8.3 libvirt/resource_libvirt_<type>.go:
 */
const LEGACY_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  libvirt_domain: ['disk', 'network_interface', 'qemu_agent'], // domain.go:158, :194, :421
  libvirt_volume: ['size', 'format', 'base_volume_id', 'source'], // volume.go:36, :42, :48, :31
  libvirt_cloudinit_disk: ['pool'], // cloud_init.go:23
  libvirt_pool: ['path', 'xml'], // pool.go:126, :110
  libvirt_network: ['mode', 'addresses', 'dhcp'], // network.go:64, :81, :211
  libvirt_ignition: ['pool'], // coreos_ignition.go:22
  libvirt_combustion: ['pool'], // combustion.go:22
};

/**
 * Types whose `name` forces replacement in 0.9.7: the generated top-level schemas (domain,
 * network, pool, volume; v0.9.7 internal/codegen/policy/field_policy.go:80-84, main.go:40-43)
 * and the hand-written ones (cloudinit_disk_resource.go:94-100, ignition_resource.go:88-93,
 * combustion_resource.go:93-99).
 */
const NAME_REPLACES = new Set(['libvirt_domain', 'libvirt_network', 'libvirt_pool', 'libvirt_volume', 'libvirt_cloudinit_disk', 'libvirt_ignition', 'libvirt_combustion']);

/**
 * Every resource block the tool's stacks declare in some configuration (src/infra/*-stack.ts,
 * libvirt-nodes.ts, libvirt-domains.ts, image-cache.ts). An instance of one, keyed or single, that
 * the stack no longer declares is the stack's own plan to destroy (a node removed, a serial no
 * longer used, the last adopted domain gone), which the review shows; only count indexes
 * (an older module) and other addresses are foreign.
 */
const OWN_RESOURCES = new Set([
  'libvirt_volume.base', 'libvirt_volume.os', 'libvirt_volume.data', 'libvirt_volume.seed_iso', 'libvirt_cloudinit_disk.seed',
  'libvirt_domain.node', 'libvirt_domain.adopted', 'terraform_data.image', 'terraform_data.os_image',
  'proxmox_download_file.image', 'proxmox_virtual_environment_file.vendor_data', 'proxmox_virtual_environment_vm.node',
]);

const hasIndex = (address: string) => address.endsWith(']');
const withoutIndex = (address: string) => address.replace(/\[[^\]]*\]$/, '');
const quoted = (value: unknown) => JSON.stringify(value);

/** Every instance of a version-4 state, or why the state cannot be read as one. */
function readState(state: unknown): StateInstance[] | StateFinding {
  const unreadable = (message: string): StateFinding => ({
    code: 'state.unreadable',
    message,
    fix: 'pass the JSON `tofu state pull` prints (or a .tfstate file) written by Terraform 0.12+ or OpenTofu, format version 4',
  });
  if (!isRecord(state)) return unreadable(`the state is not a JSON object (read ${Array.isArray(state) ? 'an array' : quoted(state) ?? 'nothing'})`);
  if (state.version !== 4) return unreadable(`the state's format version is ${quoted(state.version) ?? 'missing'}, not 4`);
  if (!Array.isArray(state.resources)) return unreadable(`the state's resources is ${quoted(state.resources) ?? 'missing'}, not an array`);
  const found: StateInstance[] = [];
  for (const [i, resource] of state.resources.entries()) {
    if (!isRecord(resource) || typeof resource.type !== 'string' || typeof resource.name !== 'string' || !Array.isArray(resource.instances)) {
      return unreadable(`the state's resources[${i}] has no type, name and instances array`);
    }
    if (resource.mode === 'data') continue;
    const prefix = typeof resource.module === 'string' && resource.module !== '' ? `${resource.module}.` : '';
    const base = `${prefix}${resource.type}.${resource.name}`;
    for (const instance of resource.instances) {
      if (!isRecord(instance)) continue;
      const index = typeof instance.index_key === 'number' || typeof instance.index_key === 'string' ? instance.index_key : undefined;
      const address = index === undefined ? base : `${base}[${quoted(index)}]`;
      found.push({ address, resource: base, type: resource.type, index, attributes: isRecord(instance.attributes) ? instance.attributes : {} });
    }
  }
  return found;
}

/** The stack's declared instances; a stack that is not the JSON cdktf writes declares none. */
function declaredInstances(stack: Json) {
  const resource = Object.fromEntries(Object.entries(isRecord(stack.resource) ? stack.resource : {})
    .filter((entry): entry is [string, Json] => isRecord(entry[1]))
    .map(([type, byName]) => [type, Object.fromEntries(Object.entries(byName).filter(([, block]) => isRecord(block)))]));
  return instances({ ...stack, resource });
}

/**
 * Where Terraform's moved blocks take an address, chains followed. A `from` without an index names
 * the unkeyed instance when `to` has one (count/for_each enabled), or, when neither has one, the
 * whole resource, every instance keeping its key (a rename).
 */
function destination(address: string, moves: readonly Move[]): string {
  const step = (at: string) => {
    for (const { from, to } of moves) {
      if (from === at) return to;
      if (!hasIndex(from) && !hasIndex(to) && at.startsWith(`${from}[`)) return to + at.slice(from.length);
    }
    return undefined;
  };
  const seen = new Set([address]);
  let at = address;
  for (let next = step(at); next !== undefined && !seen.has(next); next = step(at)) {
    seen.add(next);
    at = next;
  }
  return at;
}

/** The serial a base volume's name carries when it is the declared name with another serial in place of `key`. */
function serialOf(name: string, wanted: string, key: string): string | undefined {
  const at = wanted.indexOf(key);
  if (at < 0 || !/^\d{8}(\.\d+)?$/.test(key)) return undefined;
  const [before, after] = [wanted.slice(0, at), wanted.slice(at + key.length)];
  const middle = name.startsWith(before) && name.endsWith(after) ? name.slice(before.length, name.length - after.length) : '';
  return /^\d{8}(\.\d+)?$/.test(middle) ? middle : undefined;
}

/**
 * What `adopt.domains.<node>` records for a domain 0.8.3 wrote: its `id` is the UUID
 * (resource_libvirt_domain.go:609), each `disk[].volume_id` a volume's key, which is its file
 * (resource_libvirt_volume.go:254), in target order vda, vdb; `cloudinit` is `<key>;<uuid>`
 * (cloudinit_def.go:126-128). virsh domblklist shows such disks by volume name, not by file
 * (npm run prove, the count-era migration), so the state is where the files are read.
 */
function legacyAdoptionEntry(attributes: Json): AdoptedDomainEntry | undefined {
  const disks = (Array.isArray(attributes.disk) ? attributes.disk : []).map((d: unknown) => (isRecord(d) && typeof d.volume_id === 'string' ? d.volume_id : undefined));
  const [osDisk, dataDisk] = disks;
  if (typeof attributes.id !== 'string' || !osDisk?.startsWith('/')) return undefined;
  const seed = typeof attributes.cloudinit === 'string' ? attributes.cloudinit.split(';')[0] : undefined;
  return { uuid: attributes.id, osDisk, ...(dataDisk?.startsWith('/') && { dataDisk }), ...(seed?.startsWith('/') && { seed }) };
}

/** Empty when the state can be planned against the stack as it is. `state` and `stack` are parsed JSON (unknown shapes: never throw on them). */
export function inspectState(state: unknown, stack: unknown, envName?: string): StateFinding[] {
  const read = readState(state);
  if (!Array.isArray(read)) return [read];
  const json = isRecord(stack) ? stack : {};
  const declared = declaredInstances(json);
  const moves = (Array.isArray(json.moved) ? json.moved : []).filter((m): m is Move => isRecord(m) && typeof m.from === 'string' && typeof m.to === 'string');
  // state rm needs the backend initialised, which deploy does only after the state passes here.
  const stateRm = (address: string) => `tofu (or terraform) -chdir=clusters/${envName ?? '<env>'}/terraform init -input=false, then tofu -chdir=clusters/${envName ?? '<env>'}/terraform state rm '${address}'`;
  const emptyState = `start from an empty state (leave this one out of .terraform-state/${envName ?? '<env>'}.tfstate)`;
  // Indexes a moved block maps, by the count-era resource it moves from.
  const mapped = new Map<string, string[]>();
  for (const { from } of moves) {
    const index = /\[(\d+)\]$/.exec(from);
    if (index) mapped.set(withoutIndex(from), [...(mapped.get(withoutIndex(from)) ?? []), index[1]!]);
  }

  const target = (address: string) => destination(address, moves);
  // Nodes the stack creates a domain for: a domain of that name is the node's own.
  const nodes = new Set([...declared.values()].filter((b) => b.type === 'libvirt_domain' && b.key !== undefined).map((b) => b.key!));
  const fresh = read.filter((i) => !(LEGACY_ATTRIBUTES[i.type] ?? []).some((a) => a in i.attributes));
  const inUse = volumesInUse(fresh);
  const migrating = mapped.size > 0;
  const entries = adoptionEntries(fresh, target);
  const adoption = `keep it and the disks its domain runs on: adopt the domains instead${migrating ? ' of moving them' : ''}, each disk attached by its file, never managed: ${
    Object.keys(entries).length > 0
      ? `infrastructure.adopt.domains = ${JSON.stringify(entries)} (read from this state)`
      : 'infrastructure.adopt.domains.<node> = { uuid, osDisk, dataDisk } for each, from virsh domuuid and virsh domblklist --details'
  }, ${migrating ? 'infrastructure.migrateFromCount left out, ' : ''}nodes[].vm.image left out on each adopted node, and ${emptyState}; the first plan then imports each domain by its UUID`;
  /** Whether `state rm` would let the stack put a new object in its place under a domain that runs. */
  const runsOn = (instance: StateInstance, name: string | undefined) =>
    instance.type === 'libvirt_volume' ? isInUse(inUse, instance.attributes) : instance.type === 'libvirt_domain' && name !== undefined && nodes.has(name);

  const findings: StateFinding[] = [];
  for (const instance of read) {
    const { address, attributes } = instance;
    const name = typeof attributes.name === 'string' ? attributes.name : undefined;
    const legacy = (LEGACY_ATTRIBUTES[instance.type] ?? []).filter((a) => a in attributes);
    // The fix for a 0.8 state is to leave it behind: whatever else is wrong with it stays behind too.
    if (legacy.length > 0) {
      const entry = instance.type === 'libvirt_domain' ? legacyAdoptionEntry(attributes) : undefined;
      const adopt = instance.type === 'libvirt_domain'
        ? `adopt the domain instead: infrastructure.adopt.domains[${quoted(name ?? '<node>')}] = ${entry ? `${JSON.stringify(entry)} (read from this state)` : `{ uuid: ${quoted(attributes.id ?? '<virsh domuuid>')}, osDisk, dataDisk } (each disk's file: virsh domblklist names a volume, virsh vol-path --pool <pool> <volume> its file)`}, with infrastructure.migrateFromCount and that node's nodes[].vm.image left out`
        : 'adopt the domains it belongs to instead (infrastructure.adopt.domains in the environment: by UUID, their disks by path, since 0.9.7 cannot import a volume)';
      findings.push({
        code: 'state.provider-0.8',
        address,
        message: `${address} has ${legacy.length === 1 ? 'an attribute' : 'attributes'} only dmacvicar/libvirt 0.8.x writes: ${legacy.join(', ')}`,
        fix: `libvirt 0.9.7 cannot read it (a rewrite, with no state upgrader): ${adopt}, and ${emptyState}`,
      });
      continue;
    }
    const to = target(address);
    const block = declared.get(to);
    if (block === undefined && to === address && OWN_RESOURCES.has(withoutIndex(address)) && typeof instance.index !== 'number') continue;
    if (block === undefined) {
      const indexes = mapped.get(instance.resource);
      if (typeof instance.index === 'number' && indexes && to === address) {
        const stranger = instance.type === 'libvirt_domain' && name !== undefined && !nodes.has(name);
        findings.push({
          code: 'state.unmapped-index',
          address,
          message: `${address}${name ? ` (name ${quoted(name)})` : ''} is in the state, and the stack's moved blocks map only index${indexes.length > 1 ? 'es' : ''} ${indexes.join(', ')} of ${instance.resource}`,
          fix: stranger
            ? `${quoted(name)} is no node the stack creates: add it to nodes (name ${quoted(name)}, with its ip) and list it at index ${instance.index} of infrastructure.migrateFromCount, or the apply destroys it`
            : `list every node of the old module in infrastructure.migrateFromCount, in index order (index ${instance.index} too), or the apply destroys it`,
        });
        continue;
      }
      findings.push({
        code: 'state.not-declared',
        address,
        message: to === address
          ? `${address}${name ? ` (name ${quoted(name)})` : ''} is in the state, and the stack neither declares it nor moves it`
          : `${address} is in the state and moved to ${to}, which the stack does not declare`,
        fix: runsOn(instance, name)
          ? adoption
          : `${typeof instance.index === 'number' && [...declared.keys()].some((a) => withoutIndex(a) === instance.resource) ? `if it is a node of an older count-based module, list the old module's nodes in infrastructure.migrateFromCount, in index order; otherwise ` : ''}run ${stateRm(address)} before the first apply, which would destroy it: Terraform forgets it and the object stays on the host`,
      });
      continue;
    }
    const wanted = block.config.name;
    // ignore_changes keeps the state's name in the plan: no replacement.
    const ignore = block.lifecycle.ignore_changes;
    const ignored = ignore === 'all' || (Array.isArray(ignore) && ignore.some((a) => a === 'name' || a === 'all'));
    if (!NAME_REPLACES.has(instance.type) || typeof wanted !== 'string' || wanted.includes('${') || name === undefined || name === wanted || ignored) continue;
    const serial = instance.type === 'libvirt_volume' && block.key !== undefined ? serialOf(name, wanted, block.key) : undefined;
    findings.push({
      code: 'state.move-replaces',
      address,
      message: to === address
        ? `${address} is in the state with name ${quoted(name)}, and the stack configures name ${quoted(wanted)}`
        : `${address} is in the state with name ${quoted(name)}, and the moved block to ${to} configures name ${quoted(wanted)}`,
      fix: `name forces replacement in libvirt 0.9.7, so the apply would delete ${quoted(name)} and create ${quoted(wanted)}: ${
        serial
          ? `record the serial the OS disks are built on, vm: { image: ${quoted(serial)} } on each node built on it (nodes[].vm.image), and the move keeps its name`
          : runsOn(instance, name)
            ? adoption
            : `run ${stateRm(address)} to leave it on the host unmanaged`
      }`,
    });
  }
  return findings;
}
