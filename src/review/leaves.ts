/**
 * Every leaf of a value by dotted path (`spec.values.image.tag`, list items by index). With
 * `scalarLists`, a list of scalars is one leaf (`args: [a, b]` reads as one change, not two).
 */
export function leaves(value: unknown, options: { scalarLists?: boolean } = {}, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  const scalarList = options.scalarLists === true && Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null);
  if (value && typeof value === 'object' && !scalarList) {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    if (entries.length === 0) out.set(prefix, value);
    for (const [k, v] of entries) leaves(v, options, prefix === '' ? k : `${prefix}.${k}`, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}
