import { describe, expect, it } from 'vitest';
import { dangers } from '../../src/review/dangers';
import type { EnvironmentChange } from '../../src/review/dangers';
import { k3sSkew, readdressedServers } from '../../src/review/server-dangers';

// The dangers of a change of the servers themselves: a new address (a rebuild, never a restart)
// and a k3s pin that skips a Kubernetes minor. Each case breaks exactly one thing.

const names = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);
function change(members: number, edit: Partial<EnvironmentChange> = {}): EnvironmentChange {
  return {
    servers: { before: names(members), after: names(members) },
    vm: [], objects: [], base: new Map(), head: new Map(), backing: new Map(),
    etcd: { before: true, after: true }, founder: 's1', sizes: [],
    facts: { before: {}, after: {} },
    readdressed: [], k3s: { before: 'v1.36.4+k3s1', after: 'v1.36.4+k3s1' }, vmLayer: true,
    ...edit,
  };
}
const moved = (name: string, dialedBy: string[] = []) => [{ name, from: '10.0.0.2', to: '10.0.0.9', dialedBy, joinStep: `step 8 "Join ${name} (10.0.0.9)" (bash run.sh --only 8)` }];
const SECTION = 'bootstrap/README.md, Day 2 "A server\'s address changes"';

describe("a server's new address", () => {
  it('fails when a joining server changes its address: a rebuild, named with its section, never a restart', () => {
    expect(readdressedServers(change(3, { readdressed: moved('s2') }))).toEqual([{
      code: 'node-address',
      what: "s2's address 10.0.0.2 -> 10.0.0.9",
      why: `the host keeps 10.0.0.2 until it is rebuilt and its etcd member's peer URL names 10.0.0.2: restarted, k3s would start on an address the host does not have; rebuild it instead, one server at a time: drain it, stop k3s on it, delete its Node (k3s removes its etcd member), rebuild its VM, run step 8 "Join s2 (10.0.0.9)" (bash run.sh --only 8) (${SECTION})`,
    }]);
    expect(readdressedServers(change(3))).toEqual([]);
  });

  it('on bare metal, the operator gives the host its new address before the join', () => {
    const [danger] = readdressedServers(change(3, { readdressed: moved('s2'), vmLayer: false }));
    expect(danger!.why).toContain('the host keeps 10.0.0.2 until it is re-addressed and');
    expect(danger!.why).toContain('delete its Node (k3s removes its etcd member), give the host 10.0.0.9, run step 8 "Join s2 (10.0.0.9)" (bash run.sh --only 8)');
  });

  it('fails when the founder changes its address: the servers that dial it are named, and another server becomes the founder first', () => {
    const found = readdressedServers(change(3, { readdressed: moved('s1', ['s2', 's3']) }));
    expect(found.map((d) => d.code)).toEqual(['node-address', 'founder']);
    expect(found[1]).toEqual({
      code: 'founder',
      what: 's1, the founder (cluster-init) that s2 and s3 dial to join (server:), changes its address',
      why: 'rebuilt to take it, it starts a new cluster of its own on an empty data dir, and a server that joins through it dials an address no host has until then; make another live server, one whose address stays, the founder first (founder: true, synth, commit, restart), then change this address',
    });
    // Moved off the founder in the same change: an ordinary rebuild.
    expect(readdressedServers(change(3, { readdressed: moved('s1'), founder: 's2' })).map((d) => d.code)).toEqual(['node-address']);
  });

  it('fails when the only server changes its address: re-addressed in place, since a rebuild takes the datastore', () => {
    const [etcd] = readdressedServers(change(1, { readdressed: moved('s1') }));
    expect(etcd).toEqual({
      code: 'node-address',
      what: "the only server s1's address 10.0.0.2 -> 10.0.0.9",
      why: "the host keeps 10.0.0.2 until it is re-addressed and its etcd member's peer URL names 10.0.0.2: restarted, k3s would start on an address the host does not have, and a rebuild takes the cluster's datastore with its disk; give the host its new address in place first (its network config), then start k3s once with `--cluster-reset`, which rewrites its etcd member's peer URL, and then as a service with the new config.yaml",
    });
    const [sqlite] = readdressedServers(change(1, { readdressed: moved('s1'), etcd: { before: false, after: false } }));
    expect(sqlite!.why).not.toMatch(/etcd/);
  });
});

describe('a k3s pin bump', () => {
  const bump = (before: string, after: string) => k3sSkew(change(3, { k3s: { before, after } }));

  it('fails when the pin skips a Kubernetes minor: the minor to pin first and the upgrade section are named', () => {
    expect(bump('v1.35.8+k3s1', 'v1.37.1+k3s1')).toEqual([{
      code: 'k3s-skew',
      what: 'k3s v1.35.8+k3s1 -> v1.37.1+k3s1 skips Kubernetes 1.36',
      why: "Kubernetes upgrades one minor at a time (its version skew policy: the API servers of one cluster at most one minor apart), so the runbook's upgrade (bootstrap/README.md, Day 2 \"Upgrade k3s to the pinned release\") refuses it and a server built now would join peers 2 minors older; pin a v1.36 release first, upgrade every server to it, then the next",
    }]);
    expect(bump('v1.34.1+k3s1', 'v1.37.1+k3s1')[0]!.what).toBe('k3s v1.34.1+k3s1 -> v1.37.1+k3s1 skips Kubernetes 1.35 and 1.36');
  });

  it('is no danger for the next minor, a patch, or a tree without a runbook', () => {
    expect(bump('v1.36.4+k3s1', 'v1.37.0+k3s1')).toEqual([]);
    expect(bump('v1.36.4+k3s1', 'v1.36.5+k3s1')).toEqual([]);
    expect(k3sSkew(change(3, { k3s: { after: 'v1.38.0+k3s1' } }))).toEqual([]);
  });

  it('comes in the review right after the control-plane dangers', () => {
    const e = change(3, { readdressed: moved('s2'), k3s: { before: 'v1.35.8+k3s1', after: 'v1.37.1+k3s1' } });
    expect(dangers(e).map((d) => d.code)).toEqual(['node-address', 'k3s-skew']);
  });
});
