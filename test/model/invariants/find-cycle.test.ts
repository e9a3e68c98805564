import { describe, expect, it } from 'vitest';
import { findCycle } from '../../../src/model/invariants/flux';

const graph = (edges: Record<string, string[]>) => Object.entries(edges).map(([name, dependsOn]) => ({ name, dependsOn }));

describe('findCycle', () => {
  it('finds none in a chain, a diamond or an empty graph', () => {
    expect(findCycle([])).toBeUndefined();
    expect(findCycle(graph({ apps: ['platform'], platform: ['infra'], infra: [] }))).toBeUndefined();
    expect(findCycle(graph({ a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }))).toBeUndefined();
  });

  it('finds a layer that depends on itself', () => {
    expect(findCycle(graph({ a: ['a'] }))).toEqual(['a', 'a']);
  });

  it('returns only the names on the cycle, not the path that led to it', () => {
    expect(findCycle(graph({ x: ['a'], a: ['b'], b: ['a'] }))).toEqual(['a', 'b', 'a']);
  });

  it('finds a cycle the first layer does not reach', () => {
    expect(findCycle(graph({ x: [], a: ['b'], b: ['c'], c: ['a'] }))).toEqual(['a', 'b', 'c', 'a']);
  });

  it('does not follow a dependency on a missing layer', () => {
    expect(findCycle(graph({ a: ['missing'], b: ['a'] }))).toBeUndefined();
  });

  it('walks each layer once: a ladder of 40 diamonds finishes', () => {
    // Without memoising finished layers this graph has 2^40 paths and the walk never ends.
    const edges: Record<string, string[]> = { 'l40': [] };
    for (let i = 39; i >= 0; i--) edges[`l${i}`] = [`r${i + 1}`, `l${i + 1}`], edges[`r${i}`] = [`l${i + 1}`];
    edges['r40'] = [];
    expect(findCycle(graph(edges))).toBeUndefined();
    edges['l40'] = ['l0'];
    const cycle = findCycle(graph(edges))!;
    expect(cycle[0]).toBe(cycle.at(-1));
    expect(cycle).toEqual(expect.arrayContaining(['l0', 'l40']));
  });
});
