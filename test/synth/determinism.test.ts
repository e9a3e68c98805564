import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { fleet as environments } from '../fixtures/fleet';
import { plan } from '../../src/synth/plan';
import { synthesize } from '../../src/synth/render';
import { fiveServersTwoPlanned, singleServer, threeServers } from '../fixtures/environments';

const all = [...environments, singleServer, threeServers, fiveServersTwoPlanned];

describe('determinism', () => {
  it('gives byte-identical files when synthesizing twice', () => {
    for (const spec of all) {
      expect([...synthesize(spec).files]).toEqual([...synthesize(spec).files]);
    }
  });

  it('does not depend on the order environments are listed in', () => {
    const root = os.tmpdir() + '/no-such-repo';
    const forward = plan(root, all).environments.map((e) => [e.name, [...e.next]]);
    const backward = plan(root, [...all].reverse()).environments.map((e) => [e.name, [...e.next]]);
    expect(backward).toEqual(forward);
  });

  it('writes LF, one trailing newline, and no timestamp or machine path', () => {
    const machinePaths = [process.cwd(), os.homedir(), os.tmpdir()].filter((p) => p.length > 1);
    for (const spec of all) {
      for (const [path, content] of synthesize(spec).files) {
        expect(content, path).not.toContain('\r');
        expect(content.endsWith('\n') && !content.endsWith('\n\n'), path).toBe(true);
        expect(content, path).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
        for (const machinePath of machinePaths) expect(content, path).not.toContain(machinePath);
      }
    }
  });

  it('lists files in sorted order', () => {
    const paths = [...synthesize(threeServers).files.keys()];
    expect(paths).toEqual([...paths].sort());
  });
});
