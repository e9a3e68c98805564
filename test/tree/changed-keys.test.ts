import { describe, expect, it } from 'vitest';
import { changedKeys } from '../../src/tree/changed-keys';

// Which keys of a generated file differ, so check can name the field that makes each one.
describe('changedKeys', () => {
  it('lists the top-level keys whose values differ, sorted', () => {
    expect(changedKeys('tls-san:\n- a\nnode-ip: 1\ndata-dir: /x\n', 'tls-san:\n- b\nnode-ip: 1\ndata-dir: /y\n')).toEqual(['data-dir', 'tls-san']);
  });

  it('lists a key only one side has', () => {
    expect(changedKeys('a: 1\n', 'a: 1\nb: 2\n')).toEqual(['b']);
    expect(changedKeys('a: 1\nb: 2\n', 'a: 1\n')).toEqual(['b']);
  });

  it("looks one level into spec, where an object keeps what the environment decides", () => {
    const before = 'kind: HelmRelease\nspec:\n  interval: 1m\n  values:\n    replicaCount: 2\n';
    expect(changedKeys(before, 'kind: HelmRelease\nspec:\n  interval: 1m\n  values:\n    replicaCount: 3\n')).toEqual(['spec.values']);
    expect(changedKeys(before, 'kind: HelmRelease\nspec: none\n')).toEqual(['spec']);
    // Only spec: metadata answers as one key.
    expect(changedKeys('metadata:\n  name: a\n', 'metadata:\n  name: b\n')).toEqual(['metadata']);
  });

  it('lists none where the bytes differ but no value does (a reordering, a comment)', () => {
    expect(changedKeys('a: 1\nb: 2\n', '# hand\nb: 2\na: 1\n')).toEqual([]);
  });

  it('lists none where either side is not one mapping', () => {
    expect(changedKeys('a: [1\n', 'a: 1\n')).toEqual([]);
    expect(changedKeys('a: 1\n---\nb: 2\n', 'a: 2\n')).toEqual([]);
    expect(changedKeys('- a\n', '- b\n')).toEqual([]);
    expect(changedKeys('~\n', 'a: 1\n')).toEqual([]);
    expect(changedKeys('a: 1\n', '- b\n')).toEqual([]);
  });
});
