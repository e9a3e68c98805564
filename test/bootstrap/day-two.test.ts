import { describe, expect, it } from 'vitest';
import { dayTwoNotes, serverChanges } from '../../src/bootstrap/day-two';
import { resolve } from '../../src/model/resolve';
import { renderEnvironment } from '../../src/synth/render';
import type { EnvironmentSpec } from '../../src/model/environment';
import { dev } from '../fixtures/fleet/dev';
import { fiveServersTwoPlanned, modify } from '../fixtures/environments';

const tree = (spec: EnvironmentSpec) => renderEnvironment(resolve(spec));
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
      'five-4 joins: run its Join step alone (bash run.sh --list); k3s adds its etcd member',
      'five-5 joins: run its Join step alone (bash run.sh --list); k3s adds its etcd member',
    ]);
    const gone = notes(racked, modify(racked, (e) => { e.nodes.splice(4, 1); }));
    expect(gone).toContain('five-5 leaves: drain it and delete its Node (k3s removes its etcd member) first; one server at a time');
  });
});
