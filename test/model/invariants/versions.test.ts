import { describe, expect, it } from 'vitest';
import { mgmt } from '../../fixtures/fleet/mgmt';
import type { EnvironmentSpec } from '../../../src/model/environment';
import { isPinned } from '../../../src/model/invariants/versions';
import * as catalogue from '../../../src/versions';
import { OTHER_AGE_RECIPIENT, modify, singleServer, threeServers } from '../../fixtures/environments';
import { codes, expectOnly } from '../../fixtures/expect';

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
  it.each(['', 'latest', '*', '^1.36.4', '~1.36', '1.36.x', '>=1.36.0', '1.36', 'stable', '=1.36.4', ' 1.36.4+k3s1'])(
    'fails when the k3s version is %j',
    (version) => {
      const [v] = expectOnly(modify(threeServers, (e) => { e.k3s.version = version; }), 'version.unpinned');
      expect(v).toMatchObject({ path: 'fixture.k3s.version', value: version || '(empty)' });
    },
  );

  it.each(['v1.36.4', 'v1.36.4+k3s1 ', 'v1.36.4+k3s1.1', '1.36.4+k3s1', '1.2.3-v1.36.4+k3s1'])('fails when the pinned k3s version %j names no k3s release', (version) => {
    expectOnly(modify(threeServers, (e) => { e.k3s.version = version; }), 'k3s.version-suffix');
  });

  it('suggests the full release in the fix', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.k3s.version = 'v1.36.4'; }), 'k3s.version-suffix');
    expect(v!.fix).toContain('v1.36.4+k3s1');
  });

  it.each(['v1.36.4+k3s1', 'v1.36.10+k3s2', 'v10.0.0+k3s1'])('accepts the k3s release %j', (version) => {
    expect(codes(modify(threeServers, (e) => { e.k3s.version = version; }))).toEqual([]);
  });

  it('accepts exact releases with or without v, pre-release and build', () => {
    expect(['1.20.0', 'v1.0.1', 'v1.36.4+k3s1', '0.28.0', '1.21.0-pre.0'].every(isPinned)).toBe(true);
  });

  it('rejects ranges, tags and wildcards', () => {
    expect(['latest', '1.x', '^1.2.3', '*', '', 'v1', '1.2', ' 1.2.3', '=1.2.3'].some(isPinned)).toBe(false);
  });
});

describe('the version catalogue is checked where an environment installs from it', () => {
  it('fails on an unpinned Cilium chart, for an environment with Cilium only', () => {
    withCatalogue(catalogue.charts.cilium, 'version', '1.19.x', () => {
      expectOnly(threeServers, 'version.unpinned');
      expect(codes(modify(threeServers, (e) => { delete e.cilium; }))).toEqual([]);
    });
  });

  it('fails on an unpinned kube-vip image, for an environment with a VIP only', () => {
    withCatalogue(catalogue.images.kubeVip, 'tag', 'latest', () => {
      const [v] = expectOnly(threeServers, 'version.unpinned');
      expect(v).toMatchObject({ path: 'fixture.versions.images.kubeVip.tag', value: 'latest' });
      expect(codes(singleServer)).toEqual([]);
    });
  });

  it.each([
    [catalogue.charts.certManager, 'versions.charts.certManager.version'],
    [catalogue.charts.clusterApiOperator, 'versions.charts.clusterApiOperator.version'],
  ])('fails on an unpinned Cluster API chart (%#), only where Cluster API is installed', (entry, path) => {
    withCatalogue(entry, 'version', 'stable', () => {
      const [v] = expectOnly(capi, 'version.unpinned');
      expect(v).toMatchObject({ path: `mgmt.${path}`, value: 'stable' });
      expect(codes(threeServers)).toEqual([]);
    });
  });
});
