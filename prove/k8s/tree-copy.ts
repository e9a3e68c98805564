/**
 * The committed trees as Flux pulls them here: a copy of the fleet's `clusters/` whose chart and
 * Git sources point at loopback (the registry of stand-in charts, the local Git server), every
 * other byte as synth wrote it. The fleet's own files are never touched; each rewrite is listed.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import type { Rewrite } from '../rewrite';
import type { Placement } from './registry';
import { packStandIn } from './stand-ins';

type Json = Record<string, any>;

export interface TreeFile {
  /** Relative to the fleet's root (`clusters/<env>/kubernetes/…`). */
  readonly file: string;
  readonly docs: readonly Json[];
}

/** Every YAML file under `clusters/*\/kubernetes`, parsed. */
export function readTrees(fleet: string): TreeFile[] {
  const out: TreeFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ya?ml$/.test(entry.name)) {
        const docs = YAML.parseAllDocuments(fs.readFileSync(full, 'utf8')).map((d) => d.toJS() as Json).filter((d) => d && typeof d === 'object');
        out.push({ file: path.relative(fleet, full), docs });
      }
    }
  };
  const clusters = path.join(fleet, 'clusters');
  for (const env of fs.readdirSync(clusters).sort()) {
    const k8s = path.join(clusters, env, 'kubernetes');
    if (fs.existsSync(k8s)) walk(k8s);
  }
  return out;
}

const idOf = (o: Json) => `${o.kind}/${o.metadata?.namespace ? `${o.metadata.namespace}/` : ''}${o.metadata?.name}`;

/** The chart each HelmRelease installs and where its source says it lives. */
interface ChartUse { readonly name: string; readonly version: string; readonly kind: 'oci' | 'http'; readonly path: string }

/** An `oci://host/a/b` URL's path (`a/b`), or an `https://host/a` one's as a Helm repository path. */
const ociPath = (url: string) => url.replace(/^oci:\/\/[^/]+\//, '');
const httpPath = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/+$/, '').replace(/[^A-Za-z0-9._-]+/g, '_');

/** The charts the trees pull, one placement each (name, version, where). */
export function chartUses(trees: readonly TreeFile[]): ChartUse[] {
  const objects = trees.flatMap((t) => t.docs);
  const find = (kind: string, ns: string, name: string) => objects.find((o) => o.kind === kind && o.metadata?.name === name && (o.metadata?.namespace ?? ns) === ns);
  const uses = new Map<string, ChartUse>();
  const add = (u: ChartUse) => uses.set(`${u.kind} ${u.path} ${u.version}`, u);
  for (const o of objects) {
    if (o.kind === 'OCIRepository' && typeof o.spec?.url === 'string') {
      const p = ociPath(o.spec.url);
      add({ name: p.split('/').at(-1)!, version: String(o.spec.ref?.tag ?? ''), kind: 'oci', path: p });
    }
    if (o.kind === 'HelmRelease' && o.spec?.chart?.spec) {
      const spec = o.spec.chart.spec as Json;
      const ref = spec.sourceRef as Json;
      const repo = ref?.kind === 'HelmRepository' ? find('HelmRepository', ref.namespace ?? o.metadata.namespace, ref.name) : undefined;
      if (!repo) continue;
      const oci = repo.spec?.type === 'oci';
      add({ name: spec.chart, version: String(spec.version), kind: oci ? 'oci' : 'http', path: oci ? `${ociPath(repo.spec.url)}/${spec.chart}` : httpPath(repo.spec.url) });
    }
  }
  return [...uses.values()].sort((a, b) => (`${a.kind}${a.path}` < `${b.kind}${b.path}` ? -1 : 1));
}

/** Packs a stand-in for every chart the trees pull. */
export function placements(work: string, trees: readonly TreeFile[]): Placement[] {
  return chartUses(trees).map((u) => ({ kind: u.kind, path: u.path, chart: packStandIn(work, u.name, u.version) }));
}

/** A Git repository the trees pull from upstream: its URL, the tag, and the Go module that carries its files. */
export interface UpstreamGit { readonly url: string; readonly tag: string; readonly module: string }

/** Upstream Git repositories whose files the Go module proxy serves (the module is the repository). */
const GIT_MODULES: Readonly<Record<string, string>> = {
  'https://github.com/kubernetes-sigs/gateway-api': 'sigs.k8s.io/gateway-api',
};

export interface Rewritten {
  readonly rewrites: Rewrite[];
  readonly upstream: UpstreamGit[];
}

/**
 * Copies the fleet's `clusters/` under `into`, the rewritten files over it, and says what was
 * rewritten. `registry` is the loopback registry's host; `git(url)` the local Git server's URL for
 * an upstream one.
 */
export function writeRewritten(fleet: string, trees: readonly TreeFile[], into: string, registry: string, git: (url: string) => string): Rewritten {
  fs.rmSync(path.join(into, 'clusters'), { recursive: true, force: true });
  fs.cpSync(path.join(fleet, 'clusters'), path.join(into, 'clusters'), { recursive: true });
  const rewrites: Rewrite[] = [];
  const upstream = new Map<string, UpstreamGit>();
  const set = (o: Json, field: string, to: unknown, why: string) => {
    const from = o.spec[field];
    if (from === to) return;
    o.spec[field] = to;
    rewrites.push({ address: idOf(o), path: `spec.${field}`, from, to, why });
  };
  for (const t of trees) {
    const docs = t.docs.map((d) => structuredClone(d));
    for (const o of docs) {
      if ((o.kind === 'OCIRepository' || (o.kind === 'HelmRepository' && o.spec?.type === 'oci')) && typeof o.spec?.url === 'string') {
        set(o, 'url', o.spec.url.replace(/^oci:\/\/[^/]+/, `oci://${registry}`), 'no registry is reachable here: the loopback registry serves a stand-in chart of the same name and version');
        set(o, 'insecure', true, 'the loopback registry speaks plain HTTP');
      } else if (o.kind === 'HelmRepository' && typeof o.spec?.url === 'string') {
        set(o, 'url', `http://${registry}/${httpPath(o.spec.url)}`, 'no chart repository is reachable here: the loopback one serves a stand-in chart of the same name and version');
      } else if (o.kind === 'GitRepository' && typeof o.spec?.url === 'string') {
        const module = GIT_MODULES[o.spec.url];
        if (module && o.spec.ref?.tag) upstream.set(o.spec.url, { url: o.spec.url, tag: o.spec.ref.tag, module });
        set(o, 'url', git(o.spec.url), module ? `no forge is reachable here: the local Git server holds ${module} at ${o.spec.ref?.tag}, from the Go module proxy` : 'no forge is reachable here: the local Git server holds the same files');
      }
    }
    const target = path.join(into, t.file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const changed = docs.some((d, i) => JSON.stringify(d) !== JSON.stringify(t.docs[i]));
    if (changed) fs.writeFileSync(target, docs.map((d) => YAML.stringify(d)).join('---\n'));
  }
  return { rewrites, upstream: [...upstream.values()] };
}
