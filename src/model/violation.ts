import type { Environment } from './resolve';

export type Severity = 'error' | 'warning';

/**
 * A fix a program can apply, beside the sentence a person reads: set a field of the environment
 * (a path as `Violation.path` writes it, without the environment's name) to a value, remove one,
 * or run the bin with these arguments. A fix that needs a decision carries none.
 */
export type FixAction =
  | { readonly set: string; readonly to: unknown }
  | { readonly unset: string }
  | { readonly run: readonly string[] };

/** One broken invariant, with everything a person needs to fix it. */
export interface Violation {
  /** Stable identifier, e.g. `vip.is-node-ip`; tests and suppressions key on it. */
  readonly code: string;
  readonly severity: Severity;
  /** Where in the input (or the rendered tree) it is, e.g. `prod.nodes[1].ip`. */
  readonly path: string;
  /** The offending value as written. */
  readonly value: string;
  readonly message: string;
  readonly fix: string;
  /** The fix as a program applies it, when it is mechanical (fix closure applies it in a test). */
  readonly action?: FixAction;
}

/** What a rule reports; the rule table adds code, severity and the environment prefix. */
export type Finding = Omit<Violation, 'code' | 'severity'>;

export interface Rule<Input = Environment> {
  readonly code: string;
  readonly severity: Severity;
  /** One line saying what the rule protects (shown in docs). */
  readonly summary: string;
  /**
   * Codes this rule's violations also answer to for one release: a code it was renamed from, or
   * the code it was split from (codes are stable API; CHANGELOG.md names each, docs list them).
   */
  readonly aliases?: readonly string[];
  readonly check: (input: Input) => readonly Finding[];
}

/**
 * Whether a violation's `code` answers to `wanted`: its own code, or an alias its rule keeps.
 * Everything that matches codes (the corpus' expect lists, a suppression) matches through this.
 */
export function answersTo(code: string, wanted: string, rules: readonly Pick<Rule<never>, 'code' | 'aliases'>[]): boolean {
  return code === wanted || rules.some((r) => r.code === code && (r.aliases ?? []).includes(wanted));
}

export function runRules<Input>(rules: readonly Rule<Input>[], input: Input): Violation[] {
  return rules.flatMap((rule) =>
    rule.check(input).map((finding) => ({ code: rule.code, severity: rule.severity, ...finding })),
  );
}

export function hasErrors(violations: readonly Violation[]): boolean {
  return violations.some((v) => v.severity === 'error');
}

/** `error prod.nodes[1].ip [node.duplicate-ip]: … — fix: …`, one line, no stack trace. */
export function formatViolation(v: Violation): string {
  return `${v.severity} ${v.path} [${v.code}]: ${v.message}\n    fix: ${v.fix}`;
}

/** A value as a person reads it in a report: an unset or empty value is named, never `undefined`. */
export function shown(value: unknown): string {
  if (value === undefined || value === null) return '(not set)';
  if (value === '') return '(empty)';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
