import YAML from 'yaml';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** One YAML document as a mapping; undefined for anything else (several documents, a list, a file that does not parse). */
function mapping(text: string): Record<string, unknown> | undefined {
  const docs = YAML.parseAllDocuments(text);
  if (docs.length !== 1 || docs[0]!.errors.length > 0) return undefined;
  const value: unknown = docs[0]!.toJS();
  return isRecord(value) ? value : undefined;
}

const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/**
 * The keys of a one-document YAML file whose values differ between two texts: the top-level
 * keys, and under `spec` its own keys (`spec.values`), where a Kubernetes object keeps what the
 * spec decides. None where either text is not one mapping: the file answers as a whole.
 */
export function changedKeys(current: string, next: string): string[] {
  const a = mapping(current);
  const b = mapping(next);
  if (a === undefined || b === undefined) return [];
  const keys = (x: Record<string, unknown>, y: Record<string, unknown>) => [...new Set([...Object.keys(x), ...Object.keys(y)])].sort();
  return keys(a, b).flatMap((key) => {
    if (!differs(a[key], b[key])) return [];
    const [x, y] = [a[key], b[key]];
    if (key === 'spec' && isRecord(x) && isRecord(y)) return keys(x, y).filter((k) => differs(x[k], y[k])).map((k) => `spec.${k}`);
    return [key];
  });
}
