import type { z } from 'zod';

/** A JSON-like value made read-only all the way down, so environments can be `as const` data. */
// Functions (a user construct) stay callable.
export type DeepReadonly<T> = T extends (...args: never[]) => unknown ? T : T extends (infer U)[] ? readonly DeepReadonly<U>[] : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

/** A section as the operator writes it: the schema's input, where a field with a default may be left out. */
export type SpecOf<S extends z.ZodType> = DeepReadonly<z.input<S>>;

/** A section as resolve() hands it on: the schema's output, every default applied. */
export type SettingsOf<S extends z.ZodType> = DeepReadonly<z.output<S>>;
