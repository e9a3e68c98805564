/// <reference types="vite/client" />
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { plainYaml } from '../../src/tree/plain-yaml';
import { YAML_OPTIONS, canonical, stringifyCanonical } from '../../src/tree/yaml';
import { treeDocuments } from '../../src/tree/documents';
import { renderEnvironment } from '../../src/synth/render';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolve } from '../../src/model/resolve';
import type { SynthInputs } from '../../src/synth/render';
import type { CorpusCase } from '../fixtures/corpus';
import { fleet } from '../fixtures/fleet';
import { fiveServersTwoPlanned, singleServer, threeServers } from '../fixtures/environments';

// The faster serialiser must write exactly what the library writes, or say it cannot (undefined).
const library = (value: unknown) => YAML.stringify(value, YAML_OPTIONS);

/** The library's bytes where the fast path writes; undefined where it leaves the value to the library. */
function expectLibraryBytes(value: unknown): string | undefined {
  const fast = plainYaml(value);
  if (fast !== undefined) expect(fast).toBe(library(value));
  return fast;
}

describe('plainYaml writes the bytes of YAML.stringify', () => {
  const valid = Object.values(import.meta.glob<{ default: CorpusCase }>('../fixtures/valid/*.ts', { eager: true })).map((m) => m.default);
  const cases: { spec: EnvironmentSpec; inputs?: SynthInputs }[] = [
    ...[...fleet, singleServer, threeServers, fiveServersTwoPlanned].map((spec) => ({ spec })),
    ...valid.map((c) => ({ spec: c.spec, inputs: { secrets: new Map(Object.entries(c.secrets ?? {})), appSources: new Map(Object.entries(c.appSources ?? {})) } })),
  ];

  it('for every YAML document the fixture environments render, none left to the library', () => {
    let documents = 0;
    for (const { spec, inputs } of cases) {
      const files = renderEnvironment(resolve(spec), inputs);
      for (const [file, text] of files) {
        if (!file.endsWith('.yaml')) continue;
        // The documents the file was written from, in canonical form (remembered by the render).
        const docs = treeDocuments(files, file);
        for (const doc of docs) expect(plainYaml(doc), `${spec.name} ${file}`).toBe(library(doc));
        expect(docs.map(stringifyCanonical).join('---\n'), file).toBe(text);
        documents += docs.length;
      }
    }
    expect(documents).toBeGreaterThan(500);
  });

  it('for random plain values (seeded), and writes most of them itself', () => {
    let seed = 43;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    // Pieces that decide quoting, block style and chomping; joined into strings at random.
    const pieces = ['', ' ', '  ', '\n', '\n\n', '\t', '#', ' #', ':', ': ', '-', '?', "'", '"', '---', '...', '%', '@', '|', '>', '*', '&', '!', ',', '[', '{', 'a', 'yes', 'on', 'N', 'true', 'null', '~', '0', '07', '0x1f', '0b1', '1.5', '.5', '1e3', '.inf', '.nan', '1:20', '2026-01-01', '<<', 'é', '\u2028'];
    const text = () => Array.from({ length: Math.floor(random() * 5) }, () => pick(pieces)).join('');
    const numbers = [0, -0, 1, -1, 1.5, 1e21, 1e-7, 0.1, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
    const value = (depth: number): unknown => {
      const r = random();
      if (depth > 3 || r < 0.45) return pick<() => unknown>([text, text, text, () => pick(numbers), () => random() < 0.5, () => null])();
      if (r < 0.7) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [text(), value(depth + 1)]));
    };
    let written = 0;
    const runs = 5000;
    for (let i = 0; i < runs; i++) if (expectLibraryBytes({ [text()]: value(0) }) !== undefined) written += 1;
    expect(written).toBeGreaterThan(runs * 0.7);
  });

  it.each([
    ['a string YAML 1.1 reads as another type, key or value', { on: 'yes', port: '1:20', from: '2026-01-01', n: '07', e: '1e3', x: '0x1f', empty: '', tilde: '~' }],
    ['the merge key, which its own tag writes plain', { '<<': '<<' }],
    ['quotes: single around a double quote, double around a single one or both', { a: 'say "hi"', b: "it's", c: `"it's"`, d: 'key: value', e: ' lead', f: 'trail ', g: '# no', h: 'a #b', i: '-', j: '- x', k: '[x]' }],
    ['multi-line strings as literal blocks: strip, clip and keep chomping, leading spaces and newlines', { strip: 'a\nb', clip: 'a\nb\n', keep: 'a\nb\n\n', lead: '  a\nb', nl: '\na\n', only: '\n', inner: 'a\n\n\nb\n', marker: 'x\n--- y\n' }],
    ['literal blocks whose first lines are empty or spaced, and whose kept end holds spaces', { a: '\n\n  x\ny', b: '\n x', c: ' \n\nx', d: 'x\n \n\n', e: 'x\n\t\n\ny\n\n\n' }],
    ['a map without a prototype', { a: Object.assign(Object.create(null) as object, { k: 1 }) }],
    ['literal blocks in a sequence and in a nested map', { s: ['a\nb', { k: 'c\nd\n' }], m: { n: { o: 'p\nq' } } }],
    ['empty collections on the key line, also a map of only undefined values', { a: {}, b: [], c: [[], {}], d: { x: undefined } }],
    ['sequences of sequences and of maps', [['a', ['b']], { k: 1, l: [2, { m: null }] }]],
    ['numbers, booleans and null', { i: 1, f: 1.5, z: -0, big: 1e21, small: 1e-7, nan: Number.NaN, inf: Number.POSITIVE_INFINITY, ninf: Number.NEGATIVE_INFINITY, t: true, f2: false, n: null }],
    ['a key with a tab or a non-ASCII character', { 'a\tb': 1, é: 2, '\u2028': 3 }],
    ['a root sequence', [1, 'a\nb']],
  ])('for %s', (_what, value) => {
    expect(expectLibraryBytes(value)).toBeDefined();
  });

  it('for an empty root map and sequence', () => {
    expect(expectLibraryBytes({})).toBe('{}\n');
    expect(expectLibraryBytes([])).toBe('[]\n');
  });

  it.each([
    ['a control character (the library escapes it in double quotes)', { a: 'x\ry' }],
    ['an unpaired surrogate', { a: '\ud800' }],
    ['a key over several lines (the library quotes it)', { 'a\nb': 1 }],
    ['a key over 1,024 characters (the library writes `? key`)', { ['k'.repeat(1025)]: 1 }],
    ['a last line of only whitespace (the library quotes it)', { a: 'x\n  ' }],
    ['a document marker at the start (the library may quote or indent it)', { a: '--- x' }],
    ['an undefined item in a sequence', { a: [undefined] }],
    ['a bigint', { a: 1n }],
    ['an object that is not plain (a Date)', { a: new Date(0) }],
    ['a scalar at the root', 'text'],
    ['null at the root', null],
  ])('leaves to the library %s', (_what, value) => {
    expect(plainYaml(value)).toBeUndefined();
    // stringifyCanonical still writes it, through the library.
    expect(stringifyCanonical(value)).toBe(library(value));
  });

  it('lets an error other than its own through (a getter that throws)', () => {
    expect(() => plainYaml({ get a() { throw new Error('boom'); } })).toThrow('boom');
  });

  it('writes a key of exactly 1,024 characters itself', () => {
    expect(expectLibraryBytes({ ['k'.repeat(1024)]: 1 })).toBeDefined();
  });

  it('keeps canonical output as before: quoting, sorting and a __proto__ key', () => {
    const value = canonical(JSON.parse('{"values": {"__proto__": {"x": 1}, "a": "yes"}, "kind": "K"}'));
    expect(expectLibraryBytes(value)).toBe('kind: K\nvalues:\n  __proto__:\n    x: 1\n  a: "yes"\n');
  });
});
