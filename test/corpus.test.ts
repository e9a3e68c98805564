/// <reference types="vite/client" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { environmentRules } from '../src/check/environment-rules';
import { appSourceRules } from '../src/model/invariants/app-sources';
import { specRules } from '../src/model/spec-check';
import { answersTo } from '../src/model/violation';
import { secretSourceRules } from '../src/model/invariants/secrets';
import { synthCommand } from '../src/synth/commands';
import { synthesize } from '../src/synth/render';
import type { CorpusCase } from './fixtures/corpus';
import { expectReport } from './fixtures/expect';

const load = (modules: Record<string, { default: CorpusCase }>) =>
  Object.entries(modules).map(([file, mod]) => [path.basename(file, '.ts'), mod.default] as const);
const invalid = load(import.meta.glob('./fixtures/invalid/*.ts', { eager: true }));
const valid = load(import.meta.glob('./fixtures/valid/*.ts', { eager: true }));

/** A scratch repository holding only the case's secret sources. */
function scratch(c: CorpusCase): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'corpus-'));
  for (const [rel, text] of Object.entries({ ...c.secrets, ...c.appSources })) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const inputs = (c: CorpusCase) => ({ secrets: new Map(Object.entries(c.secrets ?? {})), appSources: new Map(Object.entries(c.appSources ?? {})) });
const ALL_RULES = [...specRules, ...environmentRules, ...secretSourceRules, ...appSourceRules];
const errorCodes = (c: CorpusCase) =>
  [...new Set(synthesize(c.spec, inputs(c)).violations.filter((v) => v.severity === 'error').map((v) => v.code))].sort();

/** Findings one rule repeats on one field with one fix: one fault said twice (each should name all it covers, once). */
const repeated = (c: CorpusCase) => {
  const seen = new Set<string>();
  return synthesize(c.spec, inputs(c)).violations.map((v) => `${v.code} ${v.path} ${v.fix}`).filter((k) => seen.has(k) || !seen.add(k));
};

describe('the bad-input corpus', () => {
  it('holds at least 40 invalid environments', () => {
    expect(invalid.length).toBeGreaterThanOrEqual(40);
  });

  it.each(invalid)('%s: reports exactly its codes', (_name, c) => {
    // Each expected code is answered by a reported one (its own code, or an alias its rule keeps).
    const reported = errorCodes(c);
    const answered = (wanted: string) => reported.find((code) => answersTo(code, wanted, ALL_RULES)) ?? wanted;
    expect([...new Set(c.expect.map(answered))].sort()).toEqual(reported);
  });

  it.each([...invalid, ...valid])('%s: says each fault once: no rule repeats one field with one fix', (_name, c) => {
    expect(repeated(c)).toEqual([]);
  });

  it.each(invalid)('%s: synth writes nothing', (_name, c) => {
    const root = scratch(c);
    const before = fs.readdirSync(root).sort();
    const result = synthCommand({ root, environments: [c.spec] });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('nothing was written');
    expect(fs.readdirSync(root).sort()).toEqual(before);
    fs.rmSync(root, { recursive: true });
  });
});

describe('secret material in a public field', () => {
  // Each case's secret part: refused, and repeated nowhere synth prints.
  it.each([
    ['vm-ssh-key-private', 'b3BlbnNzaC1rZXktdjEAAAAA'],
    ['vm-adopt-ssh-key-private', 'FixturePrivate'],
    ['sops-recipient-private', 'KEY-1QQQQ'],
    ['url-credentials', 'hunter2'],
  ])('%s: synth names it without repeating it', (name, secret) => {
    const c = invalid.find(([n]) => n === name)![1];
    expect(JSON.stringify(c.spec)).toContain(secret);
    const root = scratch(c);
    const result = synthCommand({ root, environments: [c.spec] });
    expect(result.exitCode).toBe(1);
    expect(`${result.stdout}${result.stderr}`).not.toContain(secret);
    fs.rmSync(root, { recursive: true });
  });
});

describe('the valid corpus', () => {
  it.each(valid)('%s: passes and synthesizes', (_name, c) => {
    expect(errorCodes(c)).toEqual([]);
    const root = scratch(c);
    const result = synthCommand({ root, environments: [c.spec] });
    expect(result.exitCode).toBe(0);
    expect(fs.existsSync(path.join(root, 'clusters', c.spec.name, 'kubernetes', 'kustomization.yaml'))).toBe(true);
    fs.rmSync(root, { recursive: true });
  });
});

describe('what every violation tells the user', () => {
  it.each(invalid)('%s: every violation names the path, the value and the fix', (_name, c) => {
    const { violations } = synthesize(c.spec, inputs(c));
    expect(violations.length).toBeGreaterThan(0);
    expectReport(violations);
  });

  it('the corpus triggers every error rule of the model, component, secret and app-source tables', () => {
    const triggered = new Set(invalid.flatMap(([, c]) => c.expect));
    // spec.invalid is the fallback for schema issues no field of today's schema can raise.
    const rules = [...specRules, ...environmentRules, ...secretSourceRules, ...appSourceRules].filter((r) => r.severity === 'error' && r.code !== 'spec.invalid').map((r) => r.code);
    expect(rules.filter((code) => !triggered.has(code))).toEqual([]);
  });
});
