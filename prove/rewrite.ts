/**
 * The one place the proving ground departs from the generated JSON: a copy of it, rewritten only
 * where this machine cannot have what a real libvirt host has. The committed file is never
 * touched; every rewrite is listed in the report with its reason.
 */

type Json = Record<string, any>;

export interface HostLimits {
  /** The small local image that stands in for the pinned cloud image (never downloaded here). */
  readonly image: { readonly path: string; readonly sha256: string };
  /** Seconds a domain update waits for a guest shutdown before the provider forces it. */
  readonly updateShutdownSeconds: number;
}

export interface Rewrite {
  readonly address: string;
  readonly path: string;
  readonly from: unknown;
  readonly to: unknown;
  readonly why: string;
}

const WHY = {
  type: 'no guest OS boots here, so the domains run under QEMU\'s TCG: KVM inside this machine refuses host-passthrough CPU state',
  cpu: 'host-passthrough needs KVM; maximum is the TCG model with every feature QEMU emulates',
  image: 'the pinned cloud image cannot be downloaded here: a small local qcow2 stands in, with its own checksum',
  updateShutdown: 'no guest OS answers the ACPI shutdown request here, so every update would wait the full timeout before the provider forces the stop it forces anyway',
  destroyShutdown: 'no guest OS answers the ACPI shutdown request here, so a destroy that waits for it would always time out and fail; a real guest\'s graceful stop is not provable here',
} as const;

/** The rewritten copy and the list of what changed; the input is not modified. */
export function rewriteStack(stack: Json, limits: HostLimits): { stack: Json; rewrites: Rewrite[] } {
  const copy = structuredClone(stack) as Json;
  const rewrites: Rewrite[] = [];
  const set = (address: string, holder: Json, key: string, to: unknown, path: string, why: string) => {
    if (holder[key] === to) return;
    rewrites.push({ address, path, from: holder[key], to, why });
    if (to === undefined) delete holder[key];
    else holder[key] = to;
  };
  for (const [name, domain] of Object.entries<Json>(copy.resource?.libvirt_domain ?? {})) {
    const address = `libvirt_domain.${name}`;
    if (domain.type === 'kvm') set(address, domain, 'type', 'qemu', 'type', WHY.type);
    if (domain.cpu?.mode === 'host-passthrough') set(address, domain.cpu, 'mode', 'maximum', 'cpu.mode', WHY.cpu);
    if (domain.update?.shutdown?.timeout !== undefined) set(address, domain.update.shutdown, 'timeout', limits.updateShutdownSeconds, 'update.shutdown.timeout', WHY.updateShutdown);
    if (domain.destroy?.shutdown !== undefined) {
      set(address, domain.destroy, 'shutdown', undefined, 'destroy.shutdown', WHY.destroyShutdown);
      if (Object.keys(domain.destroy).length === 0) delete domain.destroy;
    }
  }
  for (const [name, image] of Object.entries<Json>(copy.resource?.terraform_data ?? {})) {
    if (name !== 'image' || typeof image.for_each !== 'object') continue;
    for (const [serial, value] of Object.entries<Json>(image.for_each)) {
      const address = `terraform_data.${name}["${serial}"]`;
      set(address, value, 'url', `file://${limits.image.path}`, 'for_each.url', WHY.image);
      set(address, value, 'sha256', limits.image.sha256, 'for_each.sha256', WHY.image);
    }
  }
  return { stack: copy, rewrites };
}
