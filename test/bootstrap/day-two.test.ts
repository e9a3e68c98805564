import { describe, expect, it } from 'vitest';
import { dayTwoNotes } from '../../src/bootstrap/day-two';
import { resolve } from '../../src/model/resolve';
import { renderEnvironment } from '../../src/synth/render';
import type { EnvironmentSpec } from '../../src/model/environment';
import { dev } from '../fixtures/fleet/dev';
import { fiveServersTwoPlanned, modify } from '../fixtures/environments';

const notes = (before: EnvironmentSpec, after: EnvironmentSpec) => dayTwoNotes(resolve(after), renderEnvironment(resolve(before)), renderEnvironment(resolve(after)));

describe('day-2 notes from a change of the servers', () => {
  it('says nothing on a first synth or when no server config changes', () => {
    expect(dayTwoNotes(resolve(dev), new Map(), renderEnvironment(resolve(dev)))).toEqual([]);
    expect(notes(dev, modify(dev, (e) => { e.flux.interval = '5m'; }))).toEqual([]);
  });

  it('restarts every server whose config changed, one at a time, the founder last', () => {
    const realm = modify(dev, (e) => { e.k3s.oidc = { realm: 'other' }; });
    expect(notes(dev, realm)).toEqual([
      'dev: k3s config changed on k3s-dev-2, k3s-dev-3, k3s-dev-1: once merged, copy each config and restart k3s one server at a time, in that order, each Ready before the next (bootstrap/README.md, Day 2)',
    ]);
  });

  it('names a server that goes live (its join, and every SAN list that changed with it) and one that leaves', () => {
    const racked = modify(fiveServersTwoPlanned, (e) => { e.nodes[3]!.state = 'live'; e.nodes[4]!.state = 'live'; });
    const joined = notes(fiveServersTwoPlanned, racked);
    expect(joined.filter((n) => n.includes('is new'))).toEqual([
      'five: five-4 is new: join it alone with its Join step (bash run.sh --list); k3s adds its etcd member',
      'five: five-5 is new: join it alone with its Join step (bash run.sh --list); k3s adds its etcd member',
    ]);
    // Planned servers are in every SAN list from the start: racking them restarts nobody.
    expect(joined.some((n) => n.includes('config changed'))).toBe(false);
    const gone = notes(racked, modify(racked, (e) => { e.nodes.splice(4, 1); }));
    expect(gone).toContain('five: five-5 left the environment: drain it and delete its Node (k3s removes its etcd member) before anything else; one server at a time');
  });
});
