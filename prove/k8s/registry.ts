/**
 * The chart sources of a tree, on loopback: an OCI distribution endpoint (the read side of the
 * OCI distribution spec that source-controller's OCIRepository and OCI HelmRepository use) and
 * Helm HTTP repositories (index.yaml + .tgz), both serving the stand-in charts the harness packs.
 * Only what a pull needs: the harness writes every artifact before a controller asks.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import YAML from 'yaml';

/** A packed chart: its name, version and the .tgz Helm reads. */
export interface PackedChart {
  readonly name: string;
  readonly version: string;
  readonly tgz: Buffer;
}

/** Where a chart is served: an OCI repository path (`jetstack/charts/cert-manager`) or a Helm HTTP repository's path (`longhorn`). */
export interface Placement {
  readonly kind: 'oci' | 'http';
  readonly path: string;
  readonly chart: PackedChart;
}

const MANIFEST = 'application/vnd.oci.image.manifest.v1+json';
// Helm's own media types (helm.sh/helm/v3 pkg/registry/constants.go).
const HELM_CONFIG = 'application/vnd.cncf.helm.config.v1+json';
const HELM_LAYER = 'application/vnd.cncf.helm.chart.content.v1.tar+gzip';

const digestOf = (bytes: Buffer) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

interface Served { readonly type: string; readonly body: Buffer }

/** The OCI objects of one chart, as `helm push` lays them out: a config, one layer, a manifest. */
export function ociObjects(chart: PackedChart): { manifest: Buffer; blobs: Map<string, Buffer> } {
  const config = Buffer.from(JSON.stringify({ apiVersion: 'v2', name: chart.name, version: chart.version }));
  const manifest = Buffer.from(JSON.stringify({
    schemaVersion: 2,
    mediaType: MANIFEST,
    config: { mediaType: HELM_CONFIG, digest: digestOf(config), size: config.length },
    layers: [{ mediaType: HELM_LAYER, digest: digestOf(chart.tgz), size: chart.tgz.length }],
    annotations: { 'org.opencontainers.image.title': chart.name, 'org.opencontainers.image.version': chart.version },
  }));
  return { manifest, blobs: new Map([[digestOf(config), config], [digestOf(chart.tgz), chart.tgz]]) };
}

/** A Helm repository's index.yaml for the charts under one path, each URL absolute. */
export function helmIndex(base: string, charts: readonly PackedChart[]): string {
  const entries: Record<string, unknown[]> = {};
  for (const c of charts) {
    (entries[c.name] ??= []).push({
      apiVersion: 'v2', name: c.name, version: c.version,
      urls: [`${base}/${c.name}-${c.version}.tgz`],
      digest: createHash('sha256').update(c.tgz).digest('hex'),
      created: '2026-01-01T00:00:00Z',
    });
  }
  return YAML.stringify({ apiVersion: 'v1', entries, generated: '2026-01-01T00:00:00Z' });
}

export interface Registry {
  /** `127.0.0.1:<port>`: the host that replaces each registry's in the rewritten tree. */
  readonly host: string;
  /** Requests answered so far (method, path, status), for the report when a pull fails. */
  readonly requests: readonly string[];
  stop(): Promise<void>;
}

/** Serves the placements; the routing table is fixed at start. */
export async function serveRegistry(placements: readonly Placement[]): Promise<Registry> {
  const routes = new Map<string, Served>();
  const tags = new Map<string, string[]>();
  const http_ = new Map<string, PackedChart[]>();
  for (const p of placements) {
    if (p.kind === 'oci') {
      const { manifest, blobs } = ociObjects(p.chart);
      const served = { type: MANIFEST, body: manifest };
      routes.set(`/v2/${p.path}/manifests/${p.chart.version}`, served);
      routes.set(`/v2/${p.path}/manifests/${digestOf(manifest)}`, served);
      for (const [digest, body] of blobs) routes.set(`/v2/${p.path}/blobs/${digest}`, { type: 'application/octet-stream', body });
      tags.set(p.path, [...(tags.get(p.path) ?? []), p.chart.version]);
    } else {
      http_.set(p.path, [...(http_.get(p.path) ?? []), p.chart]);
      routes.set(`/${p.path}/${p.chart.name}-${p.chart.version}.tgz`, { type: 'application/gzip', body: p.chart.tgz });
    }
  }
  for (const [path, versions] of tags) routes.set(`/v2/${path}/tags/list`, { type: 'application/json', body: Buffer.from(JSON.stringify({ name: path, tags: versions })) });
  routes.set('/v2/', { type: 'application/json', body: Buffer.from('{}') });
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0]!;
    let found = routes.get(url);
    if (!found) {
      const repo = url.match(/^\/(.+)\/index\.yaml$/)?.[1];
      const charts = repo ? http_.get(repo) : undefined;
      if (charts) found = { type: 'application/x-yaml', body: Buffer.from(helmIndex(`http://${req.headers.host}/${repo}`, charts)) };
    }
    requests.push(`${req.method} ${url} ${found ? 200 : 404}`);
    if (!found) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ code: 'NAME_UNKNOWN', message: `${url} is not served here` }] }));
      return;
    }
    res.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length, 'docker-content-digest': digestOf(found.body) });
    res.end(req.method === 'HEAD' ? undefined : found.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    requests,
    stop: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
