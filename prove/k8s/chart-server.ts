/**
 * A Helm HTTP repository on loopback for charts this machine cannot fetch: each small chart (a
 * Chart.yaml and one template per object, no template logic) packed with tar, served with its
 * index.yaml as source-controller reads a HelmRepository.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import YAML from 'yaml';

export interface LocalChart {
  readonly name: string;
  readonly version: string;
  /** The objects the chart installs, as they are (rendered without values). */
  readonly objects: readonly Record<string, unknown>[];
}

export interface ChartServer {
  /** The repository URL a HelmRepository's spec.url names. */
  readonly url: string;
  stop(): Promise<void>;
}

const archiveOf = (chart: LocalChart) => `${chart.name}-${chart.version}.tgz`;

/** The chart's files, by path inside the archive (`<name>/Chart.yaml`, `<name>/templates/…`). */
export function chartFiles(chart: LocalChart): Map<string, string> {
  const files = new Map<string, string>();
  files.set(`${chart.name}/Chart.yaml`, YAML.stringify({ apiVersion: 'v2', name: chart.name, version: chart.version, appVersion: chart.version, type: 'application', description: 'A small local chart of the proving ground, standing in for one this machine cannot fetch.' }));
  chart.objects.forEach((object, i) => {
    const meta = (object.metadata ?? {}) as { name?: string };
    const file = `${String(i).padStart(2, '0')}-${String(object.kind ?? 'object').toLowerCase()}-${meta.name ?? 'unnamed'}.yaml`;
    // Helm reads templates as Go templates: a `{{` in an object would be evaluated, so none may carry one.
    const text = YAML.stringify(object);
    if (text.includes('{{')) throw new Error(`chart ${chart.name}: object ${meta.name ?? i} holds "{{", which Helm would evaluate as a template; leave it out of a local chart`);
    files.set(`${chart.name}/templates/${file}`, text);
  });
  return files;
}

/** The repository's index.yaml (Helm's repo.IndexFile) over the packed archives. */
export function indexYaml(url: string, charts: readonly (LocalChart & { digest: string })[]): string {
  const entries: Record<string, unknown[]> = {};
  for (const c of charts) {
    (entries[c.name] ??= []).push({ apiVersion: 'v2', name: c.name, version: c.version, appVersion: c.version, type: 'application', urls: [`${url}/${archiveOf(c)}`], digest: c.digest, created: '2026-01-01T00:00:00Z' });
  }
  return YAML.stringify({ apiVersion: 'v1', entries, generated: '2026-01-01T00:00:00Z' });
}

export function serveCharts(work: string, charts: readonly LocalChart[]): Promise<ChartServer> {
  const dir = path.join(work, 'charts');
  fs.mkdirSync(dir, { recursive: true });
  const packed = charts.map((chart) => {
    const staging = fs.mkdtempSync(path.join(dir, '.pack-'));
    for (const [file, text] of chartFiles(chart)) {
      fs.mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
      fs.writeFileSync(path.join(staging, file), text);
    }
    execFileSync('tar', ['-czf', path.join(dir, archiveOf(chart)), '-C', staging, chart.name]);
    fs.rmSync(staging, { recursive: true, force: true });
    return { ...chart, digest: crypto.createHash('sha256').update(fs.readFileSync(path.join(dir, archiveOf(chart)))).digest('hex') };
  });
  const server = http.createServer((req, res) => {
    const name = path.basename(decodeURIComponent((req.url ?? '/').split('?')[0]!));
    const file = path.join(dir, name);
    if (req.method !== 'GET' || name.startsWith('.') || !fs.existsSync(file)) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': name.endsWith('.yaml') ? 'application/x-yaml' : 'application/gzip' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
      fs.writeFileSync(path.join(dir, 'index.yaml'), indexYaml(url, packed));
      let stopping: Promise<void> | undefined;
      resolve({ url, stop: () => (stopping ??= new Promise((done) => { server.close(() => done()); server.closeAllConnections(); })) });
    });
  });
}
