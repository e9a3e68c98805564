import { describe, expect, it } from 'vitest';
import { check } from '../../../src/check/run';
import type { EnvironmentSpec } from '../../../src/model/environment';
import { distinct } from '../../../src/model/duplicates';
import { mgmt } from '../../fixtures/fleet/mgmt';
import { modify, OTHER_AGE_RECIPIENT, singleServer, threeServers } from '../../fixtures/environments';

// Every fix that proposes a list (or names from which one is picked) proposes each name once, and
// applying it makes its violation go away without raising another rule.

const found = (spec: EnvironmentSpec, code: string) => check(spec).filter((v) => v.code === code);
const codesOf = (spec: EnvironmentSpec) => [...new Set(check(spec).filter((v) => v.severity === 'error').map((v) => v.code))].sort();
/** The comma-separated names after `marker` in a fix, up to the end or the next `, or`. */
const proposed = (fix: string, marker: string) => fix.slice(fix.indexOf(marker) + marker.length).replace(/, or .*$/, '').split(', ');

describe('fixes that propose lists', () => {
  it('moved.unknown-node proposes every live node once, and that list moves every node', () => {
    const spec = modify(threeServers, (e: any) => { e.infrastructure.migrateFromCount = ['fx-1', 'fx-1', 'fx-9']; });
    const [v, w] = found(spec, 'moved.unknown-node');
    expect([v!.fix, w!.fix]).toEqual([
      "list each live node once, in the old module's index order; the live nodes: fx-1, fx-2, fx-3",
      "list each live node once, in the old module's index order; the live nodes: fx-1, fx-2, fx-3",
    ]);
    const list = proposed(v!.fix, 'the live nodes: ');
    expect(list).toEqual(distinct(list));
    expect(codesOf(modify(spec, (e: any) => { e.infrastructure.migrateFromCount = list; }))).toEqual([]);
    // Two entries of one name (node.duplicate-name's to report): the list still names it once.
    const twice = modify(spec, (e) => { e.nodes[2]!.name = 'fx-2'; });
    expect(found(twice, 'moved.unknown-node')[0]!.fix).toBe("list each live node once, in the old module's index order; the live nodes: fx-1, fx-2");
  });

  it('flux.unknown-dependency proposes no layer already listed, not the layer itself, none that depends on it; each picked one is valid', () => {
    // platform depends on gateway-api, network on platform; apps depends on network, and now on ghost too.
    const spec = modify(threeServers, (e) => { e.flux.layers[1]!.dependsOn = ['network', 'ghost']; });
    const [v] = found(spec, 'flux.unknown-dependency');
    expect(v!.fix).toBe('use one of: platform, gateway-api, or remove it');
    for (const pick of proposed(v!.fix, 'use one of: ')) {
      const after = codesOf(modify(spec, (e) => { e.flux.layers[1]!.dependsOn = ['network', pick]; }));
      expect(after.filter((c) => c.startsWith('flux.'))).toEqual([]);
    }
    // gateway-api comes first: every other layer depends on it, so only the removal is proposed.
    const first = modify(threeServers, (e) => { e.flux.layers[2]!.dependsOn = ['ghost']; });
    expect(found(first, 'flux.unknown-dependency')[0]!.fix).toBe('remove it: every other layer is listed already or depends on this one');
  });

  it("an app's or a component's missing layer proposes each declared layer once", () => {
    const twice = modify(threeServers, (e) => { e.flux.layers.push({ name: 'apps' }); e.apps = [{ name: 'web', layer: 'nowhere', manifests: 'apps/web' } as any]; });
    expect(found(twice, 'app.layer-missing').map((v) => v.fix)).toEqual(['add a layer named nowhere to flux.layers, or use one of: platform, apps, gateway-api, network']);
    const component = modify(twice, (e) => { e.apps = []; (e as any).longhorn = { layer: 'nowhere' }; });
    expect(found(component, 'flux.layer-missing').map((v) => v.fix)).toEqual(['add a layer named nowhere to flux.layers, or set longhorn.layer to one of: platform, apps, gateway-api, network']);
  });

  it('capi.layer-order never proposes that a layer depend on itself: two parts in one layer get a layer of their own', () => {
    const base = modify(mgmt as EnvironmentSpec, (e) => { e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; });
    const shared = modify(base, (e: any) => { e.clusterApi.layers = { operator: 'cert-manager' }; e.flux.layers = e.flux.layers.filter((l: any) => l.name !== 'capi-operator'); e.flux.layers.find((l: any) => l.name === 'capi-providers').dependsOn = ['cert-manager']; });
    const [v] = found(shared, 'capi.layer-order');
    expect([v!.path, v!.value, v!.message, v!.fix]).toEqual([
      'mgmt.clusterApi.layers.operator', 'cert-manager',
      'the operator shares layer cert-manager with cert-manager: the operator starts before cert-manager can issue its webhook certificate',
      'give the operator a layer of its own that depends on cert-manager',
    ]);
    expect(codesOf(base)).toEqual([]);
  });

  it('handover.secret-undeclared lists each declared Secret once, and naming one clears it', () => {
    const spec = modify(singleServer, (e) => {
      e.secrets = [{ namespace: 'ops', name: 'a', keys: ['k'] }, { namespace: 'ops', name: 'a', keys: ['k'] }, { namespace: 'ops', name: 'b', keys: ['k'] }];
      (e as any).handover = { files: [{ path: '/opt/x.yaml', held: ['ops/ghost'] }] };
    });
    const [v] = found(spec, 'handover.secret-undeclared');
    expect(v!.fix).toBe('use <namespace>/<name> of a declared Secret: ops/a, ops/b');
    expect(found(modify(spec, (e) => { (e as any).handover.files[0].held = ['ops/b']; }), 'handover.secret-undeclared')).toEqual([]);
  });

  it('vm.adopt-unknown-node lists each live node once, and adopting one clears it', () => {
    const disks = { uuid: '0f0e0d0c-0b0a-4908-8706-050403020100', osDisk: '/var/lib/libvirt/images/a-os.qcow2', dataDisk: '/var/lib/libvirt/images/a-data.qcow2' };
    const spec = modify(threeServers, (e) => { e.nodes[2]!.name = 'fx-2'; (e.infrastructure as any).adopt = { domains: { ghost: disks } }; });
    const [v] = found(spec, 'vm.adopt-unknown-node');
    expect(v!.fix).toBe('adopt live nodes only: fx-1, fx-2');
    expect(found(modify(spec, (e) => { (e.infrastructure as any).adopt = { domains: { 'fx-1': disks } }; }), 'vm.adopt-unknown-node')).toEqual([]);
  });
});
