import { describe, expect, it } from 'vitest';
import { vmSteps } from '../../src/bootstrap/machine-steps';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolveK3s } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';

const step = (spec: EnvironmentSpec, title: string) => vmSteps(resolveK3s(spec)).find((s) => s.title === title)!;

describe('vmSteps', () => {
  it("applies a count → for_each migration only when the plan changes and destroys nothing, and names Day 2's rolling procedure for a domain update", () => {
    const moved = step(dev, "Move the old module's VMs to keyed addresses");
    expect(moved.commands).toEqual(['(cd ../../.. && npm run deploy -- dev --inspect)', '(cd ../../.. && npm run deploy -- dev --expect change=0,destroy=0)']);
    expect(moved.notes.at(-1)).toContain('A plan that updates a domain stops there, since each update stops its VM: apply such a change one server at a time, as Day 2\'s "A VM change that stops servers (sizing, hardware, a provider setting)" does.');
  });

  it("gates mgmt's adoption on a first plan that changes nothing, and says reboot_after_update stays as the import leaves it", () => {
    const adopt = step(mgmt as EnvironmentSpec, 'Adopt the running VMs');
    expect(adopt.commands.at(-1)).toBe('(cd ../../.. && npm run deploy -- mgmt --expect import=1,add=2,change=0,destroy=0)');
    expect(adopt.notes.join('\n')).toContain("`reboot_after_update` stays at the provider's default, as the import leaves it");
    expect(adopt.notes.join('\n')).not.toContain('`reboot_after_update` is off');
  });
});
