import { describe, expect, it } from 'vitest';
import { check } from '../../src/check/run';
import { fieldMatrix } from '../../src/check/field-matrix';
import { environmentSchema } from '../../src/model/environment';
import { VM_BOUNDS } from '../../src/model/invariants/vms';
import { checkSpec } from '../../src/model/spec-check';
import { specFields } from '../../src/model/spec-walk';
import type { Field } from '../../src/model/spec-walk';
import { routedBase } from '../fixtures/corpus';
import { modify, singleServer, threeServers } from '../fixtures/environments';
import { placed } from '../fixtures/spec-fields';
import { workloadBase } from '../fixtures/workload-rules';

const numbers = specFields(environmentSchema).filter((f) => f.kind === 'number');
const declared = (f: Field) => f.schema as unknown as { minValue: number; maxValue: number; isInt: boolean };
const bounded = numbers.filter((f) => Number.isFinite(declared(f).minValue) && Number.isFinite(declared(f).maxValue));
const rows = new Map(fieldMatrix().map((r) => [r.field.path, r.cells['upper-bound']]));

/** The fields a semantic rule bounds (the schema leaves them open so that rule speaks): its maximum, and a spec that reaches it. */
const owned: Record<string, { readonly max: number; readonly base: unknown }> = {
  'nodes[].vm.vcpus': { max: VM_BOUNDS.vcpus.max, base: threeServers },
  'nodes[].vm.memoryMiB': { max: VM_BOUNDS.memoryMiB.max, base: threeServers },
  'nodes[].vm.osDiskGiB': { max: VM_BOUNDS.osDiskGiB.max, base: threeServers },
  'nodes[].vm.dataDiskGiB': { max: VM_BOUNDS.dataDiskGiB.max, base: threeServers },
  'infrastructure.vm.vcpus': { max: VM_BOUNDS.vcpus.max, base: threeServers },
  'infrastructure.vm.memoryMiB': { max: VM_BOUNDS.memoryMiB.max, base: threeServers },
  'infrastructure.vm.osDiskGiB': { max: VM_BOUNDS.osDiskGiB.max, base: threeServers },
  'infrastructure.vm.dataDiskGiB': { max: VM_BOUNDS.dataDiskGiB.max, base: threeServers },
  'nodes[].vm.vmId': { max: 999999999, base: singleServer },
  'nodes[].ssh.port': { max: 65535, base: threeServers },
  'controlPlane.apiPort': { max: 65535, base: threeServers },
  'longhorn.replicas': { max: 3, base: modify(threeServers, (e: any) => { e.longhorn = {}; }) },
  'longhorn.bulkReplicas': { max: 3, base: modify(threeServers, (e: any) => { e.longhorn = {}; }) },
  'apps[].route.port': { max: 65535, base: routedBase },
  'infrastructure.vlan': { max: 4094, base: singleServer },
  // Beyond etcd's recommended seven a warning, not a refusal (as quorum.beyond-recommended).
  'infrastructure.controlPlane.replicas': { max: 7, base: workloadBase },
};

describe('every number field has an upper and a lower bound', () => {
  it('is bounded by the schema or by a rule of its own, never both', () => {
    expect(numbers.filter((f) => !bounded.includes(f) && !(f.path in owned)).map((f) => f.path)).toEqual([]);
    expect(bounded.filter((f) => f.path in owned).map((f) => f.path)).toEqual([]);
    expect(bounded.map((f) => f.path)).toEqual([
      'notifications.receivers[].port',
      'infrastructure.memoryMiB',
      'infrastructure.memoryBudgetMiB',
      'infrastructure.controlPlane.machine.sockets',
      'infrastructure.controlPlane.machine.cores',
      'infrastructure.controlPlane.machine.memoryMiB',
      'infrastructure.controlPlane.machine.diskGiB',
      'infrastructure.controlPlane.generation',
      'infrastructure.controlPlane.retainedGenerations[]',
      'infrastructure.workers[].replicas',
      'infrastructure.workers[].machine.sockets',
      'infrastructure.workers[].machine.cores',
      'infrastructure.workers[].machine.memoryMiB',
      'infrastructure.workers[].machine.diskGiB',
      'infrastructure.workers[].generation',
      'infrastructure.workers[].retainedGenerations[]',
      'infrastructure.proxmox.templates.<name>',
      'infrastructure.proxmox.vlan',
    ]);
  });

  it.each(bounded.map((f) => [f.path, f] as const))('%s: above, below and between whole numbers is spec.out-of-range, naming the range', (_path, field) => {
    const { minValue: min, maxValue: max, isInt } = declared(field);
    expect(isInt).toBe(true);
    const base = field.path.startsWith('infrastructure.memoryMiB') ? modify(threeServers, (e: any) => { e.infrastructure = { kind: 'bare-metal' }; }) : field.path.startsWith('notifications') ? modify(threeServers, (e: any) => { e.notifications = { receivers: [{ kind: 'webhook', name: 'hook', flux: true }] }; }) : threeServers;
    for (const value of [max + 1, min - 1, min + 0.5]) {
      const { spec, path } = placed(field, value, base);
      expect(checkSpec(spec).filter((v) => v.path === path)).toEqual([
        // The field as its path ends: a list's entry with its index, a record's by its key.
        { code: 'spec.out-of-range', severity: 'error', path, value: String(value), message: `${value} is outside ${path.split('.').at(-1)}'s range, a whole number from ${min} to ${max}`, fix: `use a whole number from ${min} to ${max}` },
      ]);
    }
    expect(checkSpec(placed(field, max, base).spec).filter((v) => v.code === 'spec.out-of-range')).toEqual([]);
    expect(rows.get(field.path)).toEqual({ applies: ['spec.out-of-range'], by: 'test/model/spec-bounds.test.ts' });
  });

  it.each(Object.entries(owned))('%s: above its maximum is the code of the rule that owns it', (at, { max, base }) => {
    const field = numbers.find((f) => f.path === at)!;
    const cell = rows.get(at)!;
    expect('applies' in cell && cell.applies).toHaveLength(1);
    const [code] = (cell as { applies: readonly string[] }).applies;
    const { spec, path } = placed(field, max + 1, base);
    expect(checkSpec(spec)).toEqual([]);
    expect(check(spec).filter((v) => v.code === code).map((v) => v.path), at).toContain(path);
    expect(check(placed(field, max, base).spec).filter((v) => v.code === code && v.path === path), at).toEqual([]);
  });
});
