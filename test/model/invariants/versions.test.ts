import { describe, expect, it } from 'vitest';
import { isPinned } from '../../../src/model/invariants/versions';
import { modify, threeServers } from '../../fixtures/environments';
import { expectOnly } from '../../fixtures/expect';

describe('version invariants', () => {
  it.each(['', 'latest', '*', '^1.36.4', '~1.36', '1.36.x', '>=1.36.0', '1.36', 'stable', '=1.36.4'])(
    'fails when the k3s version is %j',
    (version) => {
      const [v] = expectOnly(modify(threeServers, (e) => { e.k3s.version = version; }), 'version.unpinned');
      expect(v).toMatchObject({ path: 'fixture.k3s.version', value: version || '(empty)' });
    },
  );

  it('fails when a pinned k3s version lacks its +k3sN suffix', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.k3s.version = 'v1.36.4'; }), 'k3s.version-suffix');
    expect(v!.fix).toContain('v1.36.4+k3s1');
  });

  it('accepts exact releases with or without v, pre-release and build', () => {
    expect(['1.20.0', 'v1.0.1', 'v1.36.4+k3s1', '0.28.0', '1.21.0-pre.0'].every(isPinned)).toBe(true);
  });

  it('rejects ranges, tags and wildcards', () => {
    expect(['latest', '1.x', '^1.2.3', '*', '', 'v1', '1.2'].some(isPinned)).toBe(false);
  });
});
