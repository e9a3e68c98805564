import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emptyMeaning, emptyMeans, specFields, unwrap, visitLeaves } from '../../src/model/spec-walk';

const schema = z.strictObject({
  name: z.string(),
  count: z.number().default(1),
  tags: z.array(z.string()).optional(),
  items: z.array(z.strictObject({ id: z.string(), on: z.boolean() })),
  byName: z.record(z.string(), z.strictObject({ size: z.number() })),
  values: z.record(z.string(), z.unknown()).default({}),
  labels: z.record(z.string(), z.string()),
  mode: z.enum(['a', 'b']),
  build: z.custom<() => void>((v) => typeof v === 'function'),
  kind: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('x'), shared: z.string(), onlyX: z.string() }),
    z.strictObject({ type: z.literal('y'), shared: z.string().optional(), onlyY: z.number() }),
  ]),
  nested: z.strictObject({ deep: z.strictObject({ leaf: z.string() }) }).prefault({ deep: { leaf: 'l' } }),
});

describe('the schema as fields', () => {
  const fields = specFields(schema);

  it('lists every field once, parents first, with its kind and whether it may be left out', () => {
    expect(fields.map((f) => [f.path, f.kind, f.optional])).toEqual([
      ['name', 'string', false],
      ['count', 'number', true],
      ['tags', 'array', true],
      ['tags[]', 'string', false],
      ['items', 'array', false],
      ['items[].id', 'string', false],
      ['items[].on', 'boolean', false],
      ['byName', 'record', false],
      ['byName.<name>', 'entry', false],
      ['byName.<name>.size', 'number', false],
      ['values', 'record', true],
      ['values.<name>', 'free-form', false],
      ['labels', 'record', false],
      ['labels.<name>', 'string', false],
      ['mode', 'enum', false],
      ['build', 'function', false],
      ['kind', 'object', false],
      ['kind.type', 'enum', false],
      ['kind.shared', 'string', false],
      ['kind.onlyX', 'string', false],
      ['kind.onlyY', 'number', false],
      ['nested', 'object', true],
      ['nested.deep', 'object', false],
      ['nested.deep.leaf', 'string', false],
    ]);
  });

  it('records how to reach a field: keys, list elements, record entries and the union option it needs', () => {
    const at = (path: string) => fields.find((f) => f.path === path)!.steps;
    expect(at('items[].id')).toEqual([{ key: 'items' }, { element: true }, { key: 'id' }]);
    expect(at('byName.<name>.size')).toEqual([{ key: 'byName' }, { entry: true }, { key: 'size' }]);
    expect(at('kind.onlyY')).toEqual([{ key: 'kind' }, { key: 'onlyY', discriminator: { key: 'type', value: 'y' } }]);
  });

  it('gives z.any() the kind of z.unknown(), lists of lists their elements, and a schema without fields none', () => {
    const more = specFields(z.strictObject({ chart: z.any(), grid: z.array(z.array(z.number())) }));
    expect(more.map((f) => [f.path, f.kind])).toEqual([
      ['chart', 'free-form'],
      ['grid', 'array'],
      ['grid[]', 'array'],
      ['grid[][]', 'number'],
    ]);
    expect(specFields(z.string())).toEqual([]);
  });

  it("keeps the first union option's element of a list both options have", () => {
    const both = specFields(z.strictObject({
      kind: z.discriminatedUnion('type', [
        z.strictObject({ type: z.literal('x'), ports: z.array(z.string()) }),
        z.strictObject({ type: z.literal('y'), ports: z.array(z.number()) }),
      ]),
    }));
    expect(both.find((f) => f.path === 'kind.ports[]')).toMatchObject({ kind: 'string', steps: [{ key: 'kind' }, { key: 'ports', discriminator: { key: 'type', value: 'x' } }, { element: true }] });
  });

  it('takes off every optional and default wrapper', () => {
    const inner = z.string();
    expect(unwrap(inner.optional().default('x'))).toEqual({ schema: inner, optional: true, defaulted: true });
    expect(unwrap(inner.optional())).toEqual({ schema: inner, optional: true, defaulted: false });
    expect(unwrap(inner)).toEqual({ schema: inner, optional: false, defaulted: false });
  });

  it('registers the strings whose empty value means something', () => {
    const machine = emptyMeaning(z.string(), 'the default');
    expect(emptyMeans.get(machine)).toEqual({ meaning: 'the default' });
    expect(emptyMeans.get(z.string())).toBeUndefined();
  });
});

describe('the values of an input along the schema', () => {
  const leaves = (input: unknown) => visitLeaves(schema, input).map((v) => [v.path.join('.'), v.value, v.key === true, v.element === true, v.optional]);

  it('visits each leaf the input has, the keys of named records, never the keys of free-form values', () => {
    expect(leaves({ name: 'n', tags: ['t'], byName: { a: { size: 2 } }, values: { k: 'v' }, labels: { l: 'w' }, kind: { type: 'y', onlyY: 3 } })).toEqual([
      ['name', 'n', false, false, false],
      ['tags.0', 't', false, true, false],
      ['byName.a', 'a', true, false, false],
      ['byName.a.size', 2, false, false, false],
      ['values.k', 'v', false, false, false],
      ['labels.l', 'l', true, false, false],
      ['labels.l', 'w', false, false, false],
      ['kind.type', 'y', false, false, false],
      ['kind.onlyY', 3, false, false, false],
    ]);
  });

  it('skips what has the wrong shape, and a union whose option the input does not name', () => {
    expect(leaves({ tags: 'no list', items: {}, byName: [], nested: 'x', kind: { type: 'z', shared: 's' } })).toEqual([]);
    expect(leaves(null)).toEqual([]);
    expect(leaves({ labels: ['w'], byName: 'ab' })).toEqual([]);
  });

  it('never visits the keys of a record of z.any() values', () => {
    const chart = z.strictObject({ values: z.record(z.string(), z.any()) });
    expect(visitLeaves(chart, { values: { replicas: 2 } }).map((v) => [v.path.join('.'), v.value, v.key === true])).toEqual([['values.replicas', 2, false]]);
  });
});
