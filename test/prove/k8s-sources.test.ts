import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { helmIndex, ociObjects } from '../../prove/k8s/registry';
import { chartUses, writeRewritten } from '../../prove/k8s/tree-copy';
import type { TreeFile } from '../../prove/k8s/tree-copy';

// The Kubernetes half's copy of a tree departs from synth's only in where its sources point, and
// the stand-in charts are laid out as `helm push` and a Helm repository lay real ones out.

const trees: TreeFile[] = [
  { file: 'clusters/x/kubernetes/platform/oci.yaml', docs: [{ apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'OCIRepository', metadata: { name: 'cert-manager', namespace: 'flux-system' }, spec: { url: 'oci://quay.io/jetstack/charts/cert-manager', ref: { tag: 'v1.21.2' } } }] },
  { file: 'clusters/x/kubernetes/platform/repo.yaml', docs: [{ apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'HelmRepository', metadata: { name: 'longhorn', namespace: 'flux-system' }, spec: { url: 'https://charts.longhorn.io' } }] },
  { file: 'clusters/x/kubernetes/platform/hr.yaml', docs: [{ apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease', metadata: { name: 'longhorn', namespace: 'longhorn-system' }, spec: { chart: { spec: { chart: 'longhorn', version: '1.12.1', sourceRef: { kind: 'HelmRepository', name: 'longhorn', namespace: 'flux-system' } } } } }] },
  { file: 'clusters/x/kubernetes/gateway-api/git.yaml', docs: [{ apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'GitRepository', metadata: { name: 'gateway-api', namespace: 'flux-system' }, spec: { url: 'https://github.com/kubernetes-sigs/gateway-api', ref: { tag: 'v1.6.1' } } }] },
  { file: 'clusters/x/kubernetes/apps/ns.yaml', docs: [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'apps' } }] },
];

describe('the tree Flux pulls in the proving ground', () => {
  it('finds each chart the tree pulls, by OCI repository or by HelmRelease and Helm repository', () => {
    expect(chartUses(trees)).toEqual([
      { name: 'longhorn', version: '1.12.1', kind: 'http', path: 'charts.longhorn.io' },
      { name: 'cert-manager', version: 'v1.21.2', kind: 'oci', path: 'jetstack/charts/cert-manager' },
    ]);
  });

  it('points every source at loopback, lists each rewrite, and leaves every other file byte for byte', () => {
    const fleet = fs.mkdtempSync(path.join(os.tmpdir(), 'prove-tree-'));
    for (const t of trees) {
      fs.mkdirSync(path.dirname(path.join(fleet, t.file)), { recursive: true });
      fs.writeFileSync(path.join(fleet, t.file), YAML.stringify(t.docs[0]));
    }
    const into = fs.mkdtempSync(path.join(os.tmpdir(), 'prove-served-'));
    const { rewrites, upstream } = writeRewritten(fleet, trees, into, '127.0.0.1:5000', (url) => `http://127.0.0.1:6000/${url.length}.git`);
    const read = (f: string) => YAML.parse(fs.readFileSync(path.join(into, f), 'utf8'));
    expect(read('clusters/x/kubernetes/platform/oci.yaml').spec).toEqual({ url: 'oci://127.0.0.1:5000/jetstack/charts/cert-manager', ref: { tag: 'v1.21.2' }, insecure: true });
    expect(read('clusters/x/kubernetes/platform/repo.yaml').spec.url).toBe('http://127.0.0.1:5000/charts.longhorn.io');
    expect(read('clusters/x/kubernetes/gateway-api/git.yaml').spec.url).toBe('http://127.0.0.1:6000/46.git');
    expect(fs.readFileSync(path.join(into, 'clusters/x/kubernetes/apps/ns.yaml'), 'utf8')).toBe(fs.readFileSync(path.join(fleet, 'clusters/x/kubernetes/apps/ns.yaml'), 'utf8'));
    expect(rewrites.map((r) => `${r.address} ${r.path}`)).toEqual([
      'OCIRepository/flux-system/cert-manager spec.url',
      'OCIRepository/flux-system/cert-manager spec.insecure',
      'HelmRepository/flux-system/longhorn spec.url',
      'GitRepository/flux-system/gateway-api spec.url',
    ]);
    expect(upstream).toEqual([{ url: 'https://github.com/kubernetes-sigs/gateway-api', tag: 'v1.6.1', module: 'sigs.k8s.io/gateway-api' }]);
    fs.rmSync(fleet, { recursive: true });
    fs.rmSync(into, { recursive: true });
  });

  it('lays a chart out in OCI as helm push does: a Helm config and one chart layer, each by its digest', () => {
    const tgz = Buffer.from('chart bytes');
    const { manifest, blobs } = ociObjects({ name: 'podinfo', version: '6.14.1', tgz });
    const m = JSON.parse(manifest.toString());
    expect(m.config.mediaType).toBe('application/vnd.cncf.helm.config.v1+json');
    expect(m.layers).toEqual([{ mediaType: 'application/vnd.cncf.helm.chart.content.v1.tar+gzip', digest: `sha256:${createHash('sha256').update(tgz).digest('hex')}`, size: tgz.length }]);
    expect(blobs.get(m.layers[0].digest)).toEqual(tgz);
    expect(JSON.parse(blobs.get(m.config.digest)!.toString())).toEqual({ apiVersion: 'v2', name: 'podinfo', version: '6.14.1' });
  });

  it('indexes a Helm repository with absolute URLs and each archive\'s digest', () => {
    const tgz = Buffer.from('x');
    const index = YAML.parse(helmIndex('http://127.0.0.1:5000/charts.longhorn.io', [{ name: 'longhorn', version: '1.12.1', tgz }]));
    expect(index.entries.longhorn[0]).toMatchObject({ version: '1.12.1', urls: ['http://127.0.0.1:5000/charts.longhorn.io/longhorn-1.12.1.tgz'], digest: createHash('sha256').update(tgz).digest('hex') });
  });
});
