import { describe, expect, it } from 'vitest';
import { canonical, toYaml } from '../../src/tree/yaml';

// The one serialiser every YAML file goes through: order and quoting decide the bytes users commit.
describe('canonical form', () => {
  it('puts apiVersion, kind, metadata first at the top and sorts every other key by code unit', () => {
    const value = canonical({ spec: { b: 1, B: 2, a: { z: 1, y: 2 } }, metadata: { name: 'x' }, kind: 'K', apiVersion: 'v1', data: {} });
    expect(Object.keys(value as object)).toEqual(['apiVersion', 'kind', 'metadata', 'data', 'spec']);
    expect(Object.keys((value as any).spec)).toEqual(['B', 'a', 'b']);
    expect(Object.keys((value as any).spec.a)).toEqual(['y', 'z']);
  });

  it('sorts the other top-level keys whatever order they were built in', () => {
    expect(Object.keys(canonical({ zeta: 1, spec: 2, kind: 'K', data: 3, alpha: 4 }) as object)).toEqual(['kind', 'alpha', 'data', 'spec', 'zeta']);
  });

  it('ranks the Kubernetes keys only at the top: nested or in a list, they sort like any key', () => {
    expect(Object.keys((canonical({ x: { metadata: 1, apiVersion: 2, kind: 3 } }) as any).x)).toEqual(['apiVersion', 'kind', 'metadata']);
    expect(Object.keys((canonical({ x: { kind: 1, data: 2 } }) as any).x)).toEqual(['data', 'kind']);
    expect(Object.keys((canonical({ items: [{ kind: 1, data: 2 }] }) as any).items[0])).toEqual(['data', 'kind']);
    expect(Object.keys((canonical([{ kind: 1, data: 2 }]) as any)[0])).toEqual(['data', 'kind']);
  });

  it('drops undefined values, keeps null, copies arrays in order and never shares objects with its input', () => {
    const input = { a: undefined, b: null, c: [{ y: 1, x: 2 }, 3] };
    const value = canonical(input) as any;
    expect(value).toEqual({ b: null, c: [{ x: 2, y: 1 }, 3] });
    expect('a' in value).toBe(false);
    expect(value.c).not.toBe(input.c);
  });

  it('keeps a __proto__ key as a key (values a user writes may hold one)', () => {
    const input = JSON.parse('{"values": {"__proto__": {"x": 1}, "a": 2}}');
    const value = canonical(input) as any;
    expect(Object.keys(value.values)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(value.values)).toBe(Object.prototype);
    // An ordinary property, as JSON.parse makes it.
    expect(Object.getOwnPropertyDescriptor(value.values, '__proto__')).toEqual({ value: { x: 1 }, writable: true, enumerable: true, configurable: true });
    // Below it, keys sort like any nested key (no Kubernetes rank).
    expect(Object.keys((canonical(JSON.parse('{"v": {"__proto__": {"kind": 1, "data": 2}}}')) as any).v.__proto__)).toEqual(['data', 'kind']);
    expect(toYaml(input)).toBe('values:\n  __proto__:\n    x: 1\n  a: 2\n');
  });

  it('quotes keys and values YAML 1.1 readers would turn into another type', () => {
    expect(toYaml({ from: '2026-01-01', on: 'yes', port: '1:20', plain: 'text' })).toBe("from: \"2026-01-01\"\n\"on\": \"yes\"\nplain: text\nport: \"1:20\"\n");
  });
});
