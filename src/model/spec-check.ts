/**
 * The runtime check at the boundary: an environment as written (from TypeScript, plain JavaScript
 * or a cast) against the zod schema its types come from. Every mistake becomes a violation with
 * code, path, value and fix, all at once; nothing downstream ever sees a wrongly typed spec.
 */
import { closest, distance } from 'fastest-levenshtein';
import { z } from 'zod';
import { environmentSchema } from './environment';
import { textIssues } from './spec-text';
import { shown } from './violation';
import type { FixAction, Rule, Violation } from './violation';

type Issue = z.core.$ZodIssue;
type Key = PropertyKey;

/** `nodes[2].ip` from `['nodes', 2, 'ip']`. */
export function formatPath(path: readonly Key[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
}

function valueAt(input: unknown, path: readonly Key[]): unknown {
  return path.reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<Key, unknown>)[key] : undefined), input);
}

/** The schema that governs `path` in `input` (a union is narrowed by the input's discriminator). */
function schemaAt(schema: z.core.$ZodType, path: readonly Key[], input: unknown): z.core.$ZodType | undefined {
  const def = schema._zod.def as unknown as Record<string, any>;
  if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') return schemaAt(def.innerType, path, input);
  // The one union of the spec, infrastructure, is discriminated by its `kind`.
  if (def.type === 'union') {
    const kind = input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[def.discriminator] : undefined;
    const option = (def.options as z.core.$ZodType[]).find((o) => (o._zod.def as any).shape[def.discriminator]._zod.def.values.includes(kind));
    return option && schemaAt(option, path, input);
  }
  if (path.length === 0) return schema;
  const [head, ...rest] = path;
  const next = valueAt(input, [head!]);
  if (def.type === 'object') return def.shape[head!] && schemaAt(def.shape[head!], rest, next);
  if (def.type === 'array') return schemaAt(def.element, rest, next);
  if (def.type === 'record') return schemaAt(def.valueType, rest, next);
  return undefined;
}

/** Wrappers that leave the value's own schema inside. */
const WRAPPERS = ['optional', 'default', 'prefault'];
const unwrapped = (schema: z.core.$ZodType): z.core.$ZodType => {
  const def = schema._zod.def as unknown as { type: string; innerType?: z.core.$ZodType };
  return WRAPPERS.includes(def.type) && def.innerType ? unwrapped(def.innerType) : schema;
};

/** A value as an environment file writes it: `{ 'v1.35.9': 9035 }`. */
function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : `'${k}'`);
    return `{ ${Object.entries(value).map(([k, v]) => `${key(k)}: ${literal(v)}`).join(', ')} }`;
  }
  return String(value);
}

/**
 * How to write a value of `schema`, as a placeholder the fix can show: the example its metadata
 * gives, else an object's required fields, a record's keys and values, a number's range.
 */
function exampleOf(schema: z.core.$ZodType | undefined, depth = 0): string | undefined {
  if (!schema) return undefined;
  const inner = unwrapped(schema);
  const example = ((z.globalRegistry.get(schema) ?? z.globalRegistry.get(inner)) as { examples?: readonly unknown[] } | undefined)?.examples?.[0];
  if (example !== undefined) return literal(example);
  const def = inner._zod.def as unknown as { type: string; shape?: Record<string, z.core.$ZodType>; valueType?: z.core.$ZodType };
  if (def.type === 'record') return `{ <name>: ${(depth < 1 && exampleOf(def.valueType, depth + 1)) || '…'} }`;
  if (def.type === 'object' && def.shape) {
    const required = Object.entries(def.shape).filter(([, field]) => !WRAPPERS.includes((field._zod.def as { type: string }).type)).map(([key]) => key);
    return required.length > 0 ? `{ ${required.map((k) => `${k}: …`).join(', ')} }` : '{ … }';
  }
  if (def.type === 'number') return '<number>';
  if (def.type === 'string') return "'…'";
  return undefined;
}

/** How to write the object a path wants: its required fields, or a record's keys and values, from the schema. */
function objectExample(path: readonly Key[], input: unknown): string | undefined {
  const schema = schemaAt(environmentSchema, path, valueAt(input, []));
  const type = schema && (schema._zod.def as { type?: string }).type;
  const example = exampleOf(schema);
  if (!example || (type !== 'record' && type !== 'object')) return undefined;
  return type === 'record' && !example.startsWith('{ <name>') ? `an object such as ${example}` : type === 'record' ? `an object keyed by name: ${example}` : `an object: ${example}`;
}

/** How to write the number a path wants: its range where the schema bounds it. */
function numberExample(path: readonly Key[], input: unknown): string {
  const schema = schemaAt(environmentSchema, path, valueAt(input, [])) as z.ZodNumber | undefined;
  const [min, max, whole] = [schema?.minValue ?? -Infinity, schema?.maxValue ?? Infinity, schema?.isInt === true];
  const range = Number.isFinite(min) && Number.isFinite(max) ? ` from ${min} to ${max}` : Number.isFinite(min) ? ` of at least ${min}` : Number.isFinite(max) ? ` of at most ${max}` : '';
  return `${whole ? 'a whole number' : 'a number'}${range} (no quotes)`;
}

/** The fix of a string where a number belongs: the user's own number unquoted, when it is one. */
/** The number a quoted one stands for, where it is one the field takes (a fraction where a whole number belongs is none). */
function unquoted(path: readonly Key[], value: unknown, input: unknown): number | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  const whole = (schemaAt(environmentSchema, path, valueAt(input, [])) as z.ZodNumber | undefined)?.isInt === true;
  return /^[+-]?\d+(\.\d+)?$/.test(text) && (!whole || Number.isInteger(Number(text))) ? Number(text) : undefined;
}

function numberFix(path: readonly Key[], value: unknown, input: unknown): string {
  const number = unquoted(path, value, input);
  // A fraction where a whole number belongs would only move the error: the range says what fits.
  return number !== undefined ? `write ${number} (no quotes), not '${String(value)}'` : `write ${numberExample(path, input)}`;
}

function knownKeys(path: readonly Key[], input: unknown): string[] {
  const schema = schemaAt(environmentSchema, path, valueAt(input, []));
  const shape = (schema?._zod.def as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/**
 * Keys no option of the union at `path` knows, with a did-you-mean over all of them: without a
 * valid `kind` zod cannot pick an option, but a misspelt `kinx` should still be named.
 */
function unknownUnionKeys(path: readonly Key[], input: unknown): Reported[] {
  const object = valueAt(input, path);
  const schema = schemaAt(environmentSchema, path.slice(0, -1), input);
  const union = (schema?._zod.def as { shape?: Record<string, z.core.$ZodType> } | undefined)?.shape?.[path.at(-1) as string];
  const options = ((union?._zod.def as { options?: z.core.$ZodType[] } | undefined)?.options ?? []).map((o) => Object.keys((o._zod.def as { shape?: object }).shape ?? {}));
  const known = [...new Set(options.flat())];
  if (object === null || typeof object !== 'object' || known.length === 0) return [];
  return Object.keys(object)
    .filter((key) => !known.includes(key))
    .map((key) => unknownField(path, key, (object as Record<string, unknown>)[key], known));
}

/** Fields an earlier release took, by their path: why they went and what to do instead. */
const REMOVED_FIELDS: Readonly<Record<string, { readonly message: string; readonly fix: string }>> = {
  'versions.compatibility': {
    message: "compatibility is no longer an environment's to set: what the pinned releases support is the tool's data, vendored from each project's repository (schemas/compat/) and looked up by the version pinned",
    fix: "remove versions.compatibility; for a release the tool's data does not know (a compat.unknown-release warning), bump k3s-gitops-synth",
  },
};

/** `key` under `path` is no field of the schema; `known` are the fields that are. */
function unknownField(path: readonly Key[], key: string, value: unknown, known: readonly string[]): Reported {
  const removed = REMOVED_FIELDS[[...path, key].join('.')];
  if (removed) return { code: 'spec.unknown-field', path: [...path, key], value, ...removed };
  const guess = didYouMean(key, known);
  return {
    code: 'spec.unknown-field',
    path: [...path, key],
    value,
    message: `${key} is not a field here${guess ? `; did you mean ${guess}?` : ''}`,
    fix: guess ? `rename ${key} to ${guess}` : `remove ${key}; the fields here are ${known.join(', ')}`,
  };
}

/** The nearest candidate, when it is close enough to be what was meant. */
export function didYouMean(word: string, candidates: readonly string[]): string | undefined {
  if (candidates.length === 0) return undefined;
  const best = closest(word.toLowerCase(), candidates.map((c) => c.toLowerCase()));
  const index = candidates.findIndex((c) => c.toLowerCase() === best);
  return distance(word.toLowerCase(), best) <= Math.max(2, Math.floor(word.length / 3)) ? candidates[index] : undefined;
}

const typeName = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`);

const EXAMPLES: Record<string, string> = { string: "a string in quotes, e.g. '…'", boolean: 'true or false', array: 'a list: [ … ]', object: 'an object: { … }' };

interface Reported {
  readonly code: string;
  readonly path: readonly Key[];
  readonly value: unknown;
  readonly message: string;
  readonly fix: string;
  readonly action?: FixAction;
  /** The value the fix writes at `path`, where it is one value (the report's action sets it). */
  readonly to?: unknown;
  /** The bin's arguments, where the fix is a command. */
  readonly run?: readonly string[];
}

function describe(issue: Issue, input: unknown): Reported[] {
  const value = valueAt(input, issue.path);
  const quoted = (values: readonly unknown[]) => values.map((v) => String(v)).join(', ');
  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = knownKeys(issue.path, input);
      return issue.keys.map((key) => unknownField(issue.path, key, valueAt(input, [...issue.path, key]), known));
    }
    case 'too_big':
    case 'too_small':
      if (issue.origin === 'number') return [outOfRange(issue.path, value, input)];
      return [{ code: 'spec.invalid', path: issue.path, value, message: issue.message, fix: 'correct the value to match the EnvironmentSpec type' }];
    case 'invalid_type':
      if (typeof value === 'number' && !Number.isFinite(value)) return [notANumber(issue.path, value, input)];
      if (issue.expected === 'int' && typeof value === 'number') return [outOfRange(issue.path, value, input)];
      // No line in age-recipients.ts yet: `secrets init` writes it, which is the fix to name.
      if (value === undefined && formatPath(issue.path) === 'sops.ageRecipients') {
        const name = specName(input);
        return [{ code: 'spec.missing-field', path: issue.path, value, message: `${name} has no age recipients yet`, fix: `run npm run secrets -- init ${name} (it makes the key pair and writes its recipient)`, run: ['secrets', 'init', name] }];
      }
      if (value === undefined) {
        return [{ code: 'spec.missing-field', path: issue.path, value, message: `${String(issue.path.at(-1) ?? 'the environment')} is required but not set`, fix: `set it to ${objectExample(issue.path, input) ?? (issue.expected === 'number' ? numberExample(issue.path, input) : EXAMPLES[issue.expected]) ?? issue.expected}` }];
      }
      return [{ code: 'spec.wrong-type', path: issue.path, value, message: `expected ${issue.expected === 'int' ? 'a whole number' : issue.expected}, got ${typeName(value)}`, fix: issue.expected === 'number' ? numberFix(issue.path, value, input) : `write ${(issue.expected === 'object' || issue.expected === 'record' ? objectExample(issue.path, input) : undefined) ?? EXAMPLES[issue.expected] ?? issue.expected}`, ...(issue.expected === 'number' && { to: unquoted(issue.path, value, input) }) }];
    case 'invalid_value': {
      const guess = typeof value === 'string' ? didYouMean(value, issue.values.map(String)) : undefined;
      return [{ code: 'spec.invalid-choice', path: issue.path, value, message: `${shown(value)} is not one of ${quoted(issue.values)}${guess ? `; did you mean ${guess}?` : ''}`, fix: `use ${guess ?? `one of ${quoted(issue.values)}`}`, ...(guess !== undefined && { to: guess }) }];
    }
    case 'invalid_union': {
      // A discriminated union (infrastructure) names its options by its `kind`.
      const options = (issue as unknown as { options?: readonly unknown[] }).options ?? [];
      const guess = typeof value === 'string' ? didYouMean(value, options.map(String)) : undefined;
      const choice = value === undefined
        ? { code: 'spec.missing-field', message: `${String(issue.path.at(-1))} is required but not set`, fix: `set it to one of ${quoted(options)}` }
        : { code: 'spec.invalid-choice', message: `${shown(value)} is not one of ${quoted(options)}${guess ? `; did you mean ${guess}?` : ''}`, fix: `use ${guess ?? `one of ${quoted(options)}`}`, ...(guess !== undefined && { to: guess }) };
      return [{ ...choice, path: issue.path, value }, ...unknownUnionKeys(issue.path.slice(0, -1), input)];
    }
    case 'invalid_format':
      return [{ code: 'spec.invalid-format', path: issue.path, value, message: `${shown(value)} is not ${issue.message}`, fix: `write ${issue.message}` }];
    case 'custom':
      // The one custom check of the spec: an app's construct is a function.
      return [{ code: 'spec.wrong-type', path: issue.path, value, message: `expected ${issue.message}, got ${typeName(value)}`, fix: 'pass the construct function itself, e.g. construct: myApp (not a string or a call)' }];
    default:
      return [{ code: 'spec.invalid', path: issue.path, value, message: issue.message, fix: 'correct the value to match the EnvironmentSpec type' }];
  }
}

/** A number outside its field's declared bounds (or not whole where the field counts). */
function outOfRange(path: readonly Key[], value: unknown, input: unknown): Reported {
  const schema = schemaAt(environmentSchema, path, input) as z.ZodNumber | undefined;
  const [min, max, whole] = [schema?.minValue, schema?.maxValue, schema?.isInt === true];
  const range = `${whole ? 'a whole number ' : ''}from ${min} to ${max}`;
  return {
    code: 'spec.out-of-range',
    path,
    value,
    // An entry of a list is named with its list: `retainedGenerations[0]`, not `0`.
    message: `${shown(value)} is outside ${typeof path.at(-1) === 'number' ? `${String(path.at(-2))}[${String(path.at(-1))}]` : String(path.at(-1))}'s range, ${range}`,
    fix: `use ${range}`,
  };
}

/**
 * NaN or ±Infinity where a number belongs: JavaScript calls them numbers, no program the tool
 * writes for (YAML, JSON, Terraform) has them. JSON.stringify writes NaN as null.
 */
function notANumber(path: readonly Key[], value: number, input: unknown): Reported {
  const field = typeof path.at(-1) === 'number' ? `${String(path.at(-2))}[${String(path.at(-1))}]` : String(path.at(-1));
  const defaulted = (schemaAt(environmentSchema, path.slice(0, -1), input)?._zod.def as { shape?: Record<string, z.core.$ZodType> } | undefined)?.shape?.[String(path.at(-1))];
  const takesDefault = defaulted !== undefined && (defaulted._zod.def as { type: string }).type === 'default';
  return {
    code: 'spec.not-a-number',
    path,
    value,
    message: `${String(value)} is ${Number.isNaN(value) ? 'not a number' : 'not a finite number'}: ${field} takes a finite number`,
    fix: `write ${numberExample(path, input)}${takesDefault ? `, or remove ${field} to take its default` : ''}`,
    ...(takesDefault && { action: { unset: formatPath(path) } }),
  };
}

/** The environment's name for error paths, whatever its type (the schema reports a bad one). */
export const specName = (input: unknown): string => {
  const name = input !== null && typeof input === 'object' ? (input as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name !== '' ? name : '(environment)';
};

/** Every schema violation of `input`; empty when it is a well-typed EnvironmentSpec. */
export function checkSpec(input: unknown): Violation[] {
  const result = environmentSchema.safeParse(input);
  const typed = result.success ? [] : result.error.issues.flatMap((issue) => describe(issue, input));
  // A string the schema refuses already (a pattern, a choice) is reported once, by that.
  const refused = new Set(typed.map((r) => formatPath(r.path)));
  const reported: Reported[] = [...typed, ...textIssues(environmentSchema, input).filter((r) => !refused.has(formatPath(r.path)))];
  if (reported.length === 0) return [];
  const prefix = specName(input);
  return reported
    .map((r) => ({ code: r.code, severity: 'error' as const, path: [prefix, formatPath(r.path)].filter(Boolean).join('.').replace('.[', '['), value: r.value !== null && typeof r.value === 'object' ? `(${typeName(r.value)})` : shown(r.value), message: r.message, fix: r.fix, ...actionOf(r) }));
}

/** The fix as a program applies it, where the report names one value or one command. */
function actionOf(r: { readonly path: readonly Key[]; readonly action?: FixAction; readonly to?: unknown; readonly run?: readonly string[] }): { action?: FixAction } {
  if (r.action !== undefined) return { action: r.action };
  if (r.run !== undefined) return { action: { run: r.run } };
  return r.to === undefined ? {} : { action: { set: formatPath(r.path), to: r.to } };
}

/** The codes checkSpec reports, for docs/reference/rules/. */
export const specRules: readonly Omit<Rule<unknown>, 'check'>[] = [
  { code: 'spec.unknown-field', severity: 'error', summary: 'every field is one the EnvironmentSpec knows (a typo is never silently ignored)' },
  { code: 'spec.missing-field', severity: 'error', summary: 'every required field is set' },
  { code: 'spec.wrong-type', severity: 'error', summary: 'every field has its type (a number is not a string)' },
  { code: 'spec.invalid-choice', severity: 'error', summary: 'enumerated fields hold one of their values' },
  { code: 'spec.invalid-format', severity: 'error', summary: 'patterned fields match their pattern' },
  { code: 'spec.whitespace', severity: 'error', summary: 'no string field (name, reference, URL, version, path) and no key of a record starts or ends with whitespace (a space, tab, newline, no-break space)' },
  { code: 'spec.empty', severity: 'error', summary: 'no string field is empty where a value is meant (only fields whose empty value has a documented meaning may be empty)' },
  { code: 'spec.not-a-number', severity: 'error', summary: 'no number field is NaN or Infinity (JavaScript numbers that YAML, JSON and Terraform have no way to write)' },
  { code: 'spec.out-of-range', severity: 'error', summary: 'every number field without a rule of its own lies within its declared bounds, and is whole where it counts' },
  { code: 'spec.invalid', severity: 'error', summary: 'anything else the schema rejects (a fallback: the ranges a rule of its own owns, and most patterns, are the invariants below)' },
];
