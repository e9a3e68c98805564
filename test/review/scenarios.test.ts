import { describe, expect, it } from 'vitest';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolve } from '../../src/model/resolve';
import { renderEnvironment } from '../../src/synth/render';
import { reviewEnvironment } from '../../src/review/review';
import { reviewMarkdown } from '../../src/review/markdown';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import { prod } from '../fixtures/fleet/prod';
import { fiveServersTwoPlanned, modify } from '../fixtures/environments';

// Each scenario: a base and a head environment, rendered as synth writes them, reviewed. The
// expectations name exactly what changes and exactly which dangers are flagged.

const tree = (spec: EnvironmentSpec) => renderEnvironment(resolve(spec));
/** The review of a change, its whole Markdown pinned in the snapshot store (the exact summary a reviewer reads). */
function pinned(r: ReturnType<typeof reviewEnvironment>) {
  expect(reviewMarkdown([r], 'base')).toMatchSnapshot();
  return r;
}
const reviewOf = (base: EnvironmentSpec, head: EnvironmentSpec) => pinned(reviewEnvironment(head.name, tree(base), tree(head)));
/** VM-layer actions by address. */
const vm = (r: ReturnType<typeof reviewOf>) => Object.fromEntries(r.vm.map((c) => [c.address, c.action]));
const codes = (r: ReturnType<typeof reviewOf>) => r.dangers.map((d) => d.code);

describe('review scenarios', () => {
  it('adds a server (planned → live): its join, no VM or restart, no danger', () => {
    const racked = modify(fiveServersTwoPlanned, (e) => { e.nodes[3]!.state = 'live'; e.nodes[4]!.state = 'live'; });
    const r = reviewOf(fiveServersTwoPlanned, racked);
    expect(r.vm).toEqual([]);
    expect(r.nodes).toEqual(['five-4 joins: run its Join step alone (bash run.sh --list); k3s adds its etcd member', 'five-5 joins: run its Join step alone (bash run.sh --list); k3s adds its etcd member']);
    expect(codes(r)).toEqual([]);
  });

  it('renames a server: one VM destroyed and one created, its data disk protected, the plan stops', () => {
    const renamed = modify(dev, (e) => {
      e.nodes[2]!.name = 'k3s-dev-4';
      (e.infrastructure as any).migrateFromCount = ['k3s-dev-1', 'k3s-dev-2', 'k3s-dev-4'];
    });
    const r = reviewOf(dev, renamed);
    expect(vm(r)).toEqual({
      'libvirt_cloudinit_disk.seed["k3s-dev-3"]': 'destroy',
      'libvirt_cloudinit_disk.seed["k3s-dev-4"]': 'create',
      'libvirt_domain.node["k3s-dev-3"]': 'destroy',
      'libvirt_domain.node["k3s-dev-4"]': 'create',
      'libvirt_volume.data["k3s-dev-3"]': 'blocked',
      'libvirt_volume.data["k3s-dev-4"]': 'create',
      'libvirt_volume.os["k3s-dev-3"]': 'destroy',
      'libvirt_volume.os["k3s-dev-4"]': 'create',
      'libvirt_volume.seed_iso["k3s-dev-3"]': 'destroy',
      'libvirt_volume.seed_iso["k3s-dev-4"]': 'create',
    });
    expect(r.nodes).toEqual(['k3s-dev-4 joins: run its Join step alone (bash run.sh --list); k3s adds its etcd member', 'k3s-dev-3 leaves: drain it and delete its Node (k3s removes its etcd member) first; one server at a time']);
    // One member of three: quorum holds; the protected data disk stops the plan.
    expect(codes(r)).toEqual(['plan-fails']);
    expect(r.dangers[0]!.what).toBe('libvirt_volume.data["k3s-dev-3"]: the plan fails');
  });

  it("changes the only mgmt VM's id: a replacement of the whole control plane, stopped by the adoption's protection", () => {
    const moved = modify(mgmt as EnvironmentSpec, (e) => { e.nodes[0]!.vm = { vmId: 202 }; });
    const r = reviewOf(mgmt as EnvironmentSpec, moved);
    expect(vm(r)).toEqual({ 'proxmox_virtual_environment_vm.node["lab-mgmt"]': 'blocked' });
    expect(r.vm[0]!.reason).toBe('vm_id forces replacement; prevent_destroy makes the plan fail instead');
    expect(codes(r)).toEqual(['control-plane', 'plan-fails']);
    expect(r.dangers[0]!.why).toBe('etcd keeps quorum with 1 of 1; 0 would remain');
  });

  it('bumps the cloud image: a new download and base volume; the running system disks cannot follow (apply fails)', () => {
    // The bump as a whole: the serial and its checksum move together in src/versions.ts.
    const head = tree(dev);
    const base = new Map([...head].map(([p, t]) => [p, p === 'terraform/cdk.tf.json' ? t.replaceAll('20260926', '20260801').replaceAll('6a81c37564db', '0123456789ab') : t]));
    const r = pinned(reviewEnvironment('dev', base, head));
    expect(vm(r)).toEqual({
      'libvirt_volume.base': 'replace',
      'libvirt_volume.os["k3s-dev-1"]': 'fails',
      'libvirt_volume.os["k3s-dev-2"]': 'fails',
      'libvirt_volume.os["k3s-dev-3"]': 'fails',
      'terraform_data.image': 'replace',
    });
    expect(r.vm.find((c) => c.address === 'libvirt_volume.base')!.reason).toBe('name forces replacement');
    expect(codes(r)).toEqual(['plan-fails', 'plan-fails', 'plan-fails']);
  });

  it("rotates an SSH key: each node's cloud-init ISO is rebuilt and its seed volume replaced; the Proxmox VM updates in place", () => {
    const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIRotatedKeyRotatedKeyRotatedKeyRotatedKey0 ops';
    const r = reviewOf(dev, modify(dev, (e) => { (e.infrastructure as any).access.sshKeys = [key]; }));
    expect(vm(r)).toEqual(Object.fromEntries(['k3s-dev-1', 'k3s-dev-2', 'k3s-dev-3'].flatMap((n) => [[`libvirt_cloudinit_disk.seed["${n}"]`, 'replace'], [`libvirt_volume.seed_iso["${n}"]`, 'replace']])));
    expect(r.vm.find((c) => c.address === 'libvirt_volume.seed_iso["k3s-dev-2"]')!.reason).toBe('replace_triggered_by libvirt_cloudinit_disk.seed["k3s-dev-2"], which changes');
    expect(codes(r)).toEqual([]);
    const m = reviewOf(mgmt as EnvironmentSpec, modify(mgmt as EnvironmentSpec, (e) => { (e.infrastructure as any).access.sshKeys = [key]; }));
    expect(vm(m)).toEqual({ 'proxmox_virtual_environment_vm.node["lab-mgmt"]': 'update' });
    expect(m.vm[0]!.attributes.map((a) => a.path)).toEqual(['initialization.0.user_account.0.keys.0']);
    expect(m.vm[0]!.reason).toBe('initialization.0.user_account.0.keys.0 updated in place (updated through the API; some settings need a reboot)');
  });

  it('bumps a chart: the version change is listed on its own, nothing dangerous', () => {
    const base = tree(prod);
    const head = new Map(base);
    const file = 'kubernetes/platform/kyverno/ocirepository.flux-system.kyverno.yaml';
    head.set(file, base.get(file)!.replace('tag: 3.9.0', 'tag: 3.10.0'));
    const r = pinned(reviewEnvironment('prod', base, head));
    expect(r.bumps).toEqual([{ id: 'OCIRepository/flux-system/kyverno', what: 'chart', before: '3.9.0', after: '3.10.0' }]);
    expect(r.objects.map((o) => [o.id, o.change, o.fields.map((f) => `${f.path}: ${f.before} -> ${f.after}`)])).toEqual([['OCIRepository/flux-system/kyverno', 'changed', ['spec.ref.tag: 3.9.0 -> 3.10.0']]]);
    expect(codes(r)).toEqual([]);
  });

  it('moves a component between layers: flagged, since the old layer prunes it before the new one applies it', () => {
    const r = reviewOf(prod, modify(prod, (e) => { e.kyverno = { policiesLayer: 'apps' }; }));
    const moved = r.objects.filter((o) => o.fromLayer).map((o) => `${o.id}: ${o.fromLayer} -> ${o.layer}`);
    expect(moved).toEqual([
      'ClusterPolicy/disallow-latest-tag: policies -> apps',
      'ClusterPolicy/disallow-secret-stringdata: policies -> apps',
      'ClusterPolicy/require-requests: policies -> apps',
    ]);
    expect(codes(r)).toEqual(['layer-move', 'layer-move', 'layer-move']);
  });

  it('removes the CNI: its release, its source and its custom resources go, and the danger says what that does', () => {
    const r = reviewOf(fiveServersTwoPlanned, modify(fiveServersTwoPlanned, (e) => { delete e.cilium; }));
    expect(codes(r)).toContain('cni');
    expect(r.dangers.find((d) => d.code === 'cni')!.what).toBe("the CNI's release HelmRelease/kube-system/cilium is removed");
    expect(r.objects.filter((o) => o.change === 'removed').map((o) => o.id)).toContain('OCIRepository/flux-system/cilium');
  });

  it('changes the VIP: every place that names it changes, and the address danger names old and new', () => {
    const r = reviewOf(prod, modify(prod, (e) => { e.controlPlane.vip = '192.168.2.8'; }));
    expect(r.dangers.filter((d) => d.code === 'address').map((d) => d.what)).toEqual(['control-plane VIP 192.168.2.9 -> 192.168.2.8', "API endpoint (Cilium's k8sServiceHost) 192.168.2.9 -> 192.168.2.8"]);
    expect(r.nodes).toEqual(['k3s config changed on k3s-prod-1 (tls-san): restart k3s one server at a time in this order, each Ready before the next (bootstrap/README.md, Day 2)']);
  });

  it('writes Markdown with the summary table, the dangers first, and the field changes folded', () => {
    const r = reviewOf(prod, modify(prod, (e) => { e.controlPlane.vip = '192.168.2.8'; }));
    const md = reviewMarkdown([r], 'main');
    expect(md.indexOf('### Dangers')).toBeLessThan(md.indexOf('### prod'));
    expect(md).toContain('| prod | – | 1 note(s) | +0 ~1 -0 | **2** |');
    expect(md).toContain('<details><summary>Field changes</summary>');
    expect(reviewMarkdown([], 'main')).toContain('No environment tree changes.');
    // The full diff, folded, in a fence no diffed Markdown file can close, and cut where a comment would overflow.
    expect(md).toContain('<details><summary>Full diff</summary>\n\n`````diff\n--- a/clusters/prod/');
    expect(md.match(/`````/g)).toHaveLength(2);
    const long = reviewMarkdown([{ ...r, patch: `${'+x\n'.repeat(15_000)}` }], 'main');
    expect(long).toContain('… cut at 20000 characters: run npm run review locally');
    expect(long.length).toBeLessThan(40_000);
  });
});
