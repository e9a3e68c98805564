// Read by both sides of a stack's life: deploy's state inspection (src/infra/state-inspection.ts)
// and the review's plan of base against head (src/review/terraform.ts).

/** One resource instance of a stack: its type, its config (meta-arguments aside), and its `for_each` key. */
export interface Instance {
  readonly type: string;
  readonly config: Record<string, unknown>;
  readonly lifecycle: Record<string, unknown>;
  readonly key?: string;
}

type Json = Record<string, any>;

/** Meta-arguments: how Terraform handles an instance, not what it sends to the provider. */
const META = new Set(['//', 'for_each', 'count', 'lifecycle', 'depends_on', 'provider', 'provisioner', 'connection']);

/** Replaces `${each.key}` and `${each.value.x}` in every string of a value. */
function substitute(value: unknown, key: string, each: Json): unknown {
  if (typeof value === 'string') {
    if (value === '${each.key}') return key;
    const whole = /^\$\{each\.value\.([\w-]+)\}$/.exec(value);
    if (whole) return each[whole[1]!];
    return value
      .replace(/\$\{each\.key\}/g, key)
      .replace(/\$\{each\.value\.([\w-]+)\}/g, (_m, f: string) => String(each[f]))
      // A same-key reference into a sibling: `${libvirt_volume.os[each.key].name}` names one instance.
      .replace(/\[each\.key\]/g, `["${key}"]`)
      .replace(/\[each\.value\.([\w-]+)\]/g, (_m, f: string) => `["${String(each[f])}"]`);
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, key, each));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, key, each)]));
  return value;
}

/** Every resource instance of a synthesized stack by address, `for_each` over a local expanded. */
export function instances(stack: Json | undefined): Map<string, Instance> {
  const found = new Map<string, Instance>();
  for (const [type, byName] of Object.entries<Json>(stack?.resource ?? {})) {
    for (const [name, block] of Object.entries<Json>(byName)) {
      const config = Object.fromEntries(Object.entries(block).filter(([k]) => !META.has(k)));
      const lifecycle = (block.lifecycle ?? {}) as Record<string, unknown>;
      const local = typeof block.for_each === 'string' ? /^\$\{local\.([\w-]+)\}$/.exec(block.for_each) : null;
      if (!block.for_each) {
        found.set(`${type}.${name}`, { type, config, lifecycle });
        continue;
      }
      const each: Json = local ? (stack?.locals?.[local[1]!] ?? {}) : typeof block.for_each === 'object' ? block.for_each : {};
      for (const [key, value] of Object.entries<Json>(each)) {
        found.set(`${type}.${name}["${key}"]`, { type, config: substitute(config, key, value) as Record<string, unknown>, lifecycle: substitute(lifecycle, key, value) as Record<string, unknown>, key });
      }
    }
  }
  return found;
}
