import { describe, expect, it } from 'vitest';
import { compare, realChanges, refusedAddresses } from '../../prove/compare';
import { expectedCounts, onlyDomainIdErrors, rollingTargets } from '../../prove/scenario';
import { DOMAIN_ID_ERROR } from '../../src/review/replacement-rules';
import { mostStoppedAtOnce } from '../../prove/host';

// The review's words against Terraform's: each pair that makes a sentence of the review true.

const change = (address: string, actions: string[], extra: Record<string, unknown> = {}) => ({ address, mode: 'managed', change: { actions, ...extra }, ...extra });

describe("a real plan in the review's words", () => {
  it('reads creates, updates, replacements, destroys, moves, imports and no-ops; data sources are left out', () => {
    const plan = {
      resource_changes: [
        change('a.create', ['create']),
        change('b.update', ['update']),
        change('c.replace', ['delete', 'create'], { action_reason: 'replace_by_triggers' }),
        change('d.replace', ['create', 'delete']),
        change('e.destroy', ['delete']),
        { address: 'f.moved', mode: 'managed', previous_address: 'f.old[0]', change: { actions: ['no-op'] } },
        { address: 'g.import', mode: 'managed', change: { actions: ['no-op'], importing: { id: 'x' } } },
        change('h.same', ['no-op']),
        { address: 'data.x.y', mode: 'data', change: { actions: ['read'] } },
      ],
    };
    expect(realChanges(plan).map((c) => `${c.address} ${c.action}`)).toEqual([
      'a.create create', 'b.update update', 'c.replace replace', 'd.replace replace', 'e.destroy destroy', 'f.moved move', 'g.import import', 'h.same no-op',
    ]);
    expect(realChanges(plan).find((c) => c.address === 'c.replace')?.reason).toBe('replace_by_triggers');
  });

  it('names the instances a refused plan names (prevent_destroy)', () => {
    const output = 'Error: Instance cannot be destroyed\n\nResource instance libvirt_volume.data["prove-4"] has lifecycle.prevent_destroy set, but the plan calls for this resource to be destroyed.';
    expect(refusedAddresses(output)).toEqual(['libvirt_volume.data["prove-4"]']);
  });
});

describe('the review against the plan', () => {
  const real = realChanges({ resource_changes: [change('v.os', ['update']), change('d.node', ['delete', 'create']), change('s.seed', ['no-op'])] });

  it('agrees address by address: an unmentioned address is a no-op, fails is a planned update', () => {
    const rows = compare([{ address: 'v.os', action: 'fails' }, { address: 'd.node', action: 'replace' }], real);
    expect(rows.map((r) => [r.address, r.predicted, r.real, r.agrees])).toEqual([
      ['d.node', 'replace', 'replace', true],
      ['s.seed', 'no-op', 'no-op', true],
      ['v.os', 'fails', 'update', true],
    ]);
  });

  it('fails when the review says update where the plan replaces, or leaves out what the plan changes', () => {
    const rows = compare([{ address: 'd.node', action: 'update' }], real);
    expect(rows.filter((r) => !r.agrees).map((r) => r.address)).toEqual(['d.node', 'v.os']);
  });

  it('fails when the review hedges: may-replace is no prediction', () => {
    expect(compare([{ address: 'd.node', action: 'may-replace' }], real).find((r) => r.address === 'd.node')?.agrees).toBe(false);
  });

  it('agrees with blocked only where Terraform refused the plan for that instance', () => {
    const refused = { refused: ['v.data["x"]'] };
    // Sorted by address: the domain first; what a refused plan would have done is left unplanned.
    expect(compare([{ address: 'v.data["x"]', action: 'blocked' }, { address: 'd.node["x"]', action: 'destroy' }], refused).map((r) => [r.address, r.real, r.agrees])).toEqual([['d.node["x"]', 'no-op', true], ['v.data["x"]', 'plan refused', true]]);
    expect(compare([{ address: 'v.data["x"]', action: 'destroy' }], refused)[0]!.agrees).toBe(false);
  });
});

describe('applying what the review says', () => {
  it("counts as deploy --expect does: a replacement is an add and a destroy, a failing update a change", () => {
    expect(expectedCounts([
      { address: 'a', action: 'create' }, { address: 'b', action: 'replace' }, { address: 'c', action: 'update' },
      { address: 'd', action: 'fails' }, { address: 'e', action: 'destroy' }, { address: 'f', action: 'import' }, { address: 'g', action: 'move' },
    ])).toBe('import=1,add=2,change=2,destroy=2');
  });

  it("reads the runbook's per-server deploy lines of one Day 2 section, in order", () => {
    const readme = [
      '# Day 2', '', '## A VM change that stops servers (sizing, hardware, a provider setting)', '', '```sh', '# prove-2',
      "(cd ../../.. && npm run deploy -- prove -- '-target=terraform_data.os_image[\"prove-2\"]' '-target=libvirt_domain.node[\"prove-2\"]')",
      "(cd ../../.. && npm run deploy -- prove -- '-target=libvirt_domain.node[\"prove-1\"]')", '```',
      '## Another section', "(cd ../../.. && npm run deploy -- prove -- '-target=libvirt_domain.node[\"prove-3\"]')",
    ].join('\n');
    expect(rollingTargets(readme, 'A VM change that stops servers (sizing, hardware, a provider setting)')).toEqual([
      ['-target=terraform_data.os_image["prove-2"]', '-target=libvirt_domain.node["prove-2"]'],
      ['-target=libvirt_domain.node["prove-1"]'],
    ]);
    expect(rollingTargets(readme, 'Missing')).toEqual([]);
  });

  it("counts the domains stopped at once from libvirt's lifecycle events", () => {
    const at = (domain: string, what: string) => `2026-12-05 07:01:10.314+0000: event 'lifecycle' for domain '${domain}': ${what}`;
    expect(mostStoppedAtOnce([at('p-1', 'Stopped Destroyed'), at('p-1', 'Started Booted'), at('p-2', 'Shutdown Finished'), at('p-2', 'Started Booted')])).toEqual({ most: 1, at: 'p-1' });
    expect(mostStoppedAtOnce([at('p-1', 'Stopped Destroyed'), at('p-2', 'Undefined Removed'), at('p-1', 'Started Booted')])).toEqual({ most: 2, at: 'p-1, p-2' });
    expect(mostStoppedAtOnce([])).toEqual({ most: 0 });
  });
});

describe("libvirt 0.9.7's error after a domain restarts", () => {
  const output = [
    'libvirt_domain.node["prove-2"]: Modifications complete after 3s',
    '╷', '│ Error: Provider produced inconsistent result after apply', '│ ',
    '│ When applying changes to libvirt_domain.node["prove-2"], provider',
    '│ "provider[\\"registry.opentofu.org/dmacvicar/libvirt\\"]" produced an',
    '│ unexpected new value: .id: was cty.NumberIntVal(81), but now', '│ cty.NumberIntVal(83).', '╵',
  ].join('\n');
  const said = [{ address: 'libvirt_domain.node["prove-2"]', action: 'update', reason: `vcpu updated in place (the VM is stopped, redefined and started; ${DOMAIN_ID_ERROR})` }];

  it('passes an apply whose only error is the one the review announces for that domain', () => {
    expect(onlyDomainIdErrors(output, said)).toBe(true);
  });

  it('fails when the review does not announce it, or another error stands beside it', () => {
    expect(onlyDomainIdErrors(output, [{ ...said[0]!, reason: 'vcpu updated in place' }])).toBe(false);
    expect(onlyDomainIdErrors(`${output}\n│ Error: Failed to Start Domain`, said)).toBe(false);
    expect(onlyDomainIdErrors('Error: Timeout Waiting for Domain Shutdown', said)).toBe(false);
  });
});
