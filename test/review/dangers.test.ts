import { describe, expect, it } from 'vitest';
import { dangers } from '../../src/review/dangers';
import type { EnvironmentChange } from '../../src/review/dangers';
import type { TfChange } from '../../src/review/terraform';

// The control-plane danger's sentences, pinned for each count that matters: every number in
// them is computed from the members before, those that stay up, those that keep their data and
// the quorum they need; a server on k3s's default datastore (sqlite) is never called an etcd member.

const names = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);
const domain = (node: string, action: TfChange['action'], stops?: TfChange['stops']): TfChange =>
  ({ address: `libvirt_domain.node["${node}"]`, type: 'libvirt_domain', action, attributes: [], reason: 'test', ...(stops ? { stops } : {}) });
function change(members: number, vm: readonly TfChange[], etcd = true, after = names(members)): EnvironmentChange {
  return {
    servers: { before: names(members), after },
    vm, objects: [], base: new Map(), head: new Map(), backing: new Map(), sizes: [],
    etcd: { before: etcd, after: etcd },
    facts: { before: {}, after: {} },
    readdressed: [], k3s: {}, vmLayer: true,
  };
}
const osDisk = (node: string, action: TfChange['action']): TfChange => ({ address: `libvirt_volume.os["${node}"]`, type: 'libvirt_volume', action, attributes: [], reason: 'test' });
/** A domain and the OS disk under it, as the stack replaces them together (a new image). */
const lose = (node: string, action: TfChange['action']) => [domain(node, action), osDisk(node, action)];
/** A domain whose replacement the apply cuts short: the change of its trigger fails. */
const cut = (node: string): TfChange => ({ ...domain(node, 'destroy'), failsAt: `libvirt_volume.os["${node}"]` });
const controlPlane = (e: EnvironmentChange) => dangers(e).filter((d) => d.code === 'control-plane').map((d) => [d.what, d.why]);
const replaced = (...nodes: string[]) => nodes.flatMap((n) => lose(n, 'replace'));
const restarted = (...nodes: string[]) => nodes.map((n) => domain(n, 'update', 'restarts'));
const REBUILD = 'apply it one server at a time (bootstrap/README.md, Day 2 "Rebuild a server onto another image")';
const ROLL = 'apply it one server at a time (bootstrap/README.md, Day 2 "A VM change that stops servers")';

describe('the control-plane danger: one server', () => {
  it("on k3s's default datastore (sqlite): its replacement loses the datastore, and no sentence names etcd or a quorum", () => {
    const found = controlPlane(change(1, replaced('s1'), false));
    expect(found).toEqual([['the only server s1 is replaced', "k3s's default datastore (sqlite) lives on its OS disk and goes with it"]]);
    expect(JSON.stringify(found)).not.toMatch(/etcd|quorum|member/);
  });

  it('on sqlite, removed or restarted: removed says so; a restart is no danger', () => {
    expect(controlPlane(change(1, [], false, ['s9']))).toEqual([['the only server s1 is removed', "k3s's default datastore (sqlite) lives on its OS disk and goes with it"]]);
    expect(controlPlane(change(1, restarted('s1'), false))).toEqual([]);
  });

  it('on embedded etcd: its replacement loses the only member; a restart is no danger (nothing is lost, no quorum to keep)', () => {
    expect(controlPlane(change(1, replaced('s1')))).toEqual([['the only server s1 is replaced', "its embedded etcd, the cluster's only member, lives on its OS disk and goes with it"]]);
    expect(controlPlane(change(1, restarted('s1')))).toEqual([]);
  });

  it('names what the plan asks for: a replacement prevent_destroy blocks, one that may happen, a destroy', () => {
    expect(controlPlane(change(1, lose('s1', 'blocked'), false))[0]![0]).toBe('the only server s1 is asked to be replaced');
    expect(controlPlane(change(1, lose('s1', 'may-replace'), false))[0]![0]).toBe('the only server s1 may be replaced');
    expect(controlPlane(change(1, lose('s1', 'destroy'), false))[0]![0]).toBe('the only server s1 is destroyed');
  });

  it('destroyed by a replacement the apply cuts short: down until it is created again, its disks kept', () => {
    expect(controlPlane(change(1, [cut('s1')]))).toEqual([[
      'the only server s1 is destroyed and not created again',
      'its disks stay, and the cluster is down until it is created again; the apply fails at libvirt_volume.os["s1"] before it creates s1 again, whatever the order of servers: take that change out (plan-fails)',
    ]]);
  });
});

describe('the control-plane danger: etcd members', () => {
  it('one of three replaced: quorum holds and the rolling change is the change itself, so no danger', () => {
    expect(controlPlane(change(3, replaced('s2')))).toEqual([]);
    expect(controlPlane(change(3, restarted('s2')))).toEqual([]);
  });

  it('two of three replaced: 1 keeps its data, fewer than the 2 etcd needs, so the cluster does not come back on its own', () => {
    expect(controlPlane(change(3, replaced('s1', 's3')))).toEqual([[
      '2 of 3 etcd members stop in one apply: s1 (replaced), s3 (replaced)',
      `etcd needs 2 of 3 members up and 1 would be; s1 and s3 would lose their etcd data, so 1 of 3 would keep it, fewer than 2: the cluster would not come back on its own; ${REBUILD}`,
    ]]);
  });

  it('two of three restarted: the cluster stops until one more is back', () => {
    expect(controlPlane(change(3, restarted('s1', 's3')))).toEqual([[
      '2 of 3 etcd members stop in one apply: s1 (restarts), s3 (restarts)',
      `etcd needs 2 of 3 members up and 1 would be: the cluster stops until 1 more is back; ${ROLL}`,
    ]]);
  });

  it('one of five replaced: 4 stay up, etcd needs 3: no danger', () => {
    expect(controlPlane(change(5, replaced('s4')))).toEqual([]);
  });

  it('two of five replaced: 3 stay up, etcd needs 3, none to spare', () => {
    expect(controlPlane(change(5, replaced('s2', 's4')))).toEqual([[
      '2 of 5 etcd members stop in one apply: s2 (replaced), s4 (replaced)',
      `3 of 5 stay up and etcd needs 3: one more failure during the apply stops the cluster; ${REBUILD}`,
    ]]);
  });

  it('two of seven restarted: 5 stay up, etcd needs 4, so the second failure stops it', () => {
    expect(controlPlane(change(7, restarted('s1', 's2')))[0]![1]).toBe(`5 of 7 stay up and etcd needs 4: 2 more failures during the apply stop the cluster; ${ROLL}`);
  });

  it('three of five replaced: 2 keep their data, fewer than 3', () => {
    expect(controlPlane(change(5, replaced('s1', 's2', 's3')))).toEqual([[
      '3 of 5 etcd members stop in one apply: s1 (replaced), s2 (replaced), s3 (replaced)',
      `etcd needs 3 of 5 members up and 2 would be; s1, s2 and s3 would lose their etcd data, so 2 of 5 would keep it, fewer than 3: the cluster would not come back on its own; ${REBUILD}`,
    ]]);
  });

  it('three of five restarted: stops until one more is back; one replaced and two restarted: the same, and the replaced one loses its data', () => {
    expect(controlPlane(change(5, restarted('s1', 's2', 's3')))[0]![1]).toBe(`etcd needs 3 of 5 members up and 2 would be: the cluster stops until 1 more is back; ${ROLL}`);
    expect(controlPlane(change(5, [...replaced('s1'), ...restarted('s2', 's3')]))).toEqual([[
      '3 of 5 etcd members stop in one apply: s1 (replaced), s2 (restarts), s3 (restarts)',
      `etcd needs 3 of 5 members up and 2 would be: the cluster stops until 1 more is back, and s1 would lose its etcd data; ${REBUILD}`,
    ]]);
  });

  it('four of five restarted: stops until 2 more are back', () => {
    expect(controlPlane(change(5, restarted('s1', 's2', 's3', 's4')))[0]![1]).toBe(`etcd needs 3 of 5 members up and 1 would be: the cluster stops until 2 more are back; ${ROLL}`);
  });

  it('a server removed counts among those that lose their data; one of three removed alone is no danger', () => {
    expect(controlPlane(change(3, [], true, ['s1', 's2']))).toEqual([]);
    const LEFT = '(counting the base tree\'s 3 members: a removed server that left etcd first, Day 2 "A server is removed", is none)';
    expect(controlPlane(change(3, restarted('s1'), true, ['s1', 's2']))).toEqual([[
      `2 of 3 etcd members stop in one apply ${LEFT}: s1 (restarts), s3 (removed)`,
      'etcd needs 2 of 3 members up and 1 would be: the cluster stops until 1 more is back, and s3 would lose its etcd data; apply it one server at a time (bootstrap/README.md, Day 2 "A server is removed")',
    ]]);
    // A replacement beside the removal: the rebuild is the section to follow.
    expect(controlPlane(change(3, replaced('s1'), true, ['s1', 's2']))).toEqual([[
      `2 of 3 etcd members stop in one apply ${LEFT}: s1 (replaced), s3 (removed)`,
      `etcd needs 2 of 3 members up and 1 would be; s1 and s3 would lose their etcd data, so 1 of 3 would keep it, fewer than 2: the cluster would not come back on its own; ${REBUILD}`,
    ]]);
  });

  it('a domain replaced over the OS disk it keeps stops its member; no sentence says it loses its data', () => {
    expect(controlPlane(change(3, [domain('s1', 'replace'), domain('s3', 'replace')]))).toEqual([[
      '2 of 3 etcd members stop in one apply: s1 (replaced), s3 (replaced)',
      `etcd needs 2 of 3 members up and 1 would be: the cluster stops until 1 more is back; ${REBUILD}`,
    ]]);
  });

  it('a domain the apply destroys and never creates again is a danger even alone, and no order of servers is offered', () => {
    expect(controlPlane(change(3, [cut('s2')]))).toEqual([[
      '1 of 3 etcd members stop in one apply: s2 (destroyed and not created again)',
      '2 of 3 stay up and etcd needs 2: one more failure during the apply stops the cluster; the apply fails at libvirt_volume.os["s2"] before it creates s2 again, whatever the order of servers: take that change out (plan-fails)',
    ]]);
    expect(controlPlane(change(3, [cut('s1'), cut('s2'), cut('s3')]))).toEqual([[
      '3 of 3 etcd members stop in one apply: s1 (destroyed and not created again), s2 (destroyed and not created again), s3 (destroyed and not created again)',
      'etcd needs 2 of 3 members up and 0 would be: the cluster stops until 2 more are back; the apply fails at libvirt_volume.os["s1"], libvirt_volume.os["s2"] and libvirt_volume.os["s3"] before it creates s1, s2 and s3 again, whatever the order of servers: take that change out (plan-fails)',
    ]]);
  });

  it('a server that restarts and is replaced counts once, as replaced', () => {
    expect(controlPlane(change(3, [...restarted('s1'), ...replaced('s1', 's2')]))[0]![0]).toBe('2 of 3 etcd members stop in one apply: s1 (replaced), s2 (replaced)');
  });
});

describe('the founder danger', () => {
  const founder = (vm: readonly TfChange[]) => dangers({ ...change(3, vm), founder: 's1' }).filter((d) => d.code === 'founder').map((d) => d.what);

  it('is raised when the founder is rebuilt with its OS disk, never for a domain whose disk stays (its data dir, and cluster, with it)', () => {
    expect(founder(replaced('s1'))).toEqual(['s1, the founder (cluster-init), is rebuilt']);
    expect(founder([domain('s1', 'replace')])).toEqual([]);
    expect(founder([cut('s1')])).toEqual([]);
  });
});

describe('the data-volume danger', () => {
  const volume: TfChange = { address: 'libvirt_volume.data["s1"]', type: 'libvirt_volume', action: 'replace', attributes: [], reason: 'size forces replacement' };
  const release = { id: 'HelmRelease/longhorn-system/longhorn', kind: 'HelmRelease', namespace: 'longhorn-system', name: 'longhorn', layer: 'platform', file: 'x', doc: {} };
  const why = (base: EnvironmentChange['base']) => dangers({ ...change(3, [volume]), base }).filter((d) => d.code === 'data-volume').map((d) => d.why);

  it("names Longhorn's replicas only where the base tree installs Longhorn", () => {
    expect(why(new Map([[release.id, release]]))).toEqual(["it holds the node's Longhorn replicas (size forces replacement)"]);
    expect(why(new Map())).toEqual(['it holds what the node keeps on its data disk (size forces replacement)']);
  });
});
