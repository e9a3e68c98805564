import { GROW_SECTION } from '../bootstrap/disk-growth-step';
import { instances } from '../infra/stack-instances';
import type { TfChange } from './terraform';

// A libvirt volume's size is no attribute the provider can change (Update Not Supported,
// internal/provider/volume_resource.go:443-448 at v0.9.7): the stack ignores it
// (src/infra/libvirt-nodes.ts), and the runbook grows a running domain's disk by hand.

/** A volume that stays (neither created nor replaced) whose size differs between the trees. */
export interface SizeChange {
  readonly address: string;
  readonly before: number;
  readonly after: number;
  /** Whether the head tree's ignore_changes names capacity: Terraform then plans nothing for it. */
  readonly ignored: boolean;
}

const GiB = 1024 ** 3;
/** `60 GiB`, or bytes where the size is no whole number of GiB. */
export const sizeOf = (bytes: number) => (bytes % GiB === 0 ? `${bytes / GiB} GiB` : `${bytes} bytes`);

/** Every volume of the head stack whose `capacity` differs from the base stack's, the plan keeping it. */
export function sizeChanges(base: Record<string, unknown> | undefined, head: Record<string, unknown> | undefined, vm: readonly TfChange[]): SizeChange[] {
  const before = instances(base);
  // A volume created, replaced or destroyed is a new disk of the size it states: nothing grows.
  const anew = new Set(vm.filter((c) => c.action !== 'update' && c.action !== 'fails').map((c) => c.address));
  return [...instances(head)]
    .filter(([address, now]) => now.type === 'libvirt_volume' && !anew.has(address) && before.has(address))
    .flatMap(([address, now]) => {
      const [was, is] = [before.get(address)!.config.capacity, now.config.capacity];
      if (typeof was !== 'number' || typeof is !== 'number' || was === is) return [];
      const ignore = now.lifecycle.ignore_changes;
      return [{ address, before: was, after: is, ignored: ignore === 'all' || (Array.isArray(ignore) && ignore.includes('capacity')) }];
    });
}

/** What a grown disk the plan ignores means: the size in the tree, not yet the disk's. */
export function growthNotes(sizes: readonly SizeChange[]): string[] {
  return sizes
    .filter((s) => s.ignored && s.after > s.before)
    .map((s) => `${s.address} grows from ${sizeOf(s.before)} to ${sizeOf(s.after)} in the tree only: capacity is in its ignore_changes, so Terraform plans nothing and the disk keeps its size until the runbook grows it, one server at a time (bootstrap/README.md, Day 2 "${GROW_SECTION}")`);
}
