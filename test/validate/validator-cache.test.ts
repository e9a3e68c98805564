import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { upstreamAjv } from '../../src/validate/schemas';
import { cachedValidator, validatorCacheDir, validatorKey } from '../../src/validate/validator-cache';

// Validators loaded from the cache must be the validators ajv compiles: same verdicts, same errors.
let dir: string;
beforeEach(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'validators-')); });
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Every helper generated code calls: a Go-flagged pattern, function, `true` and regexp formats, deep equality, string length. */
const SCHEMA = {
  type: 'object',
  properties: {
    strategy: { type: 'string', pattern: '^(?i)(abort|warn)?$' },
    when: { type: 'string', format: 'date-time' },
    link: { type: 'string', format: 'uri' },
    port: { type: 'integer', format: 'int32' },
    data: { type: 'string', format: 'byte' },
    selector: { enum: [{ app: 'web' }, { app: 'db' }] },
    name: { type: 'string', maxLength: 3 },
  },
  additionalProperties: false,
};
const TEXT = JSON.stringify(SCHEMA);
const GOOD = { strategy: 'WARN', when: '2026-12-02T10:00:00Z', link: 'https://example.test/x', port: 1, data: 'aGk=', selector: { app: 'db' }, name: '😀😀😀' };
const BAD = { strategy: 'ignore', when: 'tuesday', link: 'not a uri', port: 'x', data: '***', selector: { app: 'cache' }, name: 'four', extra: 1 };

function verdict(validate: ReturnType<typeof cachedValidator>, data: unknown) {
  return { valid: validate(data), errors: validate.errors ?? null };
}

const files = () => fs.readdirSync(dir).sort();

describe('the validator cache', () => {
  it('loads a validator that judges as the compiled one does, without compiling again', () => {
    const compiled = upstreamAjv(false).compile(SCHEMA);
    const cold = cachedValidator(upstreamAjv(false), TEXT, SCHEMA, dir);
    expect(files()).toHaveLength(1);
    const ajv = upstreamAjv(false);
    const compile = vi.spyOn(ajv, 'compile');
    const warm = cachedValidator(ajv, TEXT, SCHEMA, dir);
    expect(compile).not.toHaveBeenCalled();
    for (const data of [GOOD, BAD, { selector: { app: 'web' }, name: 'abc' }, 'not an object']) {
      const expected = verdict(compiled, data);
      expect(verdict(cold, data)).toEqual(expected);
      expect(verdict(warm, data)).toEqual(expected);
    }
    expect(verdict(warm, GOOD).valid).toBe(true);
    expect(verdict(warm, BAD).errors!.map((e) => e.instancePath).sort()).toEqual(['', '/data', '/link', '/name', '/port', '/selector', '/strategy', '/when']);
  });

  it("loads a vendored schema's validator (a CRD with Go flags, a draft 2019-09 values schema) that judges as the compiled one", () => {
    const cases = [
      { file: 'schemas/json/prometheusrule-monitoring-v1.json', draft2019: false, data: { apiVersion: 'monitoring.coreos.com/v1', kind: 'PrometheusRule', metadata: { name: 'r' }, spec: { groups: [{ name: 'g', partial_response_strategy: 'Abort', rules: [{ alert: 1 }] }, { name: 'h', partial_response_strategy: 'maybe', rules: [] }] } } },
      { file: 'schemas/values/flux-operator-0.49.0.values.schema.json', draft2019: true, data: { replicas: 'two', image: { tag: 3 }, unknownKey: true } },
    ];
    for (const { file, draft2019, data } of cases) {
      const text = fs.readFileSync(path.resolve(import.meta.dirname, '../..', file), 'utf8');
      const expected = verdict(upstreamAjv(draft2019).compile(JSON.parse(text) as object), data);
      expect(expected.valid, file).toBe(false);
      cachedValidator(upstreamAjv(draft2019), text, JSON.parse(text) as object, dir);
      const ajv = upstreamAjv(draft2019);
      const compile = vi.spyOn(ajv, 'compile');
      const warm = cachedValidator(ajv, text, JSON.parse(text) as object, dir);
      expect(compile, file).not.toHaveBeenCalled();
      expect(verdict(warm, data), file).toEqual(expected);
    }
  });

  it('compiles anew, and mends the file, when the file was cut short or altered', () => {
    cachedValidator(upstreamAjv(false), TEXT, SCHEMA, dir);
    const [name] = files();
    const file = path.join(dir, name!);
    const whole = fs.readFileSync(file, 'utf8');
    for (const damaged of [whole.slice(0, whole.length / 2), whole.replace('maxLength', 'minLength'), whole.slice(whole.indexOf('\n') + 1), '']) {
      fs.writeFileSync(file, damaged);
      const ajv = upstreamAjv(false);
      const compile = vi.spyOn(ajv, 'compile');
      const validate = cachedValidator(ajv, TEXT, SCHEMA, dir);
      expect(compile).toHaveBeenCalledOnce();
      expect(verdict(validate, BAD).valid).toBe(false);
      expect(fs.readFileSync(file, 'utf8')).toBe(whole);
    }
  });

  it('keys by the schema as the caller read it and by what ajv was told, never sharing a file', () => {
    const key = validatorKey(upstreamAjv(false), TEXT);
    expect(validatorKey(upstreamAjv(false), TEXT)).toBe(key);
    expect(validatorKey(upstreamAjv(false), `values\n${TEXT}`)).not.toBe(key);
    expect(validatorKey(upstreamAjv(true), TEXT)).not.toBe(key);
    const otherByte = upstreamAjv(false);
    otherByte.addFormat('byte', /^[A-Z]*$/);
    expect(validatorKey(otherByte, TEXT)).not.toBe(key);
    const otherTrue = upstreamAjv(false);
    otherTrue.addFormat('cidr', /^\d/);
    expect(validatorKey(otherTrue, TEXT)).not.toBe(key);
  });

  it('never stores code that needs a helper it cannot load (an async schema needs ValidationError)', async () => {
    const schema = { $async: true, type: 'object' };
    const validate = cachedValidator(upstreamAjv(false), JSON.stringify(schema), schema, dir);
    await expect(validate('x') as unknown as Promise<unknown>).rejects.toThrow('validation failed');
    expect(files()).toEqual([]);
  });

  it('still gives the validator when the cache cannot be written', () => {
    const blocked = path.join(dir, 'a-file');
    fs.writeFileSync(blocked, '');
    const validate = cachedValidator(upstreamAjv(false), TEXT, SCHEMA, path.join(blocked, 'validators'));
    expect(verdict(validate, GOOD).valid).toBe(true);
    expect(files()).toEqual(['a-file']);
  });

  it('removes its files unused for 30 days when it writes one, and keeps younger ones and files not its own', () => {
    const day = 86_400_000;
    const old = `${'a'.repeat(64)}.cjs`;
    const young = `${'b'.repeat(64)}.cjs`;
    const partial = `${'c'.repeat(64)}.cjs.123.partial`;
    for (const [name, age] of [[old, 31], [young, 29], [partial, 31], ['notes.txt', 31]] as const) {
      fs.writeFileSync(path.join(dir, name), '');
      const when = new Date(Date.now() - age * day);
      fs.utimesSync(path.join(dir, name), when, when);
    }
    cachedValidator(upstreamAjv(false), TEXT, SCHEMA, dir);
    expect(files()).toEqual([`${validatorKey(upstreamAjv(false), TEXT)}.cjs`, young, 'notes.txt'].sort());
  });

  it('marks a file it loads as used', () => {
    cachedValidator(upstreamAjv(false), TEXT, SCHEMA, dir);
    const file = path.join(dir, files()[0]!);
    const then = new Date(Date.now() - 10 * 86_400_000);
    fs.utimesSync(file, then, then);
    cachedValidator(upstreamAjv(false), TEXT, SCHEMA, dir);
    expect(fs.statSync(file).mtimeMs).toBeGreaterThan(Date.now() - 86_400_000);
  });

  it('lives under XDG_CACHE_HOME when it is an absolute path, else under ~/.cache', () => {
    expect(validatorCacheDir({ XDG_CACHE_HOME: '/var/cache/me' })).toBe('/var/cache/me/k3s-gitops-synth/validators');
    const home = path.join(os.homedir(), '.cache', 'k3s-gitops-synth', 'validators');
    expect(validatorCacheDir({})).toBe(home);
    expect(validatorCacheDir({ XDG_CACHE_HOME: '' })).toBe(home);
    expect(validatorCacheDir({ XDG_CACHE_HOME: 'relative/cache' })).toBe(home);
  });
});
