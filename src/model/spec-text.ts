/**
 * The spec family's generic string checks, on every string field the schema has (and every key of
 * a record): no leading or trailing whitespace (a pasted newline, a tab, a no-break space) and no
 * empty string where a value is meant. Free-form chart values are no string field and stay as written.
 */
import type { z } from 'zod';
import { emptyMeans, visitLeaves } from './spec-walk';
import type { Visit } from './spec-walk';
import { holdsAgeIdentity, isPrivateKey } from './public-keys';

interface Reported {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly value: unknown;
  readonly message: string;
  readonly fix: string;
  /** The value the fix writes at `path`, where it is one value (the report's action sets it). */
  readonly to?: unknown;
}

/** Each whitespace character a person can tell apart, by name. */
function named(char: string): string {
  if (char === ' ') return 'a space';
  if (char === '\n') return 'a newline';
  if (char === '\r') return 'a carriage return';
  if (char === '\t') return 'a tab';
  if (char === '\u00a0') return 'a no-break space (U+00A0)';
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** `a space and a newline`: the distinct characters of `run`, in order. */
const listed = (run: string) => {
  const names = [...new Set([...run].map(named))];
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

const described = (visit: Visit) => (visit.schema as z.ZodType).description;
const key = (visit: Visit) => String(visit.path.at(-1) ?? 'the environment');

/** The empty string, or only whitespace, where a value is meant. */
function empty(visit: Visit, text: string): Reported {
  const message = text === '' ? 'the value is empty' : `${JSON.stringify(text)} is only whitespace (${listed(text)})`;
  const fix = visit.key
    ? 'give the entry its name, or remove it'
    : visit.element
      ? 'remove the empty entry from the list, or write its value'
      : `write its value${described(visit) ? ` (${described(visit)!.replace(/\.$/, '')})` : ''}${visit.optional ? `, or remove ${key(visit)} to ${visit.defaulted ? 'take its default' : 'leave it unset'}` : ''}`;
  return { code: 'spec.empty', path: visit.path, value: text === '' ? text : JSON.stringify(text), message, fix };
}

/** The finding of one string, if any. */
function judged(visit: Visit): Reported | undefined {
  const text = visit.value as string;
  const trimmed = text.trim();
  const allowed = emptyMeans.get(visit.schema as z.ZodType);
  if (trimmed === '' && !(text === '' && allowed)) return allowed ? whitespace(visit, text, trimmed) : empty(visit, text);
  return text === trimmed ? undefined : whitespace(visit, text, trimmed);
}

function whitespace(visit: Visit, text: string, trimmed: string): Reported {
  const lead = text.slice(0, text.length - text.trimStart().length);
  const trail = text.slice(text.trimEnd().length);
  const parts = [lead && trimmed ? `starts with ${listed(lead)}` : '', trail && trimmed ? `ends with ${listed(trail)}` : '', trimmed ? '' : `is only whitespace (${listed(text)})`].filter(Boolean);
  return {
    code: 'spec.whitespace',
    path: visit.path,
    // Quoted, so the whitespace shows where the report prints the value.
    value: JSON.stringify(text),
    message: `${JSON.stringify(text)} ${parts.join(' and ')}${visit.key ? ' (the name of an entry)' : ''}`,
    fix: `write ${JSON.stringify(trimmed)}`,
    // A record's key is renamed, not set: that takes a person.
    ...(!visit.key && trimmed !== '' && { to: trimmed }),
  };
}

/**
 * Key material (an OpenSSH or PEM private key, an age identity) is never echoed into a report:
 * the secret-material rules name it without its value (vm.ssh-key-private), so it is theirs.
 */
const isKeyMaterial = (text: string) => isPrivateKey(text) || holdsAgeIdentity(text);

/** Every string of `input` that has leading or trailing whitespace or is empty where a value is meant. */
export function textIssues(schema: z.core.$ZodType, input: unknown): Reported[] {
  return visitLeaves(schema, input)
    .filter((visit) => typeof visit.value === 'string' && (visit.schema._zod.def as { type: string }).type === 'string' && !isKeyMaterial(visit.value))
    .flatMap((visit) => judged(visit) ?? []);
}
