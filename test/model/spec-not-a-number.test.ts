import { describe, expect, it } from 'vitest';
import { environmentSchema } from '../../src/model/environment';
import { checkSpec } from '../../src/model/spec-check';
import { specFields } from '../../src/model/spec-walk';
import { modify, modifyWorkload, threeServers } from '../fixtures/environments';
import { lab1 } from '../fixtures/workload';
import { placed } from '../fixtures/spec-fields';

const numbers = specFields(environmentSchema).filter((f) => f.kind === 'number');
/** A base where the field's section is valid around it (bare metal's memory, a receiver's port). */
const baseOf = (path: string) =>
  path === 'infrastructure.memoryMiB' ? modify(threeServers, (e: any) => { e.infrastructure = { kind: 'bare-metal' }; })
    : path.startsWith('notifications') ? modify(threeServers, (e: any) => { e.notifications = { receivers: [{ kind: 'webhook', name: 'hook', flux: true }] }; })
      : threeServers;

describe('spec.not-a-number', () => {
  it('walks every number field of the schema', () => {
    expect(numbers.length).toBeGreaterThan(30);
  });

  it.each(numbers.map((f) => [f.path, f] as const))('fails when %s is NaN, Infinity or -Infinity, naming the value', (_path, field) => {
    for (const value of [NaN, Infinity, -Infinity]) {
      const { spec, path } = placed(field, value, baseOf(field.path));
      const found = checkSpec(spec).filter((v) => v.path === path);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ code: 'spec.not-a-number', severity: 'error', value: String(value) });
      expect(found[0]!.message).toMatch(new RegExp(`^${String(value).replace('-', '\\-')} is not a (finite )?number: `));
      expect(found[0]!.message).not.toContain('got a number');
      expect(found[0]!.fix).toMatch(/^write a (whole )?number/);
    }
  });

  it('says NaN is not a number and Infinity not a finite one', () => {
    const nan = checkSpec(modify(threeServers, (e: any) => { e.infrastructure.vm.vcpus = NaN; }));
    const inf = checkSpec(modify(threeServers, (e: any) => { e.infrastructure.vm.vcpus = Infinity; }));
    expect(nan).toEqual([{ code: 'spec.not-a-number', severity: 'error', path: 'fixture.infrastructure.vm.vcpus', value: 'NaN', message: 'NaN is not a number: vcpus takes a finite number', fix: 'write a number (no quotes)' }]);
    expect(inf[0]!.message).toBe('Infinity is not a finite number: vcpus takes a finite number');
  });

  it('names the range of a bounded field and offers its default where it has one, as an action', () => {
    const [port] = checkSpec(modify(threeServers, (e: any) => { e.controlPlane.apiPort = NaN; }));
    expect(port).toMatchObject({ fix: 'write a number (no quotes), or remove apiPort to take its default', action: { unset: 'controlPlane.apiPort' } });
    const [budget] = checkSpec(modify(threeServers, (e: any) => { e.infrastructure.memoryBudgetMiB = Infinity; }));
    expect(budget).toMatchObject({ fix: 'write a whole number from 1024 to 16777216 (no quotes)' });
    expect(budget).not.toHaveProperty('action');
  });

  it('names the field of a NaN deep in lists: the last key, and the index of a list of numbers', () => {
    const [generations] = checkSpec(modifyWorkload(lab1, (e: any) => { e.infrastructure.workers[0].retainedGenerations = [1, NaN]; }));
    expect(generations).toMatchObject({ path: 'lab1.infrastructure.workers[0].retainedGenerations[1]', message: 'NaN is not a number: retainedGenerations[1] takes a finite number' });
    const [port] = checkSpec(modify(threeServers, (e: any) => { e.nodes[0].ssh = { port: NaN }; }));
    expect(port).toMatchObject({ path: 'fixture.nodes[0].ssh.port', fix: 'write a number (no quotes), or remove port to take its default', action: { unset: 'nodes[0].ssh.port' } });
  });

  it('applying the action leaves no violation', () => {
    const spec = modify(threeServers, (e: any) => { e.controlPlane.apiPort = NaN; });
    const [v] = checkSpec(spec);
    expect(v!.action).toEqual({ unset: 'controlPlane.apiPort' });
    expect(checkSpec(modify(spec, (e: any) => { delete e.controlPlane.apiPort; }))).toEqual([]);
  });
});
