import { createHash } from 'node:crypto';

// How helm-controller records the values of a release it made: Snapshot.configDigest in the
// HelmRelease's status.history, `chartutil.DigestValues(digest.Canonical, rls.Config)` at
// fluxcd/helm-controller v1.6.3 (Flux v2.9.4) internal/release/observation.go. That function
// (fluxcd/pkg chartutil/v1.27.1, digest.go, encode.go, sort.go) hashes the values as
// go.yaml.in/yaml/v2 encodes them after sigs.k8s.io/yaml's JSONObjectToYAMLObject, every map
// sorted by key; empty values hash as nothing at all. This file writes the same bytes for the
// values a tree holds: maps, lists, booleans, null, numbers and one-line strings. A value outside
// that (a multi-line or non-ASCII string, one the encoder would fold past column 80) returns
// undefined: the check then says it cannot tell rather than guess.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Plain scalars go-yaml v2 resolves to something else than a string (resolve.go's resolveMap). */
const NOT_STRINGS = new Set([
  '', '~', 'null', 'Null', 'NULL', '<<',
  'y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'true', 'True', 'TRUE',
  'n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF', 'false', 'False', 'FALSE',
  '.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF',
]);
const INT = /^[-+]?(0[xX][0-9a-fA-F]+|0[oO]?[0-7]+|0[bB][01]+|[0-9]+)$/;
const FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const BASE60 = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
/** All of go-yaml's timestamp formats start with a four-digit year and a dash. */
const TIMESTAMP_LIKE = /^[0-9]{4}-/;
const WIDTH = 80;

class Unsupported extends Error {}

/** Whether go-yaml v2 writes the string double-quoted because, plain, it would read as another type. */
function resolvesToOther(s: string): boolean {
  if (NOT_STRINGS.has(s)) return true;
  if (!/^[-+.0-9]/.test(s)) return false;
  if (TIMESTAMP_LIKE.test(s)) throw new Unsupported(s);
  const plain = s.replace(/_/g, '');
  return INT.test(plain) || FLOAT.test(plain) || BASE60.test(s);
}

/** The emitter's analysis (emitterc.go yaml_emitter_analyze_scalar) for a one-line ASCII string in block context. */
function plainAllowed(s: string): boolean {
  if (s.startsWith('---') || s.startsWith('...')) return false;
  if (s.startsWith(' ') || s.endsWith(' ')) return false;
  if (/^[#,[\]{}&*!|>'"%@`]/.test(s)) return false;
  if (/^[?:-](\s|$)/.test(s)) return false;
  if (/:(\s|$)/.test(s) || /\s#/.test(s)) return false;
  return true;
}

function scalar(value: Json, column: number): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Unsupported(String(value));
    // Integral floats are encoded as ints (JSONObjectToYAMLObject); others as strconv 'g', -1.
    if (Number.isInteger(value)) {
      if (!Number.isSafeInteger(value)) throw new Unsupported(String(value));
      return String(value);
    }
    const text = String(value);
    if (/e/.test(text)) throw new Unsupported(text);
    return text;
  }
  const s = value as string;
  if (!/^[\x20-\x7e]*$/.test(s)) throw new Unsupported(s);
  // A line longer than the emitter's width may be folded at a space: not reproduced.
  if (s.includes(' ') && column + s.length + 2 > WIDTH) throw new Unsupported(s);
  if (resolvesToOther(s)) return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return plainAllowed(s) ? s : `'${s.replace(/'/g, "''")}'`;
}

const isMap = (v: Json): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);
const sortedKeys = (m: { [key: string]: Json }) => Object.keys(m).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** A map's entries at `indent`: `key: scalar`, `key:` + nested block, lists not indented under their key. */
function mapLines(m: { [key: string]: Json }, indent: number): string[] {
  const pad = ' '.repeat(indent);
  return sortedKeys(m).flatMap((key) => {
    if (key.length > 128) throw new Unsupported(key);
    const k = scalar(key, indent);
    const v = m[key]!;
    if (isMap(v) && Object.keys(v).length > 0) return [`${pad}${k}:`, ...mapLines(v, indent + 2)];
    if (Array.isArray(v) && v.length > 0) return [`${pad}${k}:`, ...listLines(v, indent)];
    return [`${pad}${k}: ${collection(v) ?? scalar(v, indent + k.length + 2)}`];
  });
}

/** A list's items at `indent`: `- scalar`, or a nested block whose first line follows the dash. */
function listLines(list: Json[], indent: number): string[] {
  const pad = ' '.repeat(indent);
  return list.flatMap((item) => {
    const nested = isMap(item) && Object.keys(item).length > 0 ? mapLines(item, indent + 2) : Array.isArray(item) && item.length > 0 ? listLines(item, indent + 2) : undefined;
    if (nested === undefined) return [`${pad}- ${collection(item) ?? scalar(item, indent + 2)}`];
    return [`${pad}- ${nested[0]!.slice(indent + 2)}`, ...nested.slice(1)];
  });
}

/** Empty collections are written in flow style. */
const collection = (v: Json): string | undefined => (isMap(v) ? '{}' : Array.isArray(v) ? '[]' : undefined);

/** The bytes helm-controller hashes for these values, or undefined where this encoder cannot reproduce them. */
export function encodeValues(values: Readonly<Record<string, unknown>> | undefined): string | undefined {
  if (values === undefined || Object.keys(values).length === 0) return '';
  try {
    return `${mapLines(values as { [key: string]: Json }, 0).join('\n')}\n`;
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/** `sha256:<hex>` of the values, as Snapshot.configDigest holds it; undefined where encodeValues is. */
export function valuesDigest(values: Readonly<Record<string, unknown>> | undefined, algorithm: 'sha256' | 'sha384' | 'sha512' = 'sha256'): string | undefined {
  const bytes = encodeValues(values);
  return bytes === undefined ? undefined : `${algorithm}:${createHash(algorithm).update(bytes).digest('hex')}`;
}
