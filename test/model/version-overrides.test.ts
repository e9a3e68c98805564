import { describe, expect, it } from 'vitest';
import { check } from '../../src/check/run';
import { resolve } from '../../src/model/resolve';
import { effectiveVersions } from '../../src/model/version-overrides';
import { synthesize } from '../../src/synth/render';
import { versionTable } from '../../src/synth/version-table';
import * as versions from '../../src/versions';
import { codes, expectOnly } from '../fixtures/expect';
import { modify, threeServers } from '../fixtures/environments';

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
  });

  it('judges compatibility on the pins as overridden: a Gateway API older than the Cilium pin needs', () => {
    const [v] = expectOnly(withPins({ gatewayApi: { version: 'v1.5.0' } }), 'compat.gateway-api-cilium');
    expect(v).toMatchObject({ path: 'fixture.versions.gatewayApi.version', value: 'v1.5.0' });
    expect(v!.message).toContain(`Cilium ${versions.charts.cilium.version} requires Gateway API v1.6.1`);
  });

  it('warns, never fails, on a Cilium pin the compatibility data does not cover; its own data covers it', () => {
    const [v] = expectOnly(withPins({ charts: { cilium: { version: '1.21.0' } } }), 'compat.gateway-api-cilium-unknown');
    expect(v).toMatchObject({ severity: 'warning', path: 'fixture.versions.compatibility.ciliumGatewayApi', value: '1.21' });
    expect(codes(withPins({ charts: { cilium: { version: '1.21.0' } }, compatibility: { ciliumGatewayApi: { '1.21': 'v1.6.1' } } }))).toEqual([]);
    expectOnly(withPins({ charts: { cilium: { version: '1.21.0' } }, compatibility: { ciliumGatewayApi: { '1.21': 'v1.7.0' } } }), 'compat.gateway-api-cilium');
  });

  it('fails on a Flux release the overridden operator does not carry', () => {
    const [v] = expectOnly(withPins({ flux: { version: '2.10.0' } }), 'compat.flux-operator-distribution');
    expect(v).toMatchObject({ path: 'fixture.versions.flux.version', value: '2.10.0' });
  });

  it('marks each override in the version table beneath the tool\'s pin', () => {
    const table = versionTable([resolve(withPins({ charts: { cilium: { version: '1.20.1' } } })), resolve(modify(threeServers, (e) => { e.name = 'other'; }))]);
    const cilium = `cilium (${versions.charts.cilium.oci}, ${versions.charts.cilium.repo})`;
    expect(table).toContain(`| Helm chart | ${cilium} | ${versions.charts.cilium.version} |\n| Helm chart | ${cilium}: **fixture's override** | 1.20.1 |\n`);
    expect(table).not.toContain("other's override");
  });
});
