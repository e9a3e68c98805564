import { describe, expect, it } from 'vitest';
import { check } from '../../src/check/run';
import { modify, singleServer, threeServers } from '../fixtures/environments';

describe('every error at once, and no secret shown twice', () => {
  it('runs the rules beside a padded or empty string, reporting that field once', () => {
    const spec = modify(threeServers, (e) => { e.nodes[0]!.name = 'fx-1 '; e.flux.url = 'https://ops:s3cret-fixture@git.fixture.test/ops/fleet.git'; });
    const found = check(spec).filter((v) => v.severity === 'error').map((v) => [v.code, v.path]);
    expect(found).toEqual([['spec.whitespace', 'fixture.nodes[0].name'], ['url.credentials', 'fixture.flux.url']]);
  });

  it('still stops at a value of the wrong type, which resolve() cannot take', () => {
    const spec = modify(threeServers, (e: any) => { e.nodes[0].name = 7; e.flux.url = 'https://ops:s3cret-fixture@git.fixture.test/ops/fleet.git'; });
    expect(check(spec).map((v) => v.code)).toEqual(['spec.wrong-type']);
  });

  it.each([
    ['a padded URL', (e: any) => { e.flux.url = 'https://alice:S3cretPassw0rd@git.single.test/ops/fleet.git '; }],
    ['a mistyped scheme', (e: any) => { e.flux.url = 'htps://alice:S3cretPassw0rd@git.single.test/ops/fleet.git'; }],
    ['a chart location that is not one', (e: any) => { e.apps = [{ name: 'web', layer: 'platform', helm: { chart: 'web', version: '1.0.0', oci: 'oci://bob:S3cretPassw0rd@ghcr.io/x/charts/web ' } }]; }],
    ['a GitHub token as the user', (e: any) => { e.flux.url = 'git://ghp_S3cretPassw0rd@github.com/o/r.git'; }],
    ["a Proxmox user's password", (e: any) => { e.infrastructure.endpoint = 'htps://root@pam:S3cretPassw0rd@10.30.0.2:8006/'; }],
  ])('never repeats the password of %s in any message', (_what, change) => {
    const violations = check(modify(singleServer, change));
    expect(violations.length).toBeGreaterThan(0);
    expect(JSON.stringify(violations)).not.toContain('S3cretPassw0rd');
    expect(JSON.stringify(violations)).toContain('…@');
  });
});
