import { describe, expect, it } from 'vitest';
import { sizeChanges, sizeOf } from '../../src/review/disk-sizes';
import { planStacks } from '../../src/review/terraform';

// The sizes of volumes that stay, between two stacks: what grows, what shrinks, and whether the
// plan ignores it.

const GiB = 1024 ** 3;
const stack = (capacity: number, lifecycle: Record<string, unknown> = {}, name = 'os.qcow2') => ({ resource: { libvirt_volume: { os: { name, pool: 'default', capacity, lifecycle } } } });
const sizes = (base: any, head: any) => sizeChanges(base, head, planStacks(base, head));

describe('disk sizes', () => {
  it('names a size in GiB, or in bytes when it is no whole number of GiB', () => {
    expect([sizeOf(40 * GiB), sizeOf(GiB + 1)]).toEqual(['40 GiB', `${GiB + 1} bytes`]);
  });

  it('says whether the head ignores capacity, by name or with all', () => {
    expect(sizes(stack(40 * GiB), stack(60 * GiB, { ignore_changes: ['capacity'] }))).toEqual([{ address: 'libvirt_volume.os', before: 40 * GiB, after: 60 * GiB, ignored: true }]);
    expect(sizes(stack(40 * GiB), stack(60 * GiB, { ignore_changes: 'all' }))[0]!.ignored).toBe(true);
    expect(sizes(stack(40 * GiB), stack(60 * GiB))[0]!.ignored).toBe(false);
  });

  it('leaves out a volume created anew: a new disk of any size is no growth', () => {
    expect(sizes(stack(40 * GiB), stack(20 * GiB, {}, 'other.qcow2'))).toEqual([]);
    expect(sizes(stack(40 * GiB), stack(40 * GiB))).toEqual([]);
  });
});
