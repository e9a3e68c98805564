import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALLOWED_UP, LAYERS, importGraph, layerOf, upwardImports } from './layers';

const src = path.resolve(import.meta.dirname, '../../src');
const graph = importGraph(src);

describe('the layers of src/', () => {
  it('hold every folder of src/ and the modules at its root', () => {
    const rooms = fs.readdirSync(src, { withFileTypes: true }).map((e) => e.name.replace(/\.ts$/, ''));
    expect(LAYERS.map(([folder]) => folder).sort()).toEqual(rooms.sort());
  });

  it('are imported only downwards', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('read every kind of import: static, type-only, re-exported and dynamic', () => {
    const from = (file: string) => graph.filter((i) => i.file === file).map((i) => i.target);
    expect(from('cli/main')).toContain('validate/main'); // import('../validate/main')
    expect(from('k8s/verify-inspector')).toContain('model/inspector-account'); // import type
    expect(from('model/environment')).toContain('components/cilium/settings'); // export type … from
  });

  it('allow an upward import only where it still stands', () => {
    for (const [from, to] of ALLOWED_UP) expect(graph.some((i) => i.file === from && i.target === to), `${from} → ${to}`).toBe(true);
  });

  it("place a component's settings in the model's layer", () => {
    expect(layerOf('components/longhorn/settings')).toBe('model');
    expect(layerOf('components/longhorn/chart')).toBe('components');
  });

  it('fails when a module imports from a layer above its own, naming the file and the import', () => {
    const fixture = [
      { file: 'k8s/verify-inspector', spec: '../verify/inspector-account', target: 'verify/inspector-account' },
      { file: 'k8s/cluster', spec: './flux-layer', target: 'k8s/flux-layer' },
      { file: 'synth/render', spec: '../k8s/render', target: 'k8s/render' },
    ];
    expect(upwardImports(fixture)).toEqual(["src/k8s/verify-inspector.ts imports '../verify/inspector-account' (k8s → verify)"]);
  });

  it('fails when a folder has no place in the layers', () => {
    const fixture = [{ file: 'plugins/loader', spec: '../model/resolve', target: 'model/resolve' }];
    expect(upwardImports(fixture)).toEqual(["src/plugins/loader.ts imports '../model/resolve' (plugins → model)"]);
  });
});
