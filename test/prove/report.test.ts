import { describe, expect, it } from 'vitest';
import { outcomeOf, renderReport, summaryLine } from '../../prove/report';
import type { ScenarioResult } from '../../prove/report';

const agreeing = { title: 'day 0', rows: [{ address: 'a.b', predicted: 'create', real: 'create' as const, agrees: true }], checks: [{ what: 'a second plan changes nothing', ok: true }] };
const differing = { title: 'grow', rows: [{ address: 'd.node["x"]', predicted: 'update', real: 'replace' as const, agrees: false, note: 'replace_by_triggers' }], checks: [] };

describe('the proving ground report', () => {
  it('passes a scenario only when every row agrees and every check holds', () => {
    expect(outcomeOf([agreeing])).toBe('passed');
    expect(outcomeOf([agreeing, differing])).toBe('failed');
    expect(outcomeOf([{ ...agreeing, checks: [{ what: 'x', ok: false }] }])).toBe('failed');
  });

  it('tables each step, names where each program came from, and ends with the counts', () => {
    const results: ScenarioResult[] = [
      { name: 'day 0', outcome: 'passed', steps: [agreeing] },
      { name: 'disk growth', outcome: 'failed', steps: [agreeing, differing] },
      { name: 'migration', outcome: 'not provable here', reason: 'no binary of terraform-provider-libvirt 0.8.3', steps: [] },
    ];
    const text = renderReport({ programs: [{ name: 'OpenTofu', version: 'v1.12.6', source: 'built now from the Go module proxy' }], rewrites: [], host: [], results, notProvable: ['Proxmox: no host'] });
    expect(text).toContain('Not provable here, and not claimed by any scenario below:\n\n- Proxmox: no host\n');
    expect(text).toContain('| OpenTofu | v1.12.6 | built now from the Go module proxy |');
    expect(text).toContain('## disk growth: failed');
    expect(text).toContain('### grow: DISAGREES');
    expect(text).toContain('| `d.node["x"]` | update | replace (replace_by_triggers) | **differs** |');
    expect(text).toContain('## migration: not provable here\n\nno binary of terraform-provider-libvirt 0.8.3');
    expect(text.trim().split('\n').at(-1)).toBe(summaryLine(results));
    expect(summaryLine(results)).toBe('prove: 1 passed, 1 failed, 1 not provable here, of 3 scenarios');
  });

  it('lists a rewrite repeated on every node once, with its count', () => {
    const rewrite = (node: string) => ({ address: `libvirt_domain.node["${node}"]`, path: 'type', from: 'kvm', to: 'qemu', why: 'no KVM' });
    const text = renderReport({ programs: [], rewrites: [rewrite('a'), rewrite('b')], host: [], results: [] });
    expect(text).toContain('- `libvirt_domain.node` type: "kvm" → "qemu" (2 times): no KVM');
  });

  it('lists a source moved to loopback once whatever its port, and a removed field', () => {
    const moved = (port: number) => ({ address: 'OCIRepository/flux-system/cilium', path: 'spec.url', from: 'oci://quay.io/cilium/charts/cilium', to: `oci://127.0.0.1:${port}/cilium/charts/cilium`, why: 'no registry' });
    const removed = { address: 'libvirt_domain.node["a"]', path: 'destroy.shutdown', from: { timeout: 120 }, to: undefined, why: 'no guest' };
    const text = renderReport({ programs: [], rewrites: [moved(4000), moved(5000), removed], host: [], results: [] });
    expect(text).toContain('- `OCIRepository/flux-system/cilium` spec.url: "oci://quay.io/cilium/charts/cilium" → "oci://127.0.0.1:4000/cilium/charts/cilium" (2 times): no registry');
    expect(text).toContain('- `libvirt_domain.node` destroy.shutdown: {"timeout":120} → undefined: no guest');
  });
});
