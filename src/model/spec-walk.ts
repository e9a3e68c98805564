/**
 * The spec's schema as a list of fields: every path an operator can write (`nodes[].vm.mac`,
 * `components.<name>`), with its kind. The spec family's generic checks (spec-text.ts) and the
 * field matrix (src/check/field-matrix.ts) read the schema through it, so a field added to any
 * schema is covered without a line of its own.
 */
import { z } from 'zod';

type Def = Record<string, any>;
const defOf = (schema: z.core.$ZodType): Def => schema._zod.def as unknown as Def;

/** What a field holds. `entry` is a record's entry whose value is an object (its key is a name). */
export type FieldKind = 'object' | 'array' | 'record' | 'entry' | 'string' | 'number' | 'boolean' | 'enum' | 'free-form' | 'function';

/** One step from a parent to a field: a key of an object, an element of a list, an entry of a record. */
export type Step =
  | { readonly key: string; readonly discriminator?: { readonly key: string; readonly value: string } }
  | { readonly element: true }
  | { readonly entry: true };

export interface Field {
  /** `nodes[].vm.mac`; a record's key is `<name>`. */
  readonly path: string;
  readonly kind: FieldKind;
  /** The field's own schema, its optional and default wrappers taken off. */
  readonly schema: z.core.$ZodType;
  /** The field is optional or has a default. */
  readonly optional: boolean;
  /** How to reach it from the environment (with the union option each step needs). */
  readonly steps: readonly Step[];
}

const WRAPPERS = ['optional', 'default', 'prefault'];

/**
 * String fields where the empty string has a documented meaning (`machine: ''`, Proxmox's default
 * machine type), with that meaning: spec.empty leaves them alone.
 */
export const emptyMeans = z.registry<{ readonly meaning: string }>();

/** `schema`, registered as a string whose empty value means `meaning`. */
export function emptyMeaning<S extends z.ZodString>(schema: S, meaning: string): S {
  emptyMeans.add(schema, { meaning });
  return schema;
}

/** The schema under its optional/default wrappers, and whether there was one. */
export function unwrap(schema: z.core.$ZodType): { schema: z.core.$ZodType; optional: boolean; defaulted: boolean } {
  let optional = false;
  let defaulted = false;
  let inner = schema;
  while (WRAPPERS.includes(defOf(inner).type)) {
    optional = true;
    defaulted ||= defOf(inner).type !== 'optional';
    inner = defOf(inner).innerType;
  }
  return { schema: inner, optional, defaulted };
}

function kindOf(schema: z.core.$ZodType): FieldKind {
  const type = defOf(schema).type as string;
  if (type === 'enum' || type === 'literal') return 'enum';
  if (type === 'unknown' || type === 'any') return 'free-form';
  if (type === 'custom') return 'function';
  if (type === 'union') return 'object';
  return type as FieldKind;
}

/** A discriminated union's options with the discriminator value each takes. */
export function unionOptions(schema: z.core.$ZodType): { value: string; schema: z.core.$ZodType }[] {
  const def = defOf(schema);
  return (def.options as z.core.$ZodType[]).map((option) => ({ value: String(defOf(defOf(option).shape[def.discriminator]).values[0]), schema: option }));
}

const joined = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/** Every field of `schema` (the environment's, by default), parents before their fields, each path once. */
export function specFields(schema: z.core.$ZodType, path = '', steps: readonly Step[] = [], out = new Map<string, Field>()): Field[] {
  const { schema: inner } = unwrap(schema);
  const def = defOf(inner);
  const shapes: { shape: Record<string, z.core.$ZodType>; discriminator?: { key: string; value: string } }[] =
    def.type === 'object' ? [{ shape: def.shape }] : def.type === 'union' ? unionOptions(inner).map((o) => ({ shape: defOf(o.schema).shape, discriminator: { key: def.discriminator, value: o.value } })) : [];
  for (const { shape, discriminator } of shapes) {
    for (const [key, child] of Object.entries(shape)) {
      const at = joined(path, key);
      const next: Step[] = [...steps, { key, ...(discriminator && { discriminator }) }];
      const { schema: field, optional } = unwrap(child);
      if (!out.has(at)) out.set(at, { path: at, kind: kindOf(field), schema: field, optional, steps: next });
      descend(field, at, next, out);
    }
  }
  return [...out.values()];
}

function descend(field: z.core.$ZodType, at: string, steps: readonly Step[], out: Map<string, Field>): void {
  const def = defOf(field);
  if (def.type === 'object' || def.type === 'union') specFields(field, at, steps, out);
  if (def.type === 'array' || def.type === 'record') {
    const child = def.type === 'array' ? def.element : def.valueType;
    const childPath = def.type === 'array' ? `${at}[]` : `${at}.<name>`;
    const childSteps: Step[] = [...steps, def.type === 'array' ? { element: true } : { entry: true }];
    const { schema: inner } = unwrap(child);
    const kind = kindOf(inner);
    // A list of objects is its fields; a list of strings, or a record's entry, is a field itself.
    if (def.type === 'record' || kind !== 'object') {
      if (!out.has(childPath)) out.set(childPath, { path: childPath, kind: def.type === 'record' && kind === 'object' ? 'entry' : kind, schema: inner, optional: false, steps: childSteps });
    }
    descend(inner, childPath, childSteps, out);
  }
}

/** Each value of `input` with its concrete path and its schema, as the walk meets it; a record's key as a string of its own. */
export interface Visit {
  readonly path: readonly PropertyKey[];
  readonly value: unknown;
  readonly schema: z.core.$ZodType;
  /** The schema had an optional or default wrapper. */
  readonly optional: boolean;
  /** The schema had a default: left unset, the field takes it. */
  readonly defaulted?: true;
  /** This is a record's key (its value is visited on its own). */
  readonly key?: true;
  /** The value is an element of a list. */
  readonly element?: true;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const KEY_SCHEMA = z.string();

/** Every value of `input` the schema gives a leaf type (string, number, …), wherever the input has one. */
export function visitLeaves(schema: z.core.$ZodType, input: unknown, path: readonly PropertyKey[] = [], out: Visit[] = [], element = false): Visit[] {
  const { schema: inner, optional, defaulted } = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'union') {
    const option = isObject(input) ? unionOptions(inner).find((o) => o.value === input[def.discriminator]) : undefined;
    if (option) visitLeaves(option.schema, input, path, out);
  } else if (def.type === 'object') {
    if (isObject(input)) for (const [key, child] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) if (key in input) visitLeaves(child, input[key], [...path, key], out);
  } else if (def.type === 'array') {
    if (Array.isArray(input)) input.forEach((item, i) => visitLeaves(def.element, item, [...path, i], out, true));
  } else if (def.type === 'record') {
    if (isObject(input)) {
      // The keys of free-form chart values are the chart's, not the spec's.
      const named = !['unknown', 'any'].includes(defOf(unwrap(def.valueType).schema).type);
      for (const [key, child] of Object.entries(input)) {
        if (named) out.push({ path: [...path, key], value: key, schema: KEY_SCHEMA, optional: false, key: true });
        visitLeaves(def.valueType, child, [...path, key], out);
      }
    }
  } else {
    out.push({ path, value: input, schema: inner, optional, ...(defaulted && { defaulted: true as const }), ...(element && { element: true as const }) });
  }
  return out;
}
