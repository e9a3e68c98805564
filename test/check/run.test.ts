import { describe, expect, it } from 'vitest';
import { runChecks } from '../../src/check/run';
import { AppConstructError } from '../../src/k8s/app-chart';
import type { EnvironmentSpec } from '../../src/model/environment';
import { renderEnvironment } from '../../src/synth/render';
import { resolve } from '../../src/model/resolve';
import { plan } from '../../src/synth/plan';
import { modify, threeServers } from '../fixtures/environments';

const other = modify(threeServers, (e) => {
  e.name = 'other';
  e.network = { subnet: '10.40.0.0/24', gateway: '10.40.0.1', dns: ['10.40.0.1'] };
  e.nodes = e.nodes.map((n, i) => ({ ...n, name: `o-${i}`, ip: `10.40.0.1${i}` }));
  e.controlPlane.vip = '10.40.0.10';
  e.ingressVip = '10.40.0.30';
});
const misspelt = { ...threeServers, name: 'typo', nmae: 'x' } as unknown as EnvironmentSpec;

describe('runChecks, the one entry point', () => {
  it('reports two environments of one name once, at the fleet, naming the folder both would write', () => {
    const { fleet } = runChecks({ specs: [threeServers, threeServers] });
    // The fleet's rules see the two as two environments too (their nodes clash); the name is reported once.
    expect(fleet.filter((v) => v.code === 'environment.duplicate-name')).toEqual([
      { code: 'environment.duplicate-name', severity: 'error', path: 'fixture.name', value: 'fixture', message: 'two environments are named fixture; both would write clusters/fixture/', fix: 'give each environment its own name' },
    ]);
    expect(runChecks({ specs: [threeServers, other] }).fleet).toEqual([]);
  });

  it("checks an unselected environment's shape at the fleet, and a selected one's at the environment, never both", () => {
    const outcome = runChecks({ specs: [misspelt, other], selected: [other] });
    expect(outcome.fleet.map((v) => [v.code, v.path])).toEqual([['spec.unknown-field', 'typo.nmae']]);
    expect(outcome.environments.map((e) => e.name)).toEqual(['other']);
    const selected = runChecks({ specs: [misspelt, other], selected: [misspelt] });
    expect(selected.fleet).toEqual([]);
    expect(selected.environments[0]!.violations.map((v) => v.code)).toEqual(['spec.unknown-field']);
    // A selected spec the list does not hold is still checked at the boundary.
    expect(runChecks({ specs: [], selected: [misspelt] }).environments[0]!.violations.map((v) => v.code)).toEqual(['spec.unknown-field']);
  });

  it('hands on every well-typed spec resolved against the fleet, selected or not, so no caller resolves it again', () => {
    const outcome = runChecks({ specs: [misspelt, threeServers, other], selected: [other] });
    // The misspelt spec is not well typed: it resolves to nothing.
    expect([...outcome.resolved.keys()]).toEqual([threeServers, other]);
    expect(outcome.resolved.get(threeServers)).toEqual(resolve(threeServers, [threeServers, other]));
    expect(outcome.resolved.get(other)).toEqual(resolve(other, [threeServers, other]));
    // A plan (synth, check, diff) passes them on to the root files (.sops.yaml, the README's table).
    expect(plan('/nonexistent', [threeServers, other], { only: ['other'] }).resolved.get(threeServers)).toEqual(resolve(threeServers, [threeServers, other]));
  });

  it("checks the rendered files, with or without what the repository holds", () => {
    const broken = (env: Parameters<typeof renderEnvironment>[0]) => {
      const files = renderEnvironment(env);
      files.set('kubernetes/platform/secret.yaml', 'apiVersion: v1\nkind: Secret\nmetadata: { name: plain, namespace: apps }\n');
      return files;
    };
    const [checked] = runChecks({ specs: [threeServers], render: broken }).environments;
    expect(checked!.violations.map((v) => v.code)).toContain('kubernetes.plaintext-secret');
    expect(checked!.files.size).toBeGreaterThan(0);
  });

  it("names the app whose construct fails while rendering, as an error, and lets any other failure through", () => {
    const spec = modify(threeServers, (e) => { e.apps = [{ name: 'hello', layer: 'apps', construct: () => undefined }]; });
    const failing = () => { throw new AppConstructError([{ app: 'hello', message: 'its construct threw: boom', fix: 'correct the construct' }]); };
    const [checked] = runChecks({ specs: [spec], render: failing }).environments;
    expect(checked!.violations.filter((v) => v.code === 'app.construct-failed')).toEqual([
      { code: 'app.construct-failed', severity: 'error', path: 'fixture.apps[0].construct', value: 'hello', message: 'app hello: its construct threw: boom', fix: 'correct the construct' },
    ]);
    expect(checked!.files.size).toBe(0);
    expect(() => runChecks({ specs: [spec], render: () => { throw new RangeError('a bug of the tool'); } })).toThrow(RangeError);
  });
});
