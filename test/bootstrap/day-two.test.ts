import { describe, expect, it } from 'vitest';
import { dayTwoNotes, joinStepOf, joinStepWords, k3sPin, serverChanges, skippedMinors } from '../../src/bootstrap/day-two';
import { renderEnvironment } from '../../src/synth/render';
import type { EnvironmentSpec } from '../../src/model/environment';
import { dev } from '../fixtures/fleet/dev';
import { runbookSteps } from '../../src/bootstrap/steps';
import { mgmt } from '../fixtures/fleet/mgmt';
import { prod } from '../fixtures/fleet/prod';
import { fiveServersTwoPlanned, modify, singleServer, resolveK3s } from '../fixtures/environments';

const tree = (spec: EnvironmentSpec) => renderEnvironment(resolveK3s(spec));
const notes = (before: EnvironmentSpec, after: EnvironmentSpec) => dayTwoNotes(tree(before), tree(after));

describe('day-2 notes from a change of the servers', () => {
  it('says nothing on a first synth or when no server config changes', () => {
    expect(dayTwoNotes(new Map(), tree(dev))).toEqual([]);
    expect(notes(dev, modify(dev, (e) => { e.flux.interval = '5m'; }))).toEqual([]);
  });

  it('restarts every server whose config changed, one at a time, the founder last, naming the keys', () => {
    const realm = modify(dev, (e) => { e.k3s.oidc = { realm: 'other' }; });
    expect(serverChanges(tree(dev), tree(realm)).restart.map((s) => s.name)).toEqual(['k3s-dev-2', 'k3s-dev-3', 'k3s-dev-1']);
    expect(notes(dev, realm)).toEqual([
      'k3s config changed on k3s-dev-2 (kube-apiserver-arg), k3s-dev-3 (kube-apiserver-arg), k3s-dev-1 (kube-apiserver-arg): restart k3s one server at a time in this order, each Ready before the next (bootstrap/README.md, Day 2)',
    ]);
  });

  it('names a server that goes live (and restarts nobody: planned IPs are in every SAN list) and one that leaves', () => {
    const racked = modify(fiveServersTwoPlanned, (e) => { e.nodes[3]!.state = 'live'; e.nodes[4]!.state = 'live'; });
    expect(notes(fiveServersTwoPlanned, racked)).toEqual([
      'five-4 joins: run step 8 "Join five-4 (172.16.5.24)" (bash run.sh --only 8); k3s adds its etcd member',
      'five-5 joins: run step 9 "Join five-5 (172.16.5.25)" (bash run.sh --only 9); k3s adds its etcd member',
    ]);
    const gone = notes(racked, modify(racked, (e) => { e.nodes.splice(4, 1); }));
    expect(gone).toContain('five-5 leaves: drain it and delete its Node (k3s removes its etcd member) first; one server at a time');
  });
});

describe("day-2 notes of a server's new address and of a k3s bump", () => {
  const readdress = (spec: EnvironmentSpec, i: number, ip: string) => modify(spec, (e) => { e.nodes[i]!.ip = ip; });
  const ADDRESS = 'bootstrap/README.md, Day 2 "A server\'s address changes"';

  it('rebuilds a server whose address changes instead of restarting it; the others restart for their SANs only', () => {
    const moved = readdress(dev, 1, '192.168.1.61');
    const changes = serverChanges(tree(dev), tree(moved));
    expect(changes.readdressed).toEqual([{ name: 'k3s-dev-2', from: '192.168.1.51', to: '192.168.1.61' }]);
    expect(changes.restart).toEqual([{ name: 'k3s-dev-3', keys: ['tls-san'] }, { name: 'k3s-dev-1', keys: ['tls-san'] }]);
    expect(notes(dev, moved)).toEqual([
      'k3s config changed on k3s-dev-3 (tls-san), k3s-dev-1 (tls-san): restart k3s one server at a time in this order, each Ready before the next (bootstrap/README.md, Day 2)',
      `k3s-dev-2's address 192.168.1.51 -> 192.168.1.61: a rebuild, not a restart (the host keeps 192.168.1.51 until then, and its etcd member's peer URL names it): drain it, stop k3s on it, delete its Node (k3s removes its etcd member), rebuild its VM, then run step 8 "Join k3s-dev-2 (192.168.1.61)" (bash run.sh --only 8) (${ADDRESS})`,
    ]);
  });

  it("names the founder's own case: it runs cluster-init, so another server becomes the founder first", () => {
    expect(notes(dev, readdress(dev, 0, '192.168.1.60')).at(-1)).toBe(
      `k3s-dev-1's address 192.168.1.50 -> 192.168.1.60: a rebuild, not a restart (the host keeps 192.168.1.50 until then, and its etcd member's peer URL names it): drain it, stop k3s on it, delete its Node (k3s removes its etcd member), rebuild its VM, then run its step in the runbook (bash run.sh --list numbers them) (${ADDRESS}); k3s-dev-1 runs cluster-init: make another live server the founder first (founder: true, synth, commit, restart)`,
    );
  });

  it('re-addresses the only server in place (a rebuild would lose the datastore), on etcd with a cluster reset', () => {
    expect(notes(prod, readdress(prod, 0, '192.168.2.30'))).toEqual([
      "k3s-prod-1's address 192.168.2.10 -> 192.168.2.30: the only server; a rebuild would take the cluster's datastore with its disk and a restart starts k3s on an address the host does not have: give the host its new address in place first (its network config), then start k3s once with `--cluster-reset`, which rewrites its etcd member's peer URL, and then as a service with the new config.yaml",
    ]);
    expect(notes(mgmt as EnvironmentSpec, readdress(mgmt as EnvironmentSpec, 0, '192.168.4.22'))[0]).toMatch(/in place first \(its network config\), then restart k3s with the new config\.yaml$/);
  });

  it('fails when a k3s bump goes unnamed: the notes send the operator to the rolling upgrade', () => {
    const bumped = modify(dev, (e) => { e.k3s.version = 'v1.37.1+k3s1'; });
    expect(k3sPin(tree(dev))).toBe('v1.36.4+k3s1');
    expect(notes(dev, bumped)).toEqual([
      'k3s v1.36.4+k3s1 -> v1.37.1+k3s1: the install line changes, no running server does; upgrade every server to it one at a time, before any server joins or is rebuilt (bootstrap/README.md, Day 2 "Upgrade k3s to the pinned release")',
    ]);
  });

  it('counts the Kubernetes minors a bump skips: none for a patch, the next minor or a downgrade', () => {
    expect(skippedMinors('v1.35.8+k3s1', 'v1.38.0+k3s1')).toEqual(['1.36', '1.37']);
    expect(skippedMinors('v1.36.4+k3s1', 'v1.37.0+k3s1')).toEqual([]);
    expect(skippedMinors('v1.36.4+k3s1', 'v1.36.5+k3s2')).toEqual([]);
    expect(skippedMinors('v1.37.0+k3s1', 'v1.35.8+k3s1')).toEqual([]);
  });
});

describe('day-2 notes and runbook sections say what the datastore and the counts are', () => {
  const mgmtSpec = mgmt as EnvironmentSpec;
  const restartNote = (spec: EnvironmentSpec) => runbookSteps(resolveK3s(spec)).dayTwo.find((s) => s.title.startsWith("A server's k3s config changed"))!.notes[0];
  const titles = (spec: EnvironmentSpec) => runbookSteps(resolveK3s(spec)).dayTwo.map((s) => s.title);
  const BASE = 'k3s reads `config.yaml` only when it starts. After the commit, restart the servers whose `nodes/<server>/config.yaml` changed, one at a time, in this order, each Ready before the next';

  it('a server leaving sqlite names no etcd member; one joining an etcd tree does; a founder that leaves joins nobody', () => {
    const renamed = modify(mgmtSpec, (e) => { e.nodes[0]!.name = 'lab-mgmt-2'; });
    expect(notes(mgmtSpec, renamed)).toEqual([
      'lab-mgmt-2 joins: run its step in the runbook (bash run.sh --list numbers them)',
      'lab-mgmt leaves: drain it and delete its Node first; one server at a time',
    ]);
    const onEtcd = modify(singleServer, (e) => { e.nodes[0]!.name = 'solo-2'; });
    expect(notes(singleServer, onEtcd)).toEqual([
      'solo-2 joins: run its step in the runbook (bash run.sh --list numbers them); k3s adds its etcd member',
      'solo leaves: drain it and delete its Node (k3s removes its etcd member) first; one server at a time',
    ]);
  });

  it('the restart section states the quorum only where there is one: not for one server on sqlite, nor one on etcd', () => {
    expect(restartNote(mgmtSpec)).toBe(`${BASE}.`);
    expect(restartNote(singleServer)).toBe(`${BASE}.`);
    expect(restartNote(dev)).toBe(`${BASE}: etcd needs 2 of its 3 members up, so restarting more than 1 server at once stops the cluster.`);
    const five = modify(fiveServersTwoPlanned, (e) => { e.nodes[3]!.state = 'live'; e.nodes[4]!.state = 'live'; });
    expect(restartNote(five)).toBe(`${BASE}: etcd needs 3 of its 5 members up, so restarting more than 2 servers at once stops the cluster.`);
  });

  it('adds and removes servers only on etcd, and removes one only where there are others; the removal counts the quorum it needs', () => {
    expect(titles(mgmtSpec)).not.toContain('A server is added');
    expect(titles(mgmtSpec)).not.toContain('A server is removed');
    expect(titles(singleServer)).toContain('A server is added');
    expect(titles(singleServer)).not.toContain('A server is removed');
    const removal = (spec: EnvironmentSpec) => runbookSteps(resolveK3s(spec)).dayTwo.find((s) => s.title === 'A server is removed')!.notes[0];
    expect(removal(dev)).toBe("Drain it, delete its Node (k3s removes its etcd member), uninstall k3s on it. The rules refuse an even number of live servers, so from 3 go to 1: take two servers out this way, one after the other (etcd commits each removal with a quorum of the members left: 2 of 3, then 2 of 2), then remove both from the environment and synth. A VM's data disk is protected: set `protectData: false` for that one change.");
    const five = modify(fiveServersTwoPlanned, (e) => { e.nodes[3]!.state = 'live'; e.nodes[4]!.state = 'live'; });
    expect(removal(five)).toContain('from 5 go to 3: take two servers out this way, one after the other (etcd commits each removal with a quorum of the members left: 3 of 5, then 3 of 4)');
  });

  it('the VM section names Longhorn copying replicas back only where Longhorn runs', () => {
    const adopted = (longhorn: boolean) => modify(dev, (e: any) => {
      e.infrastructure.adopt = { domains: { 'k3s-dev-2': { uuid: '0f0e0d0c-0b0a-4908-8706-050403020102', osDisk: '/srv/a.qcow2', dataDisk: '/srv/b.qcow2' } } };
      if (!longhorn) delete e.longhorn;
    });
    const note = (spec: EnvironmentSpec) => runbookSteps(resolveK3s(spec)).dayTwo.find((s) => s.title.startsWith('Take a server out of adoption'))?.notes[0];
    expect(note(adopted(true))).toContain("a new data disk (Longhorn copies the node's replicas back from the others), then its Join step.");
    expect(note(adopted(false))).toContain('a new data disk, then its Join step.');
  });
});

describe("a note names a server's Join step as the runbook prints it", () => {
  it('fails when a join note says "its Join step" where the runbook numbers it: the number, the title and the line that runs it alone', () => {
    const racked = modify(fiveServersTwoPlanned, (e) => { e.nodes[3]!.state = 'live'; });
    const head = tree(racked);
    expect(head.get('bootstrap/README.md')).toContain('\n## 8. Join five-4 (172.16.5.24)\n');
    expect(joinStepOf(head, 'five-4')).toEqual({ number: 8, title: 'Join five-4 (172.16.5.24)' });
    expect(joinStepWords(head, 'five-4')).toBe('step 8 "Join five-4 (172.16.5.24)" (bash run.sh --only 8)');
    // The founder, and a name the runbook does not hold, have none.
    expect(joinStepOf(head, 'five-2')).toBeUndefined();
    expect(joinStepOf(head, 'five')).toBeUndefined();
    expect(joinStepWords(new Map(), 'five-4')).toBe('its step in the runbook (bash run.sh --list numbers them)');
  });
});
