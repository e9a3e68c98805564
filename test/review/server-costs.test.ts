import { describe, expect, it } from 'vitest';
import { reviewEnvironment } from '../../src/review/review';
import { reviewMarkdown } from '../../src/review/markdown';
import { costCounts, serverCosts } from '../../src/review/server-costs';
import { MANIFEST_FILE, manifest } from '../../src/synth/manifest';
import type { TfChange } from '../../src/review/terraform';
import { dev } from '../fixtures/fleet/dev';
import { fiveServersTwoPlanned, modify, singleServer } from '../fixtures/environments';
import { tree } from './scenario';

// What a change costs the servers, each sentence from what the trees and the plan hold: who joins,
// leaves, is rebuilt or restarts, and in which order.

const review = (base: Parameters<typeof tree>[0], head: Parameters<typeof tree>[0]) => reviewEnvironment(head.name, tree(base), tree(head));
const twoMore = modify(dev, (e) => {
  e.nodes.push({ name: 'k3s-dev-4', ip: '192.168.1.53', vm: { image: '20260926' } }, { name: 'k3s-dev-5', ip: '192.168.1.54', vm: { image: '20260926' } });
});

describe('what a change costs the servers', () => {
  it('fails when two added servers read as notes: both joins, by step, and the rolling restart of the others their tls-san asks', () => {
    const r = review(dev, twoMore);
    expect(r.servers.added).toEqual(['k3s-dev-4', 'k3s-dev-5']);
    expect(r.servers.restarted).toEqual([
      { name: 'k3s-dev-2', why: ['k3s config: tls-san'] },
      { name: 'k3s-dev-3', why: ['k3s config: tls-san'] },
      { name: 'k3s-dev-1', why: ['k3s config: tls-san'] },
    ]);
    expect(r.servers.order).toEqual([
      'join k3s-dev-4 (step 10 "Join k3s-dev-4 (192.168.1.53)") and k3s-dev-5 (step 11 "Join k3s-dev-5 (192.168.1.54)"), one at a time',
      'restart k3s on k3s-dev-2, k3s-dev-3 and k3s-dev-1, one at a time, each Ready before the next',
    ]);
    const md = reviewMarkdown([r], 'main');
    expect(md).toContain('| dev | 12 create | 2 added, 3 restarted | +0 ~0 -0 |');
    expect(md).not.toContain('note(s)');
    expect(md).toContain('**Servers**\n\n- added: k3s-dev-4, k3s-dev-5\n- restarted: k3s-dev-2 (k3s config: tls-san), k3s-dev-3 (k3s config: tls-san), k3s-dev-1 (k3s config: tls-san)\n- in this order: join k3s-dev-4');
    // The picture tells the new servers from the restarted ones.
    expect(r.diagrams.environment).toContain('class n_k3s_dev_4,n_k3s_dev_5,key_added added');
    expect(r.diagrams.environment).toContain('class n_k3s_dev_1,n_k3s_dev_2,n_k3s_dev_3,key_restarted restarted');
  });

  it("fails when a server's new address is reviewed as a restart: it is rebuilt, the others restart after it", () => {
    const r = review(dev, modify(dev, (e) => { e.nodes[1]!.ip = '192.168.1.61'; }));
    expect(r.servers.rebuilt).toEqual([{ name: 'k3s-dev-2', why: ['address 192.168.1.51 -> 192.168.1.61: k3s uninstalled, its OS disk and domain replaced, joined again'] }]);
    expect(r.servers.restarted.map((s) => s.name)).toEqual(['k3s-dev-3', 'k3s-dev-1']);
    expect(r.servers.order).toEqual(['rebuild k3s-dev-2', 'restart k3s on k3s-dev-3 and k3s-dev-1, one at a time, each Ready before the next']);
    expect(costCounts(r.servers)).toBe('1 rebuilt, 2 restarted');
    expect(r.diagrams.environment).toContain('class n_k3s_dev_2,key_rebuilt rebuilt');
  });

  it('fails when a subnet move reads as restarts: every server is rebuilt, the founder last, and the danger counts the etcd members', () => {
    const moved = modify(dev, (e) => {
      e.network = { subnet: '192.168.5.0/24', gateway: '192.168.5.1', dns: ['192.168.5.1'] };
      e.nodes.forEach((n, i) => { n.ip = `192.168.5.${50 + i}`; });
      e.controlPlane.vip = '192.168.5.49';
      e.ingressVip = '192.168.5.48';
    });
    const r = review(dev, moved);
    expect(r.servers.rebuilt.map((s) => s.name)).toEqual(['k3s-dev-2', 'k3s-dev-3', 'k3s-dev-1']);
    expect(r.servers.restarted).toEqual([]);
    expect(r.servers.order).toEqual(['rebuild k3s-dev-2, k3s-dev-3 and k3s-dev-1, one at a time, each back in etcd before the next']);
    const etcd = r.dangers.find((d) => d.code === 'etcd-readdress')!;
    expect(etcd.what).toBe('3 of 3 etcd members change address in this change (none keeps its own): k3s-dev-1, k3s-dev-2 and k3s-dev-3');
    expect(etcd.why).toContain('while one is out, etcd has 2 members, which need 2; until the last is moved, the members rebuilt on 192.168.5.0/24 and those still on 192.168.1.0/24 reach each other');
  });

  it('fails when the only server is said to be rebuilt: it takes its address in place', () => {
    const r = review(singleServer, modify(singleServer, (e) => { e.nodes[0]!.ip = e.nodes[0]!.ip.replace(/\d+$/, '77'); }));
    expect(r.servers.rebuilt).toEqual([]);
    expect(r.servers.restarted).toHaveLength(1);
    expect(r.servers.restarted[0]!.why[0]).toMatch(/^address \S+ -> \S+\.77, given in place$/);
  });

  it('fails when a k3s bump hides the upgrade of every server: founder last, before any join', () => {
    const r = review(dev, modify(dev, (e) => { e.k3s.version = 'v1.37.1+k3s1'; }));
    expect(r.servers.restarted.map((s) => [s.name, s.why])).toEqual([
      ['k3s-dev-2', ['k3s v1.36.4+k3s1 -> v1.37.1+k3s1']], ['k3s-dev-3', ['k3s v1.36.4+k3s1 -> v1.37.1+k3s1']], ['k3s-dev-1', ['k3s v1.36.4+k3s1 -> v1.37.1+k3s1']],
    ]);
    expect(r.servers.order).toEqual(['upgrade k3s to v1.37.1+k3s1 on k3s-dev-2, k3s-dev-3 and k3s-dev-1, one at a time, before any server joins or is rebuilt']);
  });

  it('fails when a removed server goes unnamed: it is taken out', () => {
    const r = review(twoMore, dev);
    expect(r.servers.removed).toEqual(['k3s-dev-4', 'k3s-dev-5']);
    expect(r.servers.order[0]).toBe('take k3s-dev-4 and k3s-dev-5 out (drain, delete its Node), one at a time');
  });

  it("fails when a replaced VM or a stopped one is no server's cost: rebuilt, or restarted", () => {
    const r = review(dev, modify(dev, (e) => { e.nodes[2]!.vm = { image: '20261001' }; }));
    expect(r.servers.rebuilt).toEqual([{ name: 'k3s-dev-3', why: ['VM replaced'] }]);
    const stops = (address: string): TfChange => ({ address, type: 'libvirt_domain', action: 'update', reason: 'memory', attributes: [], stops: 'restarts' }) as TfChange;
    const base = tree(dev);
    expect(serverCosts(base, base, [stops('libvirt_domain.node["k3s-dev-1"]')]).restarted).toEqual([{ name: 'k3s-dev-1', why: ['its VM stops'] }]);
  });

  it('fails when a first synth or a change of no server is costed: nothing', () => {
    expect(serverCosts(new Map(), tree(dev), [])).toEqual({ added: [], removed: [], rebuilt: [], restarted: [], order: [] });
    const planned = review(fiveServersTwoPlanned, modify(fiveServersTwoPlanned, (e) => { e.flux.interval = '2m'; }));
    expect(costCounts(planned.servers)).toBe('');
    expect(reviewMarkdown([planned], 'main')).not.toContain('**Servers**');
  });
});

describe('a tool upgrade in the review', () => {
  const stamped = (files: ReadonlyMap<string, string>, version: string) => new Map([...files, [MANIFEST_FILE, manifest([...files.keys()], `k3s-gitops-synth ${version}`)]]);

  it('fails when a tree whose only change is the stamp of the tool that wrote it is left out: listed, and the upgrade is one line at the top', async () => {
    const { review: reviewAll } = await import('../../src/review/review');
    const files = (version: string) => new Map([...stamped(tree(dev), version)].map(([p, t]) => [`clusters/dev/${p}`, t]));
    const reviews = reviewAll(files('0.2.0'), files('0.2.1'));
    expect(reviews.map((r) => [r.env, r.tool])).toEqual([['dev', { before: 'k3s-gitops-synth 0.2.0', after: 'k3s-gitops-synth 0.2.1' }]]);
    const md = reviewMarkdown(reviews, 'main');
    expect(md).toContain("Compared with `main`.\n\n**k3s-gitops-synth 0.2.0 → 0.2.1**: the version that wrote dev's tree, and the one that writes it now.\n\n| env |");
    expect(md).toContain('| dev | – | – | +0 ~0 -0 | 0 |');
    expect(md).toContain('### dev\n\nWritten by k3s-gitops-synth 0.2.0, now by k3s-gitops-synth 0.2.1.\n');
    // The same version at both ends: nothing to review, and no line.
    expect(reviewAll(files('0.2.1'), files('0.2.1'))).toEqual([]);
    expect(reviewMarkdown([], 'main')).not.toContain('→');
  });
});

describe('a tool upgrade, at the edges', () => {
  it('fails when a tree added whole is reviewed as an upgrade: no version line', async () => {
    const { review: reviewAll } = await import('../../src/review/review');
    const files = new Map([...tree(dev), [MANIFEST_FILE, manifest([...tree(dev).keys()], 'k3s-gitops-synth 0.2.1')]].map(([p, t]) => [`clusters/dev/${p}`, t] as [string, string]));
    const [added] = reviewAll(new Map(), files);
    expect(added!.tool).toEqual({});
    expect(reviewMarkdown([added!], 'main')).not.toContain('Written by');
  });
});
