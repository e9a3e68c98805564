/// <reference types="vite/client" />
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { refusedLine } from '../src/command-line/command-options';
import type { Violation } from '../src/model/violation';
import { synthesize } from '../src/synth/render';
import { applyAction, quotedCommands } from './fixtures/apply-fix';
import type { CorpusCase } from './fixtures/corpus';

// Every invalid corpus case, those other changes add included (a glob, no list to keep).
const invalid = Object.entries(import.meta.glob<{ default: CorpusCase }>('./fixtures/invalid/*.ts', { eager: true })).map(
  ([file, mod]) => [path.basename(file, '.ts'), mod.default] as const,
);

const violationsOf = (c: CorpusCase, spec = c.spec) =>
  synthesize(spec, { secrets: new Map(Object.entries(c.secrets ?? {})), appSources: new Map(Object.entries(c.appSources ?? {})) }).violations;
const key = (v: Violation) => `${v.code} ${v.path}`;
const errorKeys = (vs: readonly Violation[]) => new Set(vs.filter((v) => v.severity === 'error').map(key));

/** Each violation of each case that carries a set or unset, with the case it belongs to. */
const applied = invalid.flatMap(([name, c]) =>
  violationsOf(c)
    .filter((v) => v.action !== undefined && !('run' in v.action))
    .map((v) => [`${name}: ${v.code} at ${v.path}`, c, v] as const),
);

describe('fix closure: a fix a program can apply ends its violation', () => {
  it.each(applied)('%s', (_name, c, v) => {
    const before = errorKeys(violationsOf(c));
    const after = violationsOf(c, applyAction(c.spec, v.action!));
    // The violation is gone at its path, and every error left was reported before the fix.
    expect(after.filter((a) => a.code === v.code && a.path === v.path).map(key)).toEqual([]);
    expect([...errorKeys(after)].filter((k) => !before.has(k))).toEqual([]);
  });

  // The cases closed once every issue-42 stream had merged (54 when the actions were first written): a rule that drops its action lowers it.
  const CLOSED_AT_LEAST = 75;

  it(`closes at least ${CLOSED_AT_LEAST} cases of the corpus by an applied fix`, () => {
    const closed = new Set(applied.map(([, c]) => c));
    // The share is printed so a change that drops actions shows in the run's output too.
    console.log(`fix closure: ${closed.size} of ${invalid.length} invalid cases closed by an applied fix (${applied.length} fixes)`);
    expect(closed.size).toBeGreaterThanOrEqual(CLOSED_AT_LEAST);
  });
});

describe('every command a fix proposes is one the bin accepts', () => {
  const commands = invalid.flatMap(([name, c]) =>
    violationsOf(c).flatMap((v) => [
      ...(v.action && 'run' in v.action ? [v.action.run] : []),
      ...quotedCommands(v.fix),
    ].map((argv) => [`${name}: ${v.code}: ${argv.join(' ')}`, argv] as const)),
  );

  it('the corpus quotes commands at all', () => {
    expect(commands.length).toBeGreaterThan(20);
  });

  it.each(commands)('%s', (_name, argv) => {
    expect(refusedLine(argv)).toBeUndefined();
  });
});
