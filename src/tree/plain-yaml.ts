import YAML from 'yaml';

/**
 * A faster path to the very bytes `YAML.stringify(value, YAML_OPTIONS)` writes, for the plain data
 * synth emits (objects, arrays, strings, finite numbers, booleans, null): the library builds a
 * Document of nodes and a context per item before it writes one (about a quarter of synth). Each
 * rule below restates the library's choice at yaml 2.9.1 (src/stringify/stringifyString.ts,
 * stringifyPair.ts, stringifyCollection.ts, stringifyNumber.ts), only for the options the tree
 * uses (no line folding, block style, 1.1 schema). Anything else returns undefined, and the caller
 * asks the library: a control character, a quoted string over several lines, a key over one line
 * or 1,024 characters, a document marker, a non-plain object, undefined or a bigint.
 * test/tree/plain-yaml.test.ts holds it to the library over every generated file and random values.
 */
export function plainYaml(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  try {
    return `${node(value, '')}\n`;
  } catch (error) {
    if (error === OUTSIDE) return undefined;
    throw error;
  }
}

/** Thrown (never escapes) where a value leaves what this path writes. */
const OUTSIDE = Symbol('outside the plain subset');
const outside = (): never => {
  throw OUTSIDE;
};

const STEP = '  ';

/** A plain value at `indent`: the library's ctx.indent for a value is its parent's item indent. */
function node(value: unknown, indent: string): string {
  if (Array.isArray(value)) return sequence(value, indent);
  if (isPlainObject(value)) return mapping(value, indent);
  return scalar(value, indent);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

const isCollection = (value: unknown): value is object => Array.isArray(value) || isPlainObject(value);

/** Block mapping; an empty one is `{}` (the library's flow characters for no items). */
function mapping(map: Record<string, unknown>, indent: string): string {
  const lines: string[] = [];
  for (const key of Object.keys(map)) {
    // YAMLMap.from skips undefined values (keepUndefined is off).
    if (map[key] !== undefined) lines.push(pair(key, map[key], indent + STEP));
  }
  return lines.length === 0 ? '{}' : lines.join(`\n${indent}`);
}

/** Block sequence, `- ` before each item (indentSeq); an empty one is `[]`. */
function sequence(items: readonly unknown[], indent: string): string {
  if (items.length === 0) return '[]';
  const itemIndent = indent + STEP;
  // An undefined item reaches scalar(), which leaves it to the library (it writes `null`).
  return items.map((item) => `- ${node(item, itemIndent)}`).join(`\n${indent}`);
}

/** `key: value`; a non-empty collection starts on the next line at the pair's indent. */
function pair(key: string, value: unknown, indent: string): string {
  const k = string(key, indent, true);
  // Past 1,024 characters the library writes an explicit `? key`.
  if (k.length > 1024) outside();
  const v = node(value, indent);
  // An empty collection stays on the key's line (`{}`, `[]`: no other value renders so).
  return isCollection(value) && v !== '{}' && v !== '[]' ? `${k}:\n${indent}${v}` : `${k}: ${v}`;
}

function scalar(value: unknown, indent: string): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return number(value);
  if (typeof value === 'string') return string(value, indent, false);
  return outside();
}

/** stringifyNumber: JSON's form, with YAML's words for the non-finite and the sign of zero. */
function number(n: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? '.nan' : n < 0 ? '-.inf' : '.inf';
  return Object.is(n, -0) ? '-0' : JSON.stringify(n);
}

// stringifyString's tests, verbatim.
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u;
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
const DOCUMENT_MARKER = /^(%|---|\.\.\.)/m;
const MERGE_KEY = '<<';

/**
 * What a plain scalar would read as under the 1.1 schema other than a string (null, bool, int,
 * float, merge key, sexagesimal, timestamp): the library's own tag tests, as plainString asks them.
 */
const OTHER_TYPES: readonly RegExp[] = (new YAML.Document(null, { version: '1.1' }).schema.tags as readonly { default?: unknown; tag: string; test?: RegExp }[])
  .filter((t) => t.default && t.tag !== 'tag:yaml.org,2002:str' && t.test !== undefined)
  .map((t) => t.test!);

/** plainString for a key (`implicitKey`) or a block value; multi-line values become literal blocks. */
function string(value: string, indent: string, implicitKey: boolean): string {
  // The merge key's own tag claims `<<` (getTagObject prefers a tag with a test) and writes it plain.
  if (value === MERGE_KEY) return value;
  if (CONTROL.test(value)) return outside();
  const multiLine = value.includes('\n');
  if (multiLine) return implicitKey ? outside() : literalBlock(value, indent);
  if (NOT_PLAIN.test(value)) return quoted(value);
  if (DOCUMENT_MARKER.test(value)) return outside();
  return OTHER_TYPES.some((test) => test.test(value)) ? quoted(value) : value;
}

/** quotedString on one line: single quotes only around a value holding `"` and no `'`. */
const quoted = (value: string) => (value.includes('"') && !value.includes("'") ? `'${value}'` : JSON.stringify(value));

// blockString's trailing-newline pattern (its lookbehind form).
const BLOCK_END_NEWLINES = /(^|(?<!\n))\n+(?!\n|$)/g;

/** blockString with `blockQuote: true` and no line width: always literal (`|`), chomping from the value's end. */
function literalBlock(text: string, indent: string): string {
  // A last line of only whitespace is written quoted; so is a root scalar (no indent).
  if (/\n[\t ]+$/.test(text) || indent === '') return outside();
  let value = text;
  let endStart = value.length;
  while (endStart > 0 && (value[endStart - 1] === '\n' || value[endStart - 1] === '\t' || value[endStart - 1] === ' ')) endStart -= 1;
  let end = value.substring(endStart);
  const endNlPos = end.indexOf('\n');
  const chomp = endNlPos === -1 ? '-' : value === end || endNlPos !== end.length - 1 ? '+' : '';
  if (end) {
    value = value.slice(0, -end.length);
    if (end.endsWith('\n')) end = end.slice(0, -1);
    end = end.replace(BLOCK_END_NEWLINES, `$&${indent}`);
  }
  // A leading space (after any empty lines) needs the indentation indicator. blockString also
  // splits off those leading lines, but a literal block indents them as it does the rest.
  const startWithSpace = /^[\n ]* /.test(value);
  const header = (startWithSpace ? '2' : '') + chomp;
  return `|${header}\n${indent}${value.replace(/\n+/g, `$&${indent}`)}${end}`;
}
