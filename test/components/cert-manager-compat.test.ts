import { describe, expect, it } from 'vitest';
import { check } from '../../src/check/run';
import { modify, threeServers } from '../fixtures/environments';

// threeServers has an ingress Gateway, so cert-manager comes with TLS (no Cluster API).
const pinned = (version: string) => modify(threeServers, (e: any) => { e.versions = { ...e.versions, charts: { certManager: { version } } }; });

describe("cert-manager's Kubernetes range wherever cert-manager is installed (compat.cert-manager-kubernetes)", () => {
  it("judges the Gateway's cert-manager pin too, by that release's range", () => {
    const v = check(pinned('v1.16.0')).find((x) => x.code === 'compat.cert-manager-kubernetes');
    expect(v).toMatchObject({ severity: 'error', path: 'fixture.k3s.version' });
    expect(v!.message).toMatch(/^cert-manager v1\.16\.0 supports Kubernetes 1\.\d+ to 1\.\d+ \(.*\), not 1\.36$/);
  });

  it('says nothing where no cert-manager is installed', () => {
    const off = modify(threeServers, (e: any) => { delete e.ingressVip; delete e.cilium; delete e.defaultDeny; e.k3s.version = 'v1.20.15+k3s1'; });
    expect(check(off).map((v) => v.code)).not.toContain('compat.cert-manager-kubernetes');
  });

  it('reads a k3s release of several digits, and leaves one that names no release to k3s.version-suffix', () => {
    const k3s = (version: string) => modify(threeServers, (e: any) => { e.k3s.version = version; });
    expect(check(k3s('v1.32.10+k3s12')).map((v) => v.code)).toContain('compat.cert-manager-kubernetes');
    expect(check(k3s('v1.32.9+k3s1-x')).map((v) => v.code)).not.toContain('compat.cert-manager-kubernetes');
  });
});
