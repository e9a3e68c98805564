import { describe, expect, it } from 'vitest';
import { check } from '../../src/check/run';
import { resolve } from '../../src/model/resolve';
import { effectiveVersions } from '../../src/model/version-overrides';
import { synthesize } from '../../src/synth/render';
import { versionTable } from '../../src/synth/version-table';
import * as versions from '../../src/versions';
import { codes, expectOnly } from '../fixtures/expect';
import { OTHER_AGE_RECIPIENT, modify, threeServers } from '../fixtures/environments';
import { mgmt } from '../fixtures/fleet/mgmt';
import type { EnvironmentSpec, K3sEnvironmentSpec } from '../../src/model/environment';

const withPins = (pins: NonNullable<(typeof threeServers)['versions']>) => modify(threeServers, (e) => { e.versions = pins as never; });

describe("an environment's own pins", () => {
  it('lays its overrides on the catalogue and names the keys it overrides', () => {
    const { versions: pins, overridden } = effectiveVersions({ charts: { cilium: { version: '1.20.1' } }, images: { kubeVip: { tag: 'v1.0.2' } } });
    expect(pins.charts.cilium).toEqual({ ...versions.charts.cilium, version: '1.20.1' });
    expect(pins.images.kubeVip.repository).toBe(versions.images.kubeVip.repository);
    expect(pins.charts.longhorn).toBe(versions.charts.longhorn);
    expect(overridden).toEqual(['charts.cilium.version', 'images.kubeVip.tag']);
    // An override equal to the default overrides nothing.
    expect(effectiveVersions({ flux: { version: versions.flux.version } }).overridden).toEqual([]);
    expect(effectiveVersions(undefined).versions).toBe(versions);
  });

  it('renders the overridden pin wherever the chart is written: the Flux tree, the bootstrap, the overview', () => {
    const { files, violations } = synthesize(withPins({ charts: { cilium: { version: '1.20.1' } } }));
    expect(violations).toEqual([]);
    expect(files.get('clusters/fixture/kubernetes/platform/cilium/ocirepository.flux-system.cilium.yaml')).toContain('tag: 1.20.1');
    expect(files.get('clusters/fixture/bootstrap/README.md')).toContain('--version 1.20.1');
    expect(files.get('clusters/fixture/README.md')).toContain('| Cilium | 1.20.1 |');
    // The neighbour keeps the tool's pin.
    expect(synthesize(threeServers).files.get('clusters/fixture/kubernetes/platform/cilium/ocirepository.flux-system.cilium.yaml')).toContain(`tag: ${versions.charts.cilium.version}`);
  });

  it('fails on a key the catalogue does not have, at its path', () => {
    const [v] = check(withPins({ charts: { cilum: { version: '1.20.1' } } } as never));
    expect(v).toMatchObject({ code: 'spec.unknown-field', path: 'fixture.versions.charts.cilum' });
  });

  it('fails when an override is no exact release, at the environment', () => {
    // With Longhorn on: the pin of a component that is off pins nothing (setting.without-effect).
    const [v] = expectOnly(modify(withPins({ charts: { longhorn: { version: 'latest' } } }), (e) => { e.longhorn = {}; }), 'versions.unpinned');
    expect(v).toMatchObject({ path: 'fixture.versions.charts.longhorn.version', value: 'latest' });
    // The example is that chart's release as its upstream names them (no v), which passes.
    expect(v!.fix).toBe('pin an exact release, e.g. 1.12.1');
    expect(codes(modify(withPins({ charts: { longhorn: { version: '1.12.1' } } }), (e) => { e.longhorn = {}; }))).toEqual([]);
  });

  it('fails when an override of a pin without a tag convention is no exact release, proposing the tool\'s own pin', () => {
    const key = 'flux.version';
    const [v] = expectOnly(withPins({ flux: { version: 'latest' } }), 'versions.unpinned');
    expect(v!.fix).toBe(`pin an exact release, e.g. ${versions.flux.version}`);
    expect(v!.path).toBe(`fixture.versions.${key}`);
  });

  it('judges compatibility on the pins as overridden: a Gateway API older than the Cilium pin needs', () => {
    const [v] = expectOnly(withPins({ gatewayApi: { version: 'v1.5.0' } }), 'compat.gateway-api-cilium');
    expect(v).toMatchObject({ path: 'fixture.versions.gatewayApi.version', value: 'v1.5.0' });
    expect(v!.message).toContain(`Cilium ${versions.charts.cilium.version} requires Gateway API v1.6.1`);
  });

  it('warns, never fails, on a Cilium pin the compatibility data does not cover; its own data covers it', () => {
    const [v] = expectOnly(withPins({ charts: { cilium: { version: '1.21.0' } } }), 'compat.gateway-api-cilium-unknown');
    expect(v).toMatchObject({ severity: 'warning', path: 'fixture.versions.charts.cilium.version', value: '1.21.0' });
  });

  it("refuses versions.compatibility with the fix: the data is the tool's, vendored", () => {
    const [v] = expectOnly(withPins({ compatibility: { ciliumGatewayApi: { '1.21': 'v1.6.1' } } } as never), 'spec.unknown-field');
    expect(v).toMatchObject({ path: 'fixture.versions.compatibility' });
    expect(v!.message).toBe("compatibility is no longer an environment's to set: what the pinned releases support is the tool's data, vendored from each project's repository (schemas/compat/) and looked up by the version pinned");
    expect(v!.fix).toBe("remove versions.compatibility; for a release the tool's data does not know (a compat.unknown-release warning), bump k3s-gitops-synth");
  });

  it('fails on a Flux release the overridden operator does not carry', () => {
    const [v] = expectOnly(withPins({ flux: { version: '2.10.0' } }), 'compat.flux-operator-distribution');
    expect(v).toMatchObject({ path: 'fixture.versions.flux.version', value: '2.10.0' });
    // Not a range: a release between two the operator carries (2.8.4) is not in its image either.
    expectOnly(withPins({ flux: { version: '2.8.4' } }), 'compat.flux-operator-distribution');
    expect(codes(withPins({ flux: { version: '2.8.5' } }))).toEqual([]);
  });

  it("judges the Flux pin by a bumped operator's own list", () => {
    const [v] = expectOnly(withPins({ charts: { fluxOperator: { version: '0.53.0' } } }), 'compat.flux-operator-distribution');
    expect(v!.message).toBe('flux-operator 0.53.0 carries the manifests of Flux v2.2.3 to v2.9.0 (25 releases, per controlplaneio-fluxcd/flux-operator config/data/flux/ at v0.58.1 (schemas/compat/flux-operator-flux.json)), not 2.9.4; the FluxInstance could not install it');
    expect(v!.fix).toBe('pin one of the Flux releases flux-operator 0.53.0 carries (the newest is v2.9.0), or a flux-operator release that carries 2.9.4');
  });

  it('warns on a flux-operator pin past the data, naming its source and newest entry', () => {
    const [v] = expectOnly(withPins({ charts: { fluxOperator: { version: '0.59.0' } } }), 'compat.unknown-release');
    expect(v).toMatchObject({ severity: 'warning', path: 'fixture.versions.charts.fluxOperator.version', value: '0.59.0' });
    expect(v!.message).toBe('the compatibility data, controlplaneio-fluxcd/flux-operator config/data/flux/ at v0.58.1 (schemas/compat/flux-operator-flux.json), has no entry for flux-operator 0.59.0 (its newest is v0.58.1), so this pin is not judged against it');
  });

  it('marks each override in the version table beneath the tool\'s pin', () => {
    const table = versionTable([resolve(withPins({ charts: { cilium: { version: '1.20.1' } } })), resolve(modify(threeServers, (e) => { e.name = 'other'; }))]);
    const cilium = `cilium (${versions.charts.cilium.oci}, ${versions.charts.cilium.repo})`;
    expect(table).toContain(`| Helm chart | ${cilium} | ${versions.charts.cilium.version} |\n| Helm chart | ${cilium}: **fixture's override** | 1.20.1 |\n`);
    expect(table).not.toContain("other's override");
  });
});

// The fixture mgmt spreads the tool's provider pins into clusterApi.providers, as environments/mgmt.ts does.
const capi = modify(mgmt as EnvironmentSpec, (e) => { e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; }) as K3sEnvironmentSpec;
const capiWith = (edit: Parameters<typeof modify>[1]) => modify(capi, edit);
const coreRow = (table: string) => table.split('\n').filter((l) => l.startsWith('| Cluster API provider | clusterApi '));

describe('an override a spec field spreads past', () => {
  it('warns when the provider keeps the pin it spread, naming the override and the field the tree reads', () => {
    const [v] = expectOnly(capiWith((e) => { e.versions = { capiProviders: { clusterApi: { version: 'v1.12.12' } } }; }), 'versions.override-without-effect');
    expect(v).toMatchObject({
      severity: 'warning',
      path: 'mgmt.versions.capiProviders.clusterApi.version',
      value: 'v1.12.12',
      message: `the tree installs CoreProvider cluster-api at ${versions.capiProviders.clusterApi.version}, the version clusterApi.providers[0].version sets (the catalogue's pins are only defaults a provider spreads): the override is not what runs`,
      fix: `decide which release runs: to run v1.12.12, write it at clusterApi.providers[0].version and remove versions.capiProviders.clusterApi; to keep ${versions.capiProviders.clusterApi.version}, remove versions.capiProviders.clusterApi`,
    });
    // Which release was meant is the operator's to say: no action.
    expect(v!.action).toBeUndefined();
  });

  it('says nothing when the provider installs the override, or where there is none', () => {
    expect(codes(capiWith((e) => { e.versions = { capiProviders: { clusterApi: { version: 'v1.12.12' } } }; e.clusterApi!.providers[0]!.version = 'v1.12.12'; }))).toEqual([]);
    expect(codes(capiWith((e) => { e.versions = { charts: { clusterApiOperator: { version: versions.charts.clusterApiOperator.version } } }; }))).toEqual([]);
  });

  it('warns, with the removal as its action, when no provider installs the overridden pin', () => {
    const spec = capiWith((e) => { e.clusterApi!.providers.splice(4, 1); e.versions = { capiProviders: { ipamInCluster: { version: 'v1.1.2' } } }; });
    const [v] = check(spec).filter((x) => x.code === 'versions.override-without-effect');
    expect(v).toMatchObject({
      path: 'mgmt.versions.capiProviders.ipamInCluster.version',
      message: 'no provider of clusterApi.providers is IPAMProvider in-cluster, so nothing installs it: the override pins nothing',
      fix: 'remove versions.capiProviders.ipamInCluster',
      action: { unset: 'versions.capiProviders.ipamInCluster' },
    });
  });

  it('lists in the version table what the tree installs: no row for an override spread past, a row for a version a provider sets itself', () => {
    const spreadPast = versionTable([resolve(capiWith((e) => { e.versions = { capiProviders: { clusterApi: { version: 'v1.12.12' } } }; }))]);
    expect(coreRow(spreadPast)).toEqual([`| Cluster API provider | clusterApi (contract v1beta2) | ${versions.capiProviders.clusterApi.version} |`]);
    const setItself = versionTable([resolve(capiWith((e) => { e.clusterApi!.providers[0]!.version = 'v1.12.12'; }))]);
    expect(coreRow(setItself)).toEqual([`| Cluster API provider | clusterApi (contract v1beta2) | ${versions.capiProviders.clusterApi.version} |`, "| Cluster API provider | clusterApi (contract v1beta2): **mgmt's override** | v1.12.12 |"]);
    // Where no provider installs it, the table shows no override either.
    const none = versionTable([resolve(capiWith((e) => { e.clusterApi!.providers.splice(4, 1); e.versions = { capiProviders: { ipamInCluster: { version: 'v1.1.2' } } }; }))]);
    expect(none).not.toContain("ipamInCluster (contract v1beta2): **mgmt's override**");
  });
});

describe('a pin written against its tag convention', () => {
  it.each([
    [{ charts: { cilium: { version: 'v1.20.0' } } }, 'versions.charts.cilium.version', '1.20.0'],
    [{ charts: { certManager: { version: '1.21.2' } } }, 'versions.charts.certManager.version', 'v1.21.2'],
    [{ images: { kubeVip: { tag: '1.0.1' } } }, 'versions.images.kubeVip.tag', 'v1.0.1'],
  ])('fails when %j flips the v, with the corrected value as its action', (pins, path, fixed) => {
    const [v] = expectOnly(withPins(pins as never), 'versions.tag-convention');
    expect(v).toMatchObject({ severity: 'error', path: `fixture.${path}`, fix: `write ${fixed}`, action: { set: path, to: fixed } });
    // The action applied, nothing stands.
    expect(codes(withPins(pins === undefined ? {} : (JSON.parse(JSON.stringify(pins).replace(/"v?\d[^"]*"/, `"${fixed}"`)) as never)))).toEqual([]);
  });

  it('leaves a Flux pin with a v alone: flux-operator reads it either way', () => {
    expect(codes(withPins({ flux: { version: `v${versions.flux.version}` } }))).toEqual([]);
  });
});

describe('a release no vendored data names', () => {
  it('warns on a Longhorn override: its chart publishes no values schema and no table is kept, so only the tool\'s pin is known', () => {
    const [v] = expectOnly(modify(withPins({ charts: { longhorn: { version: '1.12.2' } } }), (e) => { e.longhorn = {}; }), 'versions.unknown-release');
    expect(v).toMatchObject({
      severity: 'warning',
      path: 'fixture.versions.charts.longhorn.version',
      value: '1.12.2',
      message: `no data the tool vendors names releases of chart longhorn (it publishes no values schema, and no compatibility table is kept for it): the only release the tool knows is its own pin, ${versions.charts.longhorn.version} (src/versions.ts), so whether 1.12.2 exists is not checked offline`,
      fix: `run npm run validate -- --online to ask https://charts.longhorn.io for 1.12.2, or pin ${versions.charts.longhorn.version}`,
    });
    expect(v!.action).toBeUndefined();
  });

  it('warns on an image override, naming its repository', () => {
    const [v] = expectOnly(withPins({ images: { kubeVip: { tag: 'v1.0.2' } } }), 'versions.unknown-release');
    expect(v!.fix).toBe(`run npm run validate -- --online to ask ghcr.io/kube-vip/kube-vip for v1.0.2, or pin ${versions.images.kubeVip.tag}`);
  });

  it('names an OCI-published chart by its OCI location', () => {
    const [v] = expectOnly(modify(withPins({ charts: { kyverno: { version: '3.9.1' } } }), (e) => { e.kyverno = { policiesLayer: 'network' }; }), 'versions.unknown-release');
    expect(v!.fix).toContain(`ask ${versions.charts.kyverno.oci} for 3.9.1`);
  });

  it('says nothing of a chart the data judges (a values schema, a compatibility table), nor of the tool\'s own pin', () => {
    expect(codes(withPins({ charts: { cilium: { version: versions.charts.cilium.version } } }))).toEqual([]);
    expect(codes(modify(withPins({ charts: { longhorn: { version: versions.charts.longhorn.version } } }), (e) => { e.longhorn = {}; }))).toEqual([]);
    expect(codes(withPins({ charts: { loki: { version: '18.11.1' } } })).filter((c) => c === 'versions.unknown-release')).toEqual([]);
    expect(codes(withPins({ charts: { clusterApiOperator: { version: '0.28.1' } } })).filter((c) => c === 'versions.unknown-release')).toEqual([]);
  });

  it('leaves a pin that is no release, or is written against its convention, to their own rules', () => {
    expectOnly(modify(withPins({ charts: { longhorn: { version: 'latest' } } }), (e) => { e.longhorn = {}; }), 'versions.unpinned');
    expectOnly(modify(withPins({ charts: { longhorn: { version: 'v1.12.2' } } }), (e) => { e.longhorn = {}; }), 'versions.tag-convention');
  });

  it('says only that an override pins nothing where nothing installs it', () => {
    expectOnly(withPins({ charts: { longhorn: { version: '1.12.2' } } }), 'setting.without-effect');
  });
});

describe('what the tree installs, provider by provider', () => {
  it('matches each provider pin by kind and name: the two kubeadm providers apart', () => {
    const table = versionTable([resolve(capiWith((e) => { e.clusterApi!.providers[2]!.version = 'v1.12.12'; }))]);
    expect(table).toContain("| Cluster API provider | kubeadmControlPlane (contract v1beta2): **mgmt's override** | v1.12.12 |");
    expect(table).not.toContain("kubeadmBootstrap (contract v1beta2): **mgmt's override**");
  });

  it('keeps an error about an override that pins nothing: only its warnings go', () => {
    expect(codes(withPins({ charts: { longhorn: { version: 'v1.12.2' } } }))).toEqual(['setting.without-effect', 'versions.tag-convention']);
  });
});
