import { describe, expect, it } from 'vitest';
import { reviewEnvironment } from '../../src/review/review';
import { reviewMarkdown } from '../../src/review/markdown';
import { dev } from '../fixtures/fleet/dev';
import { prod } from '../fixtures/fleet/prod';
import { fiveServersTwoPlanned, modify } from '../fixtures/environments';
import { codes, pinned, reviewOf, tree, vm } from './scenario';

// Each scenario: a base and a head environment, rendered as synth writes them, reviewed. The
// expectations name exactly what changes and exactly which dangers are flagged.

describe('review scenarios', () => {
  it('adds a server (planned → live): its join, no VM or restart, no danger', () => {
    const racked = modify(fiveServersTwoPlanned, (e) => { e.nodes[3]!.state = 'live'; e.nodes[4]!.state = 'live'; });
    const r = reviewOf(fiveServersTwoPlanned, racked);
    expect(r.vm).toEqual([]);
    expect(r.nodes).toEqual(['five-4 joins: run step 8 "Join five-4 (172.16.5.24)" (bash run.sh --only 8); k3s adds its etcd member', 'five-5 joins: run step 9 "Join five-5 (172.16.5.25)" (bash run.sh --only 9); k3s adds its etcd member']);
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
      'terraform_data.os_image["k3s-dev-3"]': 'destroy',
      'terraform_data.os_image["k3s-dev-4"]': 'create',
    });
    expect(r.nodes).toEqual(['k3s-dev-4 joins: run step 9 "Join k3s-dev-4 (192.168.1.52)" (bash run.sh --only 9); k3s adds its etcd member', 'k3s-dev-3 leaves: drain it and delete its Node (k3s removes its etcd member) first; one server at a time']);
    // One member of three: quorum holds; the protected data disk stops the plan.
    expect(codes(r)).toEqual(['plan-fails']);
    expect(r.dangers[0]!.what).toBe('libvirt_volume.data["k3s-dev-3"]: the plan fails');
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
      'ValidatingPolicy/disallow-latest-tag: policies -> apps',
      'ValidatingPolicy/require-requests: policies -> apps',
    ]);
    expect(codes(r)).toEqual(['layer-move', 'layer-move']);
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

  it("fails when a server's new address is reviewed as a restart: the danger names the rebuild, first in the Markdown", () => {
    const r = reviewOf(dev, modify(dev, (e) => { e.nodes[1]!.ip = '192.168.1.61'; }));
    // The seed changes, which the running VM never reads again: nothing in the VM layer moves the address.
    expect(vm(r)).toEqual({ 'libvirt_cloudinit_disk.seed["k3s-dev-2"]': 'replace', 'libvirt_volume.seed_iso["k3s-dev-2"]': 'replace' });
    expect(codes(r)).toEqual(['node-address']);
    expect(r.nodes.join('\n')).not.toMatch(/k3s-dev-2 \(node-ip/);
    const md = reviewMarkdown([r], 'main');
    expect(md.indexOf("**dev** k3s-dev-2's address 192.168.1.51 -> 192.168.1.61")).toBeLessThan(md.indexOf('### dev'));
    expect(md).toContain('Day 2 "A server\'s address changes"');
  });

  it("fails when the founder's new address goes unflagged: the servers that join through it are named", () => {
    const r = reviewOf(dev, modify(dev, (e) => { e.nodes[0]!.ip = '192.168.1.60'; }));
    expect(codes(r)).toEqual(['node-address', 'founder']);
    expect(r.dangers[1]!.what).toBe('k3s-dev-1, the founder (cluster-init) that k3s-dev-2 and k3s-dev-3 dial to join (server:), changes its address');
  });

  it('bumps the k3s pin: the note names the rolling upgrade; a bump that skips a minor is a danger', () => {
    const next = reviewOf(dev, modify(dev, (e) => { e.k3s.version = 'v1.37.1+k3s1'; }));
    expect(next.nodes).toEqual(['k3s v1.36.4+k3s1 -> v1.37.1+k3s1: the install line changes, no running server does; upgrade every server to it one at a time, before any server joins or is rebuilt (bootstrap/README.md, Day 2 "Upgrade k3s to the pinned release")']);
    expect(codes(next)).toEqual([]);
    const skip = reviewEnvironment('dev', tree(dev), tree(modify(dev, (e) => { e.k3s.version = 'v1.38.0+k3s1'; })));
    expect(skip.dangers.map((d) => [d.code, d.what])).toEqual([['k3s-skew', 'k3s v1.36.4+k3s1 -> v1.38.0+k3s1 skips Kubernetes 1.37']]);
  });

  it('writes Markdown with the summary table, the dangers first, and the field changes folded', () => {
    const r = reviewOf(prod, modify(prod, (e) => { e.controlPlane.vip = '192.168.2.8'; }));
    const md = reviewMarkdown([r], 'main');
    expect(md.indexOf('### Dangers')).toBeLessThan(md.indexOf('### prod'));
    expect(md).toContain('| prod | – | 1 restarted | +0 ~1 -0 | **2** |');
    expect(md).toContain('<details><summary>Field changes</summary>');
    expect(reviewMarkdown([], 'main')).toContain('No environment tree changes.');
    // The step after the merge, for each environment the change touches, after the dangers and before the details.
    const both = reviewMarkdown([r, { ...r, env: 'dev' }], 'main');
    const next = both.indexOf('After the merge, once Flux reports its layers Ready at the merge commit: `npm run verify -- --env prod --kubeconfig <its inspector kubeconfig>`, `npm run verify -- --env dev ');
    expect(next).toBeGreaterThan(both.indexOf('### Dangers'));
    expect(next).toBeLessThan(both.indexOf('### prod'));
    expect(reviewMarkdown([], 'main')).not.toContain('npm run verify');
    // A tree without a runbook (a workload cluster's) is told where its inspector's token comes from instead.
    expect(r.runbook).toBe(true);
    const workload = reviewMarkdown([r, { ...r, env: 'lab1', runbook: false }], 'main');
    expect(workload).toContain("(the inspector kubeconfig of prod: the one the runbook's last step writes; of lab1, which no runbook builds: a token of flux-system/verify-inspector minted with the cluster's admin kubeconfig)");
    // The full diff, folded, in a fence no diffed Markdown file can close, and cut where a comment would overflow.
    expect(md).toContain('<details><summary>Full diff</summary>\n\n`````diff\n--- a/clusters/prod/');
    expect(md.match(/`````/g)).toHaveLength(2);
    const long = reviewMarkdown([{ ...r, patch: `${'+x\n'.repeat(15_000)}` }], 'main');
    expect(long).toContain('… cut at 20000 characters: run npm run review locally');
    expect(long.length).toBeLessThan(40_000);
  });
});
