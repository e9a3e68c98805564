import { describe, expect, it } from 'vitest';
import { mgmt } from '../../fixtures/fleet/mgmt';
import type { EnvironmentSpec } from '../../../src/model/environment';
import { isPinned } from '../../../src/model/invariants/versions';
import * as catalogue from '../../../src/versions';
import { OTHER_AGE_RECIPIENT, modify, singleServer, threeServers } from '../../fixtures/environments';
import { codes, expectOnly, expectReport } from '../../fixtures/expect';
import { cataloguePins, checkCatalogue } from '../../../src/model/invariants/catalogue';
import { plan } from '../../../src/synth/plan';
import os from 'node:os';
import path from 'node:path';
import { check } from '../../../src/check/run';
import { EITHER_WAY, conventionOf, follows, written } from '../../../src/model/tag-conventions';
import { podinfo } from '../../fixtures/corpus';

/** Runs `body` with one catalogue entry replaced, as a bad edit of src/versions.ts would. */
function withCatalogue<T>(entry: Record<string, unknown>, key: string, value: string, body: () => T): T {
  const before = entry[key];
  entry[key] = value;
  try {
    return body();
  } finally {
    entry[key] = before;
  }
}

const capi = modify(mgmt as EnvironmentSpec, (e) => { e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; });

describe('version invariants', () => {
  it.each(['latest', '*', '^1.36.4', '~1.36', '1.36.x', '>=1.36.0', '1.36', 'stable', '=1.36.4'])(
    'fails when the k3s version is %j',
    (version) => {
      const [v] = expectOnly(modify(threeServers, (e) => { e.k3s.version = version; }), 'version.unpinned');
      expect(v).toMatchObject({ path: 'fixture.k3s.version', value: version || '(empty)' });
    },
  );

  // Padded or empty, a version is the spec family's to refuse, before these rules run.
  it.each([['', 'spec.empty'], [' 1.36.4+k3s1', 'spec.whitespace'], ['v1.36.4+k3s1 ', 'spec.whitespace']])('fails when the k3s version is %j with %s', (version, code) => {
    expectOnly(modify(threeServers, (e) => { e.k3s.version = version; }), code);
  });

  it.each(['v1.36.4', 'v1.36.4+k3s1.1', '1.36.4+k3s1', '1.2.3-v1.36.4+k3s1'])('fails when the pinned k3s version %j names no k3s release', (version) => {
    expectOnly(modify(threeServers, (e) => { e.k3s.version = version; }), 'k3s.version-suffix');
  });

  it('suggests the full release in the fix', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.k3s.version = 'v1.36.4'; }), 'k3s.version-suffix');
    expect(v!.fix).toContain('v1.36.4+k3s1');
  });

  it.each(['v1.36.4+k3s1', 'v1.36.10+k3s2', 'v10.0.0+k3s1'])('accepts the k3s release %j', (version) => {
    // Its form only: whether cert-manager supports that Kubernetes is compat.cert-manager-kubernetes's.
    expect(codes(modify(threeServers, (e) => { e.k3s.version = version; })).filter((c) => c !== 'compat.cert-manager-kubernetes')).toEqual([]);
  });

  it('accepts exact releases with or without v, pre-release and build', () => {
    expect(['1.20.0', 'v1.0.1', 'v1.36.4+k3s1', '0.28.0', '1.21.0-pre.0'].every(isPinned)).toBe(true);
  });

  it('rejects ranges, tags and wildcards', () => {
    expect(['latest', '1.x', '^1.2.3', '*', '', 'v1', '1.2', ' 1.2.3', '=1.2.3'].some(isPinned)).toBe(false);
  });
});

describe('the version catalogue is checked once, by its key', () => {
  it('passes the catalogue as shipped', () => {
    expect(checkCatalogue()).toEqual([]);
  });

  it.each([
    [catalogue.charts.cilium, 'version', 'versions.charts.cilium.version'],
    [catalogue.images.kubeVip, 'tag', 'versions.images.kubeVip.tag'],
    [catalogue.charts.certManager, 'version', 'versions.charts.certManager.version'],
    [catalogue.terraformProviders.libvirt, 'version', 'versions.terraformProviders.libvirt.version'],
    [catalogue.k3s as Record<string, unknown>, 'tested', 'versions.k3s.tested'],
  ])('fails on an unpinned entry (%#) and names its key', (entry, key, path) => {
    withCatalogue(entry as Record<string, unknown>, key, 'latest', () => {
      const violations = expectReport(checkCatalogue());
      expect(violations.map((v) => [v.code, v.path, v.value])).toEqual([['versions.unpinned', path, 'latest']]);
      // check() reports it once, at the catalogue; nothing at the environment repeats it.
      const own = check(modify(threeServers, (e) => { e.k3s.version = 'v1.36.4+k3s1'; }));
      expect(own.filter((v) => v.code === 'versions.unpinned').map((v) => v.path)).toEqual([path]);
      expect(expectReport(own.filter((v) => v.path.startsWith('fixture.')))).toEqual([]);
    });
  });

  it('reports a bad pin once however many environments install it', () => {
    withCatalogue(catalogue.charts.cilium, 'version', '1.19.x', () => {
      const other = modify(threeServers, (e) => { e.name = 'other'; e.network = { subnet: '10.40.0.0/24', gateway: '10.40.0.1', dns: ['10.40.0.1'] }; e.nodes = e.nodes.map((n, i) => ({ ...n, name: `o-${i}`, ip: `10.40.0.1${i}` })); e.controlPlane.vip = '10.40.0.10'; e.ingressVip = '10.40.0.30'; });
      const { violations } = plan(path.join(os.tmpdir(), 'no-such-repo'), [threeServers, other]);
      expect(violations.filter((v) => v.code === 'versions.unpinned').map((v) => v.path)).toEqual(['versions.charts.cilium.version']);
    });
  });

  it('fails on a Flux release the pinned flux-operator does not carry, and names the pin', () => {
    withCatalogue(catalogue.flux as Record<string, unknown>, 'version', '2.10.0', () => {
      const violations = expectReport(checkCatalogue());
      expect(violations.map((v) => [v.code, v.path, v.value])).toEqual([['compat.flux-operator-distribution', 'versions.flux.version', '2.10.0']]);
    });
    withCatalogue(catalogue.flux as Record<string, unknown>, 'version', '2.2.3', () => expect(checkCatalogue()).toEqual([]));
    withCatalogue(catalogue.flux as Record<string, unknown>, 'version', '2.1.0', () => expect(checkCatalogue().map((v) => v.code)).toEqual(['compat.flux-operator-distribution']));
  });

  it('holds pins only: what the releases support is vendored data (schemas/compat/), not a catalogue section', () => {
    expect(Object.keys(catalogue)).not.toContain('compatibility');
    expect(cataloguePins(catalogue).map((p) => p.key)).toContain('capiProviders.proxmox.version');
  });
});

describe('the catalogue rules on a catalogue of another shape', () => {
  it('takes string pins only, under version, tag or any k3s key, and names each by its dotted key', () => {
    const pins = cataloguePins({
      k3s: { dev: 'v1.36.4+k3s1', channels: { stable: 'v1.35.1+k3s1' } },
      charts: { a: { chart: 'a', version: '1.0.0' }, b: { version: 1 }, c: null },
      images: { i: { repository: 'x', tag: '2.0.0' } },
      '': { version: '3.0.0' },
    });
    expect(pins).toEqual([
      { key: 'k3s.dev', version: 'v1.36.4+k3s1' },
      { key: 'k3s.channels.stable', version: 'v1.35.1+k3s1' },
      { key: 'charts.a.version', version: '1.0.0' },
      { key: 'images.i.tag', version: '2.0.0' },
      { key: 'version', version: '3.0.0' },
    ]);
  });

  it.each([
    ['no Flux, no charts', {}],
    ['Flux but no charts', { flux: { version: '2.10.0' } }],
    ['Flux and charts without flux-operator or the charts the tables are looked up by', { flux: { version: '2.10.0' }, charts: {} }],
  ])('judges no compatibility of a catalogue with %s', (_what, shape) => {
    expect(checkCatalogue(shape as Record<string, unknown>)).toEqual([]);
  });
});

describe('tag conventions', () => {
  it('keeps a convention for every pin an environment may override but Flux, which flux-operator reads either way', () => {
    const overridable = cataloguePins(catalogue).map((p) => p.key).filter((k) => /^(charts|capiProviders|gatewayApi|images|flux|tools\.helm)\./.test(k));
    expect(overridable.filter((k) => conventionOf(k) === undefined)).toEqual(EITHER_WAY);
  });

  it("holds the catalogue's own pins to them: each is its convention's example where one is named", () => {
    for (const { key, version } of cataloguePins(catalogue)) {
      const convention = conventionOf(key);
      if (convention) expect([key, follows(version, convention)]).toEqual([key, true]);
    }
  });

  it('fails on a catalogue pin written against its convention, with the fix as an action', () => {
    withCatalogue(catalogue.gatewayApi as Record<string, unknown>, 'version', '1.6.1', () => {
      const [v] = expectReport(checkCatalogue());
      expect(v).toMatchObject({ code: 'versions.tag-convention', path: 'versions.gatewayApi.version', value: '1.6.1', fix: 'write v1.6.1', action: { set: 'versions.gatewayApi.version', to: 'v1.6.1' } });
    });
  });

  it('matches a provider key to the providers convention, and no other key', () => {
    expect(conventionOf('capiProviders.proxmox.version')?.key).toBe('capiProviders.*');
    expect(conventionOf('capiProviders.proxmox')).toBeUndefined();
    expect(conventionOf('charts.capiProviders.version')).toBeUndefined();
    expect(conventionOf('provingGround.opentofu.version')).toBeUndefined();
  });

  it('adds or drops the v', () => {
    const withV = conventionOf('gatewayApi.version')!;
    const without = conventionOf('charts.cilium.version')!;
    expect([written('1.6.1', withV), written('v1.20.0', without)]).toEqual(['v1.6.1', '1.20.0']);
    expect([follows('v1.6.1', withV), follows('1.6.1', withV), follows('1.20.0', without), follows('v1.20.0', without)]).toEqual([true, false, true, false]);
  });

  it('fails when a provider version drops its v, with the fix as an action', () => {
    const [v] = expectOnly(modify(capi, (e) => { e.clusterApi!.providers[3]!.version = '0.9.1'; }), 'version.tag-convention');
    expect(v).toMatchObject({ path: 'mgmt.clusterApi.providers[3].version', value: '0.9.1', fix: 'write v0.9.1', action: { set: 'clusterApi.providers[3].version', to: 'v0.9.1' } });
    expect(v!.message).toContain('InfrastructureProvider proxmox: provider releases are named with a leading v, as v1.12.11');
  });

  // The fix's example is one the rules after version.unpinned accept for that field.
  it('fails when the k3s version is a tag, proposing the tested release with its +k3sN suffix, which passes', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.k3s.version = 'latest'; }), 'version.unpinned');
    expect(v!.fix).toBe(`pin an exact k3s release, e.g. ${catalogue.k3s.tested}`);
    expect(codes(modify(threeServers, (e) => { e.k3s.version = catalogue.k3s.tested; }))).toEqual([]);
  });

  it('fails when a provider version is a tag, proposing a release written with its v, which the tag convention accepts', () => {
    // The core provider: its minor is also judged against the operator's (compat.operator-capi), which leaves a tag to this rule.
    const [v] = expectOnly(modify(capi, (e) => { e.clusterApi!.providers[0]!.version = 'latest'; }), 'version.unpinned');
    const example = /e\.g\. (\S+)$/.exec(v!.fix)![1]!;
    expect(v!.fix).toBe(`pin an exact release tag of ${capi.clusterApi!.providers[0]!.name}, e.g. ${catalogue.capiProviders.clusterApi.version}`);
    expect(follows(example, conventionOf('capiProviders.*')!)).toBe(true);
    expect(codes(modify(capi, (e) => { e.clusterApi!.providers[0]!.version = example; }))).toEqual([]);
  });

  it('fails when an app chart version is a range, naming the chart', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.apps = [{ ...podinfo, helm: { ...podinfo.helm, version: '^6' } }] as never; }), 'version.unpinned');
    expect(v!.fix).toBe('pin an exact release of the podinfo chart as its repository lists it, e.g. 1.20.0');
  });

  it('leaves a provider version that is no release to version.unpinned', () => {
    expectOnly(modify(capi, (e) => { e.clusterApi!.providers[3]!.version = 'latest'; }), 'version.unpinned');
  });

  it('fixes a k3s release that only lacks its v with an action; a release it cannot name gets none', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.k3s.version = '1.36.4+k3s1'; }), 'k3s.version-suffix');
    expect(v).toMatchObject({ fix: 'write v1.36.4+k3s1', action: { set: 'k3s.version', to: 'v1.36.4+k3s1' } });
    expect(v!.message).toContain('(its releases are tagged with a leading v)');
    const [other] = expectOnly(modify(threeServers, (e) => { e.k3s.version = 'v1.36.4'; }), 'k3s.version-suffix');
    expect(other!.action).toBeUndefined();
    expect(other!.message).not.toContain('leading v');
  });
});
