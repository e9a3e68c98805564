import { describe, expect, it } from 'vitest';
import { planStacks } from '../../src/review/terraform';

// replace_triggered_by as Terraform 1.11.4 applies it (docs/decisions/0139-libvirt-domains-are-never-replaced-for-a-disk-and-stop-by-a.md): a trigger is
// a dependency, so the triggered instance is destroyed before the trigger changes and created
// after; a trigger whose change fails at apply leaves it destroyed.

/** A stack of a volume, a domain replace-triggered by it, and what `extra` adds. */
function stack(capacity: number, extra: Record<string, any> = {}, domain: Record<string, unknown> = {}) {
  return {
    resource: {
      terraform_data: { image: { input: { serial: extra.serial ?? 'a' } } },
      libvirt_volume: { os: { name: 'os.qcow2', pool: 'default', capacity, ...(extra.volumeTrigger && { lifecycle: { replace_triggered_by: ['terraform_data.image'] } }) } },
      libvirt_domain: { node: { name: 'n1', type: 'kvm', lifecycle: { replace_triggered_by: ['libvirt_volume.os'] }, ...domain } },
      ...(extra.chained && { terraform_data: { image: { input: { serial: extra.serial ?? 'a' } }, after: { input: 'x', lifecycle: { replace_triggered_by: ['libvirt_domain.node'] } } } }),
    },
  };
}
const actions = (changes: ReturnType<typeof planStacks>) => Object.fromEntries(changes.map((c) => [c.address, c.action]));

describe('replace_triggered_by', () => {
  it('a trigger whose update the provider refuses: the instance is destroyed, and nothing creates it again', () => {
    const changes = planStacks(stack(10), stack(20));
    expect(actions(changes)).toEqual({ 'libvirt_volume.os': 'fails', 'libvirt_domain.node': 'destroy' });
    expect(changes.find((c) => c.address === 'libvirt_domain.node')).toMatchObject({ failsAt: 'libvirt_volume.os' });
  });

  it('down a chain: what the destroyed instance triggers is destroyed too', () => {
    expect(actions(planStacks(stack(10, { chained: true }), stack(20, { chained: true })))).toEqual({
      'libvirt_volume.os': 'fails', 'libvirt_domain.node': 'destroy', 'terraform_data.after': 'destroy',
    });
  });

  it('a refused update that is itself replaced by its own trigger: the replacement goes through, nothing is cut short', () => {
    const changes = planStacks(stack(10, { volumeTrigger: true }), stack(20, { volumeTrigger: true, serial: 'b' }));
    expect(actions(changes)).toEqual({ 'terraform_data.image': 'update', 'libvirt_volume.os': 'replace', 'libvirt_domain.node': 'replace' });
    expect(changes.every((c) => c.failsAt === undefined)).toBe(true);
  });

  it('fails when the destroyed instance is protected: prevent_destroy stops the plan, and nothing is destroyed', () => {
    const protectedDomain = { lifecycle: { replace_triggered_by: ['libvirt_volume.os'], prevent_destroy: true } };
    const changes = planStacks(stack(10, {}, protectedDomain), stack(20, {}, protectedDomain));
    expect(actions(changes)).toEqual({ 'libvirt_volume.os': 'fails', 'libvirt_domain.node': 'blocked' });
    expect(changes.find((c) => c.address === 'libvirt_domain.node')!.failsAt).toBeUndefined();
  });

  it('a planned update of a trigger replaces the instance (a create triggers nothing)', () => {
    const base = { resource: { terraform_data: { t: { input: 1 }, r: { input: 'x', lifecycle: { replace_triggered_by: ['terraform_data.t'] } } } } };
    const head = structuredClone(base);
    head.resource.terraform_data.t.input = 2;
    expect(actions(planStacks(base, head))).toEqual({ 'terraform_data.t': 'update', 'terraform_data.r': 'replace' });
  });
});
