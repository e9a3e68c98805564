import { describe, expect, it } from 'vitest';
import { check } from '../../../src/check/run';
import type { EnvironmentSpec } from '../../../src/model/environment';
import { modify, modifyWorkload, singleServer, threeServers } from '../../fixtures/environments';
import { expectReport } from '../../fixtures/expect';
import { lab1 } from '../../fixtures/workload';

const found = (spec: EnvironmentSpec) => expectReport(check(spec).filter((v) => v.code === 'network.private-name-public-resolvers'));
const publicOnly = (url: string) => modify(singleServer, (e) => { e.network.dns = ['8.8.8.8', '2.2.2.2']; e.flux.url = url; });

describe('a host the cluster must resolve, against the resolvers of its network', () => {
  it('fails when the Flux URL is under home.arpa and every resolver is public, naming the field and the gateway to try', () => {
    const [v, ...rest] = found(publicOnly('https://gitea.home.arpa/ops/fleet.git'));
    expect(rest).toEqual([]);
    expect(v).toMatchObject({
      path: 'single.flux.url',
      value: 'gitea.home.arpa',
      message: 'gitea.home.arpa is under home.arpa (RFC 8375: local to a home network), and every resolver in network.dns is public (8.8.8.8, 2.2.2.2): none answers it, so source-controller cannot fetch the repository and Flux never syncs the tree',
      fix: 'list a resolver of the private network that answers home.arpa in network.dns (10.30.0.1, the gateway, if it does), or name the host by a name the public DNS answers',
    });
  });

  it.each([
    ['https://git.corp/fleet.git', 'corp'],
    ['https://git.lan/fleet.git', 'lan'],
    ['ssh://git@forge.internal/ops/fleet.git', 'internal'],
    ['git@forge.local:ops/fleet.git', 'local'],
    ['https://git.example/fleet.git', 'example'],
    ['https://GIT.Home.Arpa/fleet.git', 'home.arpa'],
  ])('fails for %s, under %s', (url, suffix) => {
    expect(found(publicOnly(url)).map((v) => v.message)).toEqual([expect.stringContaining(`is under ${suffix} (`)]);
  });

  it('passes a public name, a name merely ending like a suffix, localhost (answered as loopback) and an in-cluster Service under cluster.local', () => {
    for (const url of ['https://localhost/fleet.git', 'https://github.com/ops/fleet.git', 'https://gitea.myhome.arpa.example.com/fleet.git', 'https://mylocal/fleet.git', 'http://gitea-http.gitea.svc.cluster.local:3000/ops/fleet.git']) {
      expect(found(publicOnly(url)), url).toEqual([]);
    }
  });

  it('passes when one resolver is on the private network (RFC 1918, CGNAT, ULA)', () => {
    for (const dns of [['10.30.0.1'], ['100.64.0.53'], ['fd00::53'], ['10.30.0.1', '8.8.8.8']]) {
      expect(found(modify(publicOnly('https://gitea.home.arpa/fleet.git'), (e) => { e.network.dns = dns; })), dns.join()).toEqual([]);
    }
  });

  it("fails for an app's chart repository, an SMTP relay and the OIDC issuer too, each at its field", () => {
    const spec = modify(threeServers, (e) => {
      e.network.dns = ['9.9.9.9'];
      e.flux.url = 'https://github.com/ops/fleet.git';
      e.baseDomain = 'lab.home.arpa';
      (e as any).apps = [{ name: 'web', namespace: 'apps', layer: 'platform', helm: { repo: 'https://charts.lan/', chart: 'web', version: '1.0.0' } }];
      (e as any).notifications = { receivers: [{ kind: 'email', name: 'ops', smarthost: 'smtp.internal:587', from: 'a@b.c', to: ['d@b.c'] }] };
    });
    expect(found(spec).map((v) => [v.path, v.value])).toEqual([
      ['fixture.apps[0].helm.repo', 'charts.lan'],
      ['fixture.notifications.receivers[0].smarthost', 'smtp.internal'],
      ['fixture.k3s.oidc.issuerHost', 'auth.lab.home.arpa'],
    ]);
  });

  it("fails on a workload cluster, whose machines get network.dns (the ProxmoxCluster's dnsServers)", () => {
    const spec = modifyWorkload(lab1, (e) => { e.network.dns = ['8.8.8.8', '2.2.2.2']; });
    expect(found(spec).map((v) => [v.path, v.value])).toEqual([['lab1.flux.url', 'gitea.home.arpa']]);
  });
});
