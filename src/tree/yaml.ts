import YAML from 'yaml';
import { plainYaml } from './plain-yaml';

// Kubernetes readers expect these first in a document; every other key is sorted so output never
// depends on the order in which code happened to build an object.
const FIRST_KEYS = ['apiVersion', 'kind', 'metadata'];

/** Top-level order: the Kubernetes keys first, the rest by UTF-16 code units (what `<` compares). */
function byRank(a: string, b: string): number {
  const ra = FIRST_KEYS.indexOf(a);
  const rb = FIRST_KEYS.indexOf(b);
  return (ra === -1 ? FIRST_KEYS.length : ra) - (rb === -1 ? FIRST_KEYS.length : rb) || (a < b ? -1 : a > b ? 1 : 0);
}

/** A deep copy with object keys in canonical order and undefined values dropped. */
export function canonical(value: unknown, top = true): unknown {
  if (Array.isArray(value)) return value.map((v) => canonical(v, false));
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  // Array.prototype.sort's default order is the code-unit order; synth runs this on every value it writes.
  const keys = top ? Object.keys(source).sort(byRank) : Object.keys(source).sort();
  const copy: Record<string, unknown> = {};
  for (const key of keys) {
    const v = source[key];
    if (v === undefined) continue;
    // A `__proto__` key (a user's values may hold one) must stay a key, not become the prototype.
    if (key === '__proto__') Object.defineProperty(copy, key, { value: canonical(v, false), enumerable: true, writable: true, configurable: true });
    else copy[key] = canonical(v, false);
  }
  return copy;
}

/**
 * One YAML document in canonical form: sorted keys, no anchors, no line folding, LF. Strings are
 * quoted wherever YAML 1.1 would read them otherwise (`2026-01-01` a timestamp, `yes` a boolean,
 * `1:20` a number): kustomize, kubectl and Flux read YAML 1.1, so a plain `from: 2026-01-01`
 * would reach Loki as `2026-01-01T00:00:00Z`.
 */
export function toYaml(value: unknown): string {
  return stringifyCanonical(canonical(value));
}

/** The serialiser's options for every YAML file the project writes (the bench's floor uses them too). */
export const YAML_OPTIONS = { lineWidth: 0, minContentWidth: 0, aliasDuplicateObjects: false, version: '1.1' } as const;

/** The text of one document already in canonical form (see canonical()): the library's bytes, by the faster path where it applies. */
export function stringifyCanonical(value: unknown): string {
  return plainYaml(value) ?? YAML.stringify(value, YAML_OPTIONS);
}

/** Parses every document of a file; used by checks that read the rendered tree. */
export function parseYamlDocuments(text: string): unknown[] {
  return YAML.parseAllDocuments(text).map((doc) => doc.toJS());
}
