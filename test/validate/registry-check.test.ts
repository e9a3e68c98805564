import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { serveRegistry } from '../../prove/k8s/registry';
import type { Registry } from '../../prove/k8s/registry';
import { checkRegistries, pinnedArtefacts } from '../../src/validate/registry-check';
import { environmentTree } from '../../src/validate/tree-objects';

// Only a loopback registry this test starts: OCI tag lists and a Helm index.yaml, no network beyond.
const chart = (name: string, version: string) => ({ name, version, tgz: Buffer.from(`${name}-${version}`) });
let registry: Registry;
beforeAll(async () => {
  registry = await serveRegistry([
    { kind: 'oci', path: 'cilium/charts/cilium', chart: chart('cilium', '1.20.0') },
    { kind: 'oci', path: 'kube-vip/kube-vip', chart: chart('kube-vip', 'v1.0.1') },
    { kind: 'http', path: 'longhorn', chart: chart('longhorn', '1.12.1') },
  ]);
});
afterAll(() => registry.stop());

const yaml = (...docs: object[]) => docs.map((d) => YAML.stringify(d)).join('---\n');
/** A tree naming a chart from an OCI repository, one from a Helm repository, a k3s HelmChart and an image. */
function tree(host: string, versions = { cilium: '1.20.0', longhorn: '1.12.1', kubeVip: 'v1.0.1' }) {
  return environmentTree('dev', new Map([
    ['kubernetes/platform/cilium/ocirepository.yaml', yaml({ apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'OCIRepository', metadata: { name: 'cilium', namespace: 'flux-system' }, spec: { url: `oci://${host}/cilium/charts/cilium`, ref: { tag: versions.cilium } } })],
    ['kubernetes/platform/longhorn/release.yaml', yaml(
      { apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'HelmRepository', metadata: { name: 'longhorn', namespace: 'flux-system' }, spec: { url: `http://${host}/longhorn` } },
      { apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease', metadata: { name: 'longhorn', namespace: 'longhorn-system' }, spec: { chart: { spec: { chart: 'longhorn', version: versions.longhorn, sourceRef: { kind: 'HelmRepository', name: 'longhorn', namespace: 'flux-system' } } } } },
    )],
    ['bootstrap/kube-vip.yaml', yaml({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'kube-vip', namespace: 'kube-system' }, spec: { containers: [{ name: 'kube-vip', image: `${host}/kube-vip/kube-vip:${versions.kubeVip}` }] } })],
  ]));
}

describe('validate --online', () => {
  it('names every chart and image the tree pins, with where', () => {
    expect(pinnedArtefacts([tree('127.0.0.1:1')]).map((p) => [p.kind, p.source, p.chart, p.version, p.where])).toEqual([
      ['image', '127.0.0.1:1/kube-vip/kube-vip', undefined, 'v1.0.1', 'clusters/dev/bootstrap/kube-vip.yaml'],
      ['chart', 'oci://127.0.0.1:1/cilium/charts/cilium', undefined, '1.20.0', 'clusters/dev/kubernetes/platform/cilium/ocirepository.yaml'],
      ['chart', 'http://127.0.0.1:1/longhorn', 'longhorn', '1.12.1', 'clusters/dev/kubernetes/platform/longhorn/release.yaml'],
    ]);
  });

  it('finds every release the registry has: nothing to report', async () => {
    expect(await checkRegistries([tree(registry.host)])).toEqual({ findings: [], checked: 3 });
    expect(registry.requests).toEqual(expect.arrayContaining(['GET /v2/cilium/charts/cilium/tags/list 200', 'GET /v2/kube-vip/kube-vip/tags/list 200', 'GET /longhorn/index.yaml 200']));
  });

  it('fails on each release the registry does not list, naming the file, the release and what it lists', async () => {
    const { findings } = await checkRegistries([tree(registry.host, { cilium: 'v1.20.0', longhorn: '1.12.2', kubeVip: '1.0.1' })]);
    expect(findings.map((f) => [f.check, f.where])).toEqual([
      ['online', 'clusters/dev/bootstrap/kube-vip.yaml'],
      ['online', 'clusters/dev/kubernetes/platform/cilium/ocirepository.yaml'],
      ['online', 'clusters/dev/kubernetes/platform/longhorn/release.yaml'],
    ]);
    expect(findings[1]!.message).toBe(`chart oci://${registry.host}/cilium/charts/cilium v1.20.0: http://${registry.host}/v2/cilium/charts/cilium/tags/list lists no such release (it lists 1, e.g. 1.20.0); pin a release it lists`);
    expect(findings[2]!.message).toBe(`chart longhorn from http://${registry.host}/longhorn 1.12.2: http://${registry.host}/longhorn/index.yaml lists no such release (it lists 1, e.g. 1.12.1); pin a release it lists`);
  });

  it('says so when a repository is not there', async () => {
    const missing = environmentTree('dev', new Map([['kubernetes/x/oci.yaml', yaml({ apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'OCIRepository', metadata: { name: 'x' }, spec: { url: `oci://${registry.host}/nothing/here`, ref: { tag: '1.0.0' } } })]]));
    const { findings } = await checkRegistries([missing]);
    expect(findings.map((f) => f.message)).toEqual([`chart oci://${registry.host}/nothing/here 1.0.0: http://${registry.host}/v2/nothing/here/tags/list answered 404; the repository is not there, or needs credentials this check does not have`]);
  });

  it('fails clearly when a registry cannot be reached', async () => {
    // A port that was just free: nothing listens on it.
    const server = http.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    await new Promise<void>((r) => server.close(() => r()));
    const { findings } = await checkRegistries([tree(host)]);
    expect(findings).toHaveLength(3);
    expect(findings[0]!.message).toMatch(new RegExp(`^image ${host}/kube-vip/kube-vip v1.0.1: its registry could not be reached \\(.+\\); run validate --online where ${host}/kube-vip/kube-vip is reachable, or without --online$`));
  });

  it('takes the anonymous token a registry asks for, as a pull does', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(`${req.url} ${req.headers.authorization ?? '-'}`);
      if (req.url?.startsWith('/token')) return void res.end(JSON.stringify({ token: 'anon' }));
      if (req.headers.authorization !== 'Bearer anon') {
        res.writeHead(401, { 'www-authenticate': `Bearer realm="http://${req.headers.host}/token",service="registry.test",scope="repository:kube-vip/kube-vip:pull"` });
        return void res.end();
      }
      res.end(JSON.stringify({ name: 'kube-vip/kube-vip', tags: ['v1.0.1'] }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    const only = environmentTree('dev', new Map([['bootstrap/kube-vip.yaml', yaml({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'k' }, spec: { containers: [{ name: 'k', image: `${host}/kube-vip/kube-vip:v1.0.1` }] } })]]));
    expect((await checkRegistries([only])).findings).toEqual([]);
    expect(seen).toEqual(['/v2/kube-vip/kube-vip/tags/list -', '/token?service=registry.test&scope=repository%3Akube-vip%2Fkube-vip%3Apull -', '/v2/kube-vip/kube-vip/tags/list Bearer anon']);
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('reads images from a manifest a string carries (kubeadm files), and leaves digests alone', () => {
    const kcp = environmentTree('lab', new Map([['kubernetes/kcp.yaml', yaml({ apiVersion: 'x/v1', kind: 'KubeadmControlPlane', metadata: { name: 'k' }, spec: { files: [{ content: YAML.stringify({ spec: { containers: [{ image: 'ghcr.io/kube-vip/kube-vip:v1.0.1' }, { image: 'busybox@sha256:abc' }, { image: 'localhost:5000/plain' }] } }) }] } })]]));
    expect(pinnedArtefacts([kcp]).map((p) => `${p.source} ${p.version}`)).toEqual(['ghcr.io/kube-vip/kube-vip v1.0.1']);
  });
});

describe('validate --online, once per release', () => {
  it('asks once for a release two files name, and names the first file', () => {
    const pod = (name: string) => yaml({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name, image: 'ghcr.io/kube-vip/kube-vip:v1.0.1' }] } });
    const two = environmentTree('dev', new Map([['bootstrap/a.yaml', pod('a')], ['bootstrap/b.yaml', pod('b')]]));
    expect(pinnedArtefacts([two]).map((p) => p.where)).toEqual(['clusters/dev/bootstrap/a.yaml']);
  });

  it('reads a k3s HelmChart from a Helm repository or an OCI chart', () => {
    const charts = environmentTree('mgmt', new Map([['kubernetes/c.yaml', yaml(
      { apiVersion: 'helm.cattle.io/v1', kind: 'HelmChart', metadata: { name: 'cert-manager' }, spec: { repo: 'https://charts.jetstack.io', chart: 'cert-manager', version: 'v1.21.2' } },
      { apiVersion: 'helm.cattle.io/v1', kind: 'HelmChart', metadata: { name: 'o' }, spec: { chart: 'oci://quay.io/jetstack/charts/cert-manager', version: 'v1.21.2' } },
    )]]));
    expect(pinnedArtefacts([charts]).map((p) => [p.source, p.chart, p.version])).toEqual([
      ['https://charts.jetstack.io', 'cert-manager', 'v1.21.2'],
      ['oci://quay.io/jetstack/charts/cert-manager', undefined, 'v1.21.2'],
    ]);
  });
});
