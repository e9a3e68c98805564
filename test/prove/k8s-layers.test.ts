import { describe, expect, it } from 'vitest';
import { allReady, layerRows, layersOf, snapshotOf } from '../../prove/k8s/layers';
import type { Layer, Snapshot } from '../../prove/k8s/layers';

// The Kubernetes half's order check: a layer agrees with the tree only when it ends Ready and was
// never seen applying or Ready while a layer it depends on was not Ready.

const layers: Layer[] = [
  { namespace: 'flux-system', name: 'apps', dependsOn: ['flux-system/platform'], fromFleet: true },
  { namespace: 'flux-system', name: 'platform', dependsOn: [], fromFleet: true },
];

const snap = (at: number, states: Record<string, [boolean, number]>, revision = 'main@sha1:abc'): Snapshot => ({
  at,
  layers: new Map(Object.entries(states).map(([id, [ready, applied]]) => [id, { ready, applied, message: ready ? 'Applied' : 'dependency not ready', revision }])),
});

describe('the layers of a tree against what kustomize-controller did', () => {
  it('reads the Kustomizations of a tree with their dependsOn, leaving kustomize\'s own files out', () => {
    const objects = [
      { apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', metadata: { name: 'apps', namespace: 'flux-system' }, spec: { dependsOn: [{ name: 'platform' }], sourceRef: { kind: 'GitRepository', name: 'flux-system' } } },
      { apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', metadata: { name: 'crds', namespace: 'flux-system' }, spec: { sourceRef: { kind: 'GitRepository', name: 'gateway-api' } } },
      { apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources: ['a.yaml'] },
    ];
    expect(layersOf(objects)).toEqual([
      { namespace: 'flux-system', name: 'apps', dependsOn: ['flux-system/platform'], fromFleet: true },
      { namespace: 'flux-system', name: 'crds', dependsOn: [], fromFleet: false },
    ]);
  });

  it('agrees when each layer turns Ready after the ones it depends on', () => {
    const timeline = [
      snap(0, { 'flux-system/platform': [false, 0], 'flux-system/apps': [false, 0] }),
      snap(2000, { 'flux-system/platform': [true, 5], 'flux-system/apps': [false, 0] }),
      snap(4000, { 'flux-system/platform': [true, 5], 'flux-system/apps': [true, 3] }),
    ];
    const rows = layerRows(layers, timeline);
    expect(rows.map((r) => [r.address, r.predicted, r.real, r.agrees])).toEqual([
      ['Kustomization/flux-system/apps', 'Ready after platform', 'Ready at 4 s, after platform (2 s)', true],
      ['Kustomization/flux-system/platform', 'Ready', 'Ready at 2 s', true],
    ]);
  });

  it('fails when a layer applies objects before a layer it depends on is Ready', () => {
    const timeline = [
      snap(0, { 'flux-system/platform': [false, 0], 'flux-system/apps': [false, 2] }),
      snap(2000, { 'flux-system/platform': [true, 5], 'flux-system/apps': [true, 3] }),
    ];
    const apps = layerRows(layers, timeline)[0]!;
    expect(apps.agrees).toBe(false);
    expect(apps.note).toBe('applied or Ready at 0 s before flux-system/platform');
  });

  it('fails when a layer never turns Ready, and says the controller\'s last message', () => {
    const timeline = [snap(0, { 'flux-system/platform': [true, 5], 'flux-system/apps': [false, 0] })];
    const apps = layerRows(layers, timeline)[0]!;
    expect(apps).toMatchObject({ agrees: false, real: 'not Ready (dependency not ready)' });
  });

  it('after day 0, agrees while a layer stays Ready at the old commit as its dependency applies the new one', () => {
    const timeline = [
      snap(0, { 'flux-system/platform': [true, 5], 'flux-system/apps': [true, 3] }, 'main@sha1:old'),
      { at: 2000, layers: new Map([['flux-system/platform', { ready: true, applied: 5, message: 'Applied', revision: 'main@sha1:new' }], ['flux-system/apps', { ready: true, applied: 3, message: 'Applied', revision: 'main@sha1:old' }]]) },
      snap(4000, { 'flux-system/platform': [true, 5], 'flux-system/apps': [true, 2] }, 'main@sha1:new'),
    ];
    expect(layerRows(layers, timeline, 'new').map((r) => [r.real, r.agrees])).toEqual([
      ['Ready at 4 s, after platform (2 s)', true],
      ['Ready at 2 s', true],
    ]);
  });

  it('fails when, after day 0, a layer applies the new commit before its dependency has', () => {
    const timeline = [
      { at: 0, layers: new Map([['flux-system/platform', { ready: false, applied: 5, message: 'Reconciliation in progress', revision: 'main@sha1:old' }], ['flux-system/apps', { ready: true, applied: 3, message: 'Applied', revision: 'main@sha1:new' }]]) },
      snap(2000, { 'flux-system/platform': [true, 5], 'flux-system/apps': [true, 2] }, 'main@sha1:new'),
    ];
    expect(layerRows(layers, timeline, 'new')[0]).toMatchObject({ agrees: false, note: 'at the commit at 0 s before flux-system/platform' });
  });

  it('waits for the revision of the commit it published', () => {
    const s = snap(0, { 'flux-system/platform': [true, 1], 'flux-system/apps': [true, 1] }, 'main@sha1:old');
    expect(allReady(layers, s)).toBe(true);
    expect(allReady(layers, s, 'new')).toBe(false);
    // A layer built from another repository (the Gateway API's) is at that repository's revision.
    expect(allReady(layers.map((l) => ({ ...l, fromFleet: false })), s, 'new')).toBe(true);
  });

  it('reads a snapshot from kubectl\'s list', () => {
    const list = { items: [{ metadata: { namespace: 'flux-system', name: 'apps' }, status: { lastAppliedRevision: 'main@sha1:abc', conditions: [{ type: 'Ready', status: 'True', message: 'Applied revision' }], inventory: { entries: [{ id: 'a' }, { id: 'b' }] } } }] };
    expect(snapshotOf(list, 7).layers.get('flux-system/apps')).toEqual({ ready: true, applied: 2, message: 'Applied revision', revision: 'main@sha1:abc' });
  });
});
