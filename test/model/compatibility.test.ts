import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { COMPAT_DIR, certManagerKubernetes, ciliumGatewayApi, clusterApiKubernetes, clusterApiOperator, entryFor, fluxOperatorFlux, newestOf, newestSeries, providerRepositories, providerRepository, releaseSeriesOf } from '../../src/model/compatibility';
import * as versions from '../../src/versions';

const minor = /^\d+\.\d+$/;
const release = /^v\d+\.\d+\.\d+(-[\w.]+)?$/;

describe('the vendored compatibility data (schemas/compat/)', () => {
  it('is one JSON file per table, each naming its source', () => {
    const files = fs.readdirSync(path.join(COMPAT_DIR)).sort();
    expect(files).toEqual(['cert-manager-kubernetes.json', 'cilium-gateway-api.json', 'cluster-api-kubernetes.json', 'cluster-api-operator.json', 'cluster-api-providers.json', 'flux-operator-flux.json']);
    for (const t of [certManagerKubernetes, ciliumGatewayApi, clusterApiKubernetes, clusterApiOperator, fluxOperatorFlux, ...providerRepositories]) {
      expect(t.source.repo).toMatch(/^[\w-]+\/[\w.-]+$/);
      for (const field of ['path', 'tag', 'commit'] as const) expect(t.source[field].length, field).toBeGreaterThan(0);
    }
  });

  it('holds well-formed entries: minors to ranges, releases to releases', () => {
    for (const [k, r] of Object.entries(certManagerKubernetes.releases)) {
      expect(k).toMatch(minor);
      expect([r.min, r.max]).toEqual([expect.stringMatching(minor), expect.stringMatching(minor)]);
      expect(semver.lte(semver.coerce(r.min)!, semver.coerce(r.max)!), k).toBe(true);
    }
    for (const [k, r] of Object.entries(ciliumGatewayApi.releases)) expect([k, r.gatewayApi]).toEqual([expect.stringMatching(minor), expect.stringMatching(release)]);
    for (const [k, r] of Object.entries(clusterApiOperator.releases)) {
      expect([k, r.clusterApi]).toEqual([expect.stringMatching(release), expect.stringMatching(release)]);
      expect(r.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(r.contracts.every((c) => /^v1(alpha|beta)\d+$/.test(c))).toBe(true);
    }
    for (const [k, r] of Object.entries(fluxOperatorFlux.releases)) {
      expect(k).toMatch(release);
      expect(r.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(r.flux.every((f) => release.test(f))).toBe(true);
    }
    expect(clusterApiKubernetes.source.commit).toMatch(/^[0-9a-f]{40}$/);
    for (const [k, minors] of Object.entries(clusterApiKubernetes.releases)) {
      expect(k).toMatch(minor);
      for (const [m, row] of Object.entries(minors)) {
        expect(m).toMatch(minor);
        expect(typeof row.management).toBe('boolean');
        // A first patch release that supports a minor is one of that Cluster API minor's own.
        if (row.since !== undefined) expect(row.since, `${k} ${m}`).toMatch(new RegExp(`^v${k.replace('.', '\\.')}\\.\\d+$`));
      }
    }
    for (const repository of providerRepositories) {
      expect(repository.source.commit).toMatch(/^[0-9a-f]{40}$/);
      for (const s of repository.releaseSeries) expect(s).toEqual({ major: expect.any(Number), minor: expect.any(Number), contract: expect.stringMatching(/^v1(alpha|beta)\d+$/) });
    }
  });

  it("covers every pin of the tool's catalogue", () => {
    expect(entryFor(certManagerKubernetes, '1.21')).toEqual({ min: '1.33', max: '1.36' });
    expect(entryFor(ciliumGatewayApi, '1.20')).toEqual({ gatewayApi: versions.gatewayApi.version });
    expect(entryFor(clusterApiOperator, versions.charts.clusterApiOperator.version)).toMatchObject({ clusterApi: 'v1.12.10', contracts: ['v1beta1', 'v1beta2'] });
    expect(entryFor(fluxOperatorFlux, versions.charts.fluxOperator.version)?.flux).toContain(`v${versions.flux.version}`);
    // Cluster API v1.12 (the core provider's pin) supports workload clusters of 1.29 to 1.35, the last from v1.12.1 on.
    expect(Object.keys(entryFor(clusterApiKubernetes, '1.12')!)).toEqual(['1.29', '1.30', '1.31', '1.32', '1.33', '1.34', '1.35']);
    expect(entryFor(clusterApiKubernetes, '1.12')!['1.35']).toEqual({ management: true, since: 'v1.12.1' });
    expect(entryFor(clusterApiKubernetes, '1.12')!['1.30']).toEqual({ management: false });
    expect(semver.gte(versions.capiProviders.clusterApi.version, 'v1.12.1')).toBe(true);
    for (const [key, p] of Object.entries(versions.capiProviders)) {
      const repository = providerRepositories.find((r) => r.providers.some((q) => q.catalogue === key));
      expect(repository && releaseSeriesOf(repository, p.version)?.contract, key).toBe('v1beta2');
    }
  });

  it('looks a release up exactly (with or without its v), a minor as written, and names the newest entry', () => {
    expect(entryFor(clusterApiOperator, 'v0.28.0')).toBe(entryFor(clusterApiOperator, '0.28.0'));
    expect(entryFor(clusterApiOperator, '0.28.1')).toBeUndefined();
    expect(entryFor(certManagerKubernetes, '1.22')).toBeUndefined();
    expect(newestOf(certManagerKubernetes)).toBe('1.21');
    expect(newestOf(fluxOperatorFlux)).toBe('v0.58.1');
    expect(newestSeries(providerRepository('CoreProvider', 'cluster-api')!)).toBe('1.12');
    expect(providerRepository('InfrastructureProvider', 'docker')).toBeUndefined();
  });

  it('matches a provider on its kind and its name both', () => {
    expect(providerRepository('CoreProvider', 'cluster-api')?.source.repo).toBe('kubernetes-sigs/cluster-api');
    expect(providerRepository('BootstrapProvider', 'cluster-api')).toBeUndefined();
  });

  it('places a version in the series of its major and its minor both', () => {
    const core = providerRepository('CoreProvider', 'cluster-api')!;
    expect(releaseSeriesOf(core, 'v1.10.3')).toEqual({ major: 1, minor: 10, contract: 'v1beta1' });
    expect(releaseSeriesOf(core, 'v2.10.0')).toBeUndefined();
    expect(releaseSeriesOf(core, 'not a version')).toBeUndefined();
  });

  it('names the newest series whatever order metadata.yaml lists them in', () => {
    const series = (...s: [number, number][]) => ({ ...providerRepositories[0]!, releaseSeries: s.map(([major, minor]) => ({ major, minor, contract: 'v1beta2' })) });
    expect(newestSeries(series([0, 9], [1, 2], [1, 10], [1, 1]))).toBe('1.10');
    expect(newestSeries(series([1, 1], [0, 9], [1, 0]))).toBe('1.1');
  });

  it('orders a key that names no version below every release', () => {
    const t = { ...certManagerKubernetes, releases: { 'not-a-release': { min: '1.0', max: '1.0' }, '0.1': { min: '1.0', max: '1.0' } } };
    expect(newestOf(t)).toBe('0.1');
  });
});
