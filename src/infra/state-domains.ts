// What the state's domains run on. A volume a domain uses is never proposed for `state rm`: the
// stack would create a volume under the name it declares and redefine the domain onto it, and
// libvirt 0.9.7 stops the domain for every redefine (internal/provider/domain_resource.go:1034),
// so the server would start again on an empty disk. Such a domain is adopted instead, its disks
// kept by path (infrastructure.adopt.domains), which is also what an empty state then imports.

export type Json = Record<string, unknown>;
export const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A state instance as these functions read it. */
export interface DomainStateInstance {
  readonly address: string;
  readonly type: string;
  readonly attributes: Json;
}

/** An adopted domain's entry, as `infrastructure.adopt.domains.<node>` takes it. */
export interface AdoptedDomainEntry {
  readonly uuid: string;
  readonly osDisk: string;
  readonly dataDisk?: string;
  readonly seed?: string;
}

/** The volumes the state's domains use, by name and by file; undefined when some domain's disks cannot be read. */
export interface VolumesInUse {
  readonly names: ReadonlySet<string>;
  readonly paths: ReadonlySet<string>;
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * Names and files the domains' disks name (0.9.7 writes `devices.disks[].source.volume.volume` or
 * `.source.file.file`), and the files volumes are overlays of (`backing_store.path`).
 */
export function volumesInUse(instances: readonly DomainStateInstance[]): VolumesInUse | undefined {
  const names = new Set<string>();
  const paths = new Set<string>();
  for (const { type, attributes } of instances) {
    if (type === 'libvirt_volume') {
      const backing = isRecord(attributes.backing_store) ? text(attributes.backing_store.path) : undefined;
      if (backing) paths.add(backing);
    }
    if (type !== 'libvirt_domain') continue;
    const disks = isRecord(attributes.devices) ? attributes.devices.disks : undefined;
    if (!Array.isArray(disks)) return undefined;
    for (const disk of disks) {
      const source = isRecord(disk) && isRecord(disk.source) ? disk.source : {};
      const name = isRecord(source.volume) ? text(source.volume.volume) : undefined;
      const file = isRecord(source.file) ? text(source.file.file) : undefined;
      if (name) names.add(name);
      if (file) paths.add(file);
    }
  }
  return { names, paths };
}

/** Whether a volume of the state is one a domain uses (every volume, when the domains' disks cannot be read). */
export function isInUse(inUse: VolumesInUse | undefined, volume: Json): boolean {
  if (!inUse) return true;
  const name = text(volume.name);
  const path = text(volume.path);
  return (name !== undefined && inUse.names.has(name)) || (path !== undefined && inUse.paths.has(path));
}

const NODE_KEY = /^libvirt_(domain|volume)\.(node|os|data|seed_iso)\["(.+)"\]$/;

/**
 * The adopt.domains entries that keep every domain the state holds (or moves) at
 * `libvirt_domain.node["<node>"]` on the disks it runs on: its UUID, and the files of the volumes
 * at that node's os, data and seed addresses. `where` is the address an instance ends up at.
 */
export function adoptionEntries(instances: readonly DomainStateInstance[], where: (address: string) => string): Record<string, AdoptedDomainEntry> {
  const byNode = new Map<string, Partial<Record<'node' | 'os' | 'data' | 'seed_iso', Json>>>();
  for (const instance of instances) {
    const [, , name, node] = NODE_KEY.exec(where(instance.address)) ?? [];
    if (!node || (name === 'node') !== (instance.type === 'libvirt_domain')) continue;
    byNode.set(node, { ...byNode.get(node), [name as 'node']: instance.attributes });
  }
  const entries: Record<string, AdoptedDomainEntry> = {};
  for (const [node, found] of [...byNode].sort(([a], [b]) => a.localeCompare(b))) {
    if (!found.node) continue;
    const path = (volume: Json | undefined) => (volume ? text(volume.path) : undefined);
    entries[node] = {
      uuid: text(found.node.uuid) ?? `<virsh domuuid ${node}>`,
      osDisk: path(found.os) ?? `<the vda file of virsh domblklist ${node}>`,
      ...(found.data && { dataDisk: path(found.data) }),
      ...(found.seed_iso && { seed: path(found.seed_iso) }),
    };
  }
  return entries;
}
