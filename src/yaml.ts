import YAML from 'yaml';

// Kubernetes readers expect these first in a document; every other key is sorted so output never
// depends on the order in which code happened to build an object.
const FIRST_KEYS = ['apiVersion', 'kind', 'metadata'];

function rank(key: string): number {
  const i = FIRST_KEYS.indexOf(key);
  return i === -1 ? FIRST_KEYS.length : i;
}

/** A deep copy with object keys in canonical order and undefined values dropped. */
export function canonical(value: unknown, top = true): unknown {
  if (Array.isArray(value)) return value.map((v) => canonical(v, false));
  if (value === null || typeof value !== 'object') return value;
  const order = (key: string) => (top ? rank(key) : 0);
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => order(a) - order(b) || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v, false)]));
}

/**
 * One YAML document in canonical form: sorted keys, no anchors, no line folding, LF. Strings are
 * quoted wherever YAML 1.1 would read them otherwise (`2026-01-01` a timestamp, `yes` a boolean,
 * `1:20` a number): kustomize, kubectl and Flux read YAML 1.1, so a plain `from: 2026-01-01`
 * would reach Loki as `2026-01-01T00:00:00Z`.
 */
export function toYaml(value: unknown): string {
  return YAML.stringify(canonical(value), { lineWidth: 0, minContentWidth: 0, aliasDuplicateObjects: false, version: '1.1' });
}

/** Several documents joined with `---`, as `kubectl apply -f` and k3s manifests read them. */
export function toYamlDocuments(values: readonly unknown[]): string {
  return values.map(toYaml).join('---\n');
}

/** Parses every document of a file; used by checks that read the rendered tree. */
export function parseYamlDocuments(text: string): unknown[] {
  return YAML.parseAllDocuments(text).map((doc) => doc.toJS());
}
