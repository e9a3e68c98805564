import { describe, expect, it } from 'vitest';
import { check } from '../../../src/check/run';
import { dependOn, withAction } from '../../../src/model/invariants/flux';
import { resolve } from '../../../src/model/resolve';
import { fiveServersTwoPlanned, modify, threeServers } from '../../fixtures/environments';
import { codes, expectOnly } from '../../fixtures/expect';

describe('flux invariants', () => {
  it('fails when dependsOn names an unknown layer', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.flux.layers[1]!.dependsOn = ['platfrom']; }), 'flux.unknown-dependency');
    expect(v).toMatchObject({ path: 'fixture.flux.layers[1].dependsOn[0]', value: 'platfrom' });
    // Not apps itself: a layer depending on itself is a cycle.
    expect(v!.fix).toBe('use one of: platform, gateway-api, network, or remove it');
    expect(v!.action).toEqual({ unset: 'flux.layers[1].dependsOn[0]' });
  });

  it('fails when layers depend on each other in a cycle', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.flux.layers[0]!.dependsOn = ['apps']; }), 'flux.dependency-cycle');
    expect(v!.value).toBe('platform -> apps -> network -> platform');
  });

  it('finds a longer cycle', () => {
    const [v] = expectOnly(modify(fiveServersTwoPlanned, (e) => { e.flux.layers[0]!.dependsOn = ['apps']; }), 'flux.dependency-cycle');
    expect(v!.value).toBe('infra -> apps -> platform -> infra');
  });

  it('fails when a layer depends on itself', () => {
    expectOnly(modify(threeServers, (e) => { e.flux.layers[0]!.dependsOn = ['platform']; }), 'flux.dependency-cycle');
  });

  it('fails when a layer is declared twice', () => {
    expectOnly(modify(threeServers, (e) => { e.flux.layers.push({ name: 'apps' }); }), 'flux.duplicate-layer');
  });

  it('fails when a layer name cannot be a folder', () => {
    expectOnly(modify(threeServers, (e) => { e.flux.layers.push({ name: 'Apps 2' }); }), 'flux.invalid-layer-name');
  });

  it.each(['https://git.example.com/ops/fleet.git', 'ssh://git@forge.example.org/ops/fleet.git', 'https://git.example/ops/x.git', 'https://fleet.invalid/x.git'])('warns while the Git URL %s is on a reserved example domain', (url) => {
    const v = check(modify(threeServers, (e) => { e.flux.url = url; })).find((x) => x.code === 'flux.placeholder-url');
    expect(v).toMatchObject({ severity: 'warning', path: 'fixture.flux.url', value: url });
  });

  it('takes a real forge, even one whose name contains "example"', () => {
    expect(codes(modify(threeServers, (e) => { e.flux.url = 'https://examples.home.arpa/ops/fleet.git'; }))).toEqual([]);
    expect(codes(modify(threeServers, (e) => { e.flux.url = 'https://git.myexample.com/ops/fleet.git'; }))).toEqual([]);
  });

  it('fails when an interval is not a duration', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.flux.layers[0]!.interval = '10 minutes'; }), 'flux.invalid-interval');
    expect(v!.path).toBe('fixture.flux.layers[0].interval');
  });

  it('fails when Cilium is placed in a layer that does not exist, once for the field, proposing only layers component.layer-order accepts', () => {
    const [v, ...more] = expectOnly(modify(threeServers, (e) => { e.cilium = { layer: 'infra' }; }), 'flux.layer-missing');
    expect(more).toEqual([]);
    expect(v!.message).toBe('cilium and cert-manager go into layer infra, which the environment does not declare');
    // apps, gateway-api and network come after what Cilium needs first only in name: component.layer-order refuses them.
    expect(v!.fix).toBe('add a layer named infra to flux.layers, or set cilium.layer to one of: platform');
    expect(v!.action).toEqual({ set: 'cilium.layer', to: 'platform' });
    for (const layer of ['apps', 'gateway-api', 'network']) expect(codes(modify(threeServers, (e) => { e.cilium = { layer }; }))).toContain('component.layer-order');
  });

  it('fails when the Git URL is not a clone URL', () => {
    expectOnly(modify(threeServers, (e) => { e.flux.url = 'git.fixture.test:ops/fleet'; }), 'flux.invalid-url');
  });

  it('proposes the ssh:// form of an scp-like address, and judges no pull Secret by it', () => {
    const spec = modify(threeServers, (e) => {
      e.flux.url = 'git@git.fixture.test:ops/fleet.git';
      e.flux.pullSecret = 'git-auth';
      e.secrets = [{ namespace: 'flux-system', name: 'git-auth', keys: ['identity', 'known_hosts'] }];
    });
    const found = check(spec);
    expect(found.map((v) => v.code)).not.toContain('flux.pull-secret-keys');
    expect(found.find((v) => v.code === 'flux.invalid-url')!.fix).toBe('write it as an ssh:// URL, ssh://git@git.fixture.test/ops/fleet.git, with flux.pullSecret holding identity and known_hosts');
  });

  it('fails when the environment name cannot be a folder', () => {
    expectOnly(modify(threeServers, (e) => { e.name = 'Fixture'; }), 'environment.invalid-name');
  });

  it('names the layer where the cycle starts, and finds a cycle behind an acyclic first dependency', () => {
    const spec = modify(fiveServersTwoPlanned, (e) => { e.flux.layers[1]!.dependsOn = ['infra', 'apps']; });
    const [v] = expectOnly(spec, 'flux.dependency-cycle');
    expect(v).toMatchObject({ path: 'five.flux.layers[1].dependsOn', value: 'platform -> apps -> platform' });
  });
});

describe('dependOn: the fix that adds a dependency to a layer', () => {
  const env = resolve(modify(threeServers, (e) => { e.flux.layers = [{ name: 'crds' }, { name: 'platform', dependsOn: ['crds'] }, { name: 'apps', dependsOn: ['platform'] }, { name: 'extra' }]; }));

  it("sets the named layer's own dependsOn, its list kept and the layer added last", () => {
    expect(dependOn(env, 'apps', 'extra')).toEqual({ set: 'flux.layers[2].dependsOn', to: ['platform', 'extra'] });
    expect(dependOn(env, 'extra', 'crds')).toEqual({ set: 'flux.layers[3].dependsOn', to: ['crds'] });
  });

  it('proposes nothing where the dependency would close a cycle', () => {
    expect(dependOn(env, 'crds', 'apps')).toBeUndefined();
    expect(dependOn(env, 'crds', 'crds')).toBeUndefined();
  });

  it('proposes nothing where the layer or the dependency is not declared', () => {
    expect(dependOn(env, 'infra', 'crds')).toBeUndefined();
    expect(dependOn(env, 'extra', 'infra')).toBeUndefined();
  });

  it('spreads into a finding as an action only where there is one', () => {
    expect(withAction(undefined)).toEqual({});
    expect(withAction(undefined)).not.toHaveProperty('action');
    expect(withAction({ unset: 'x' })).toEqual({ action: { unset: 'x' } });
  });
});
