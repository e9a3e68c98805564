import YAML from 'yaml';
import type { Finding } from './findings';
import type { EnvironmentTree, TreeObject } from './tree-objects';

/**
 * `validate --online`: every chart and image the trees pin, asked of its registry, the way a
 * pull would find it: an OCI repository's tag list (the distribution spec's
 * `GET /v2/<name>/tags/list`) or a Helm repository's index.yaml. Opt-in: the rest of validate
 * reads nothing but the disk.
 */

/** One pinned artefact and where the tree names it. */
export interface Pinned {
  readonly kind: 'chart' | 'image';
  /** `oci://quay.io/cilium/charts/cilium`, `https://charts.longhorn.io`, `ghcr.io/kube-vip/kube-vip`. */
  readonly source: string;
  /** The chart's name in a Helm repository; undefined for an OCI repository. */
  readonly chart?: string;
  readonly version: string;
  readonly where: string;
}

const byName = (objects: readonly TreeObject[], kind: string, name: string, namespace: string) =>
  objects.find(({ doc }) => doc.kind === kind && doc.metadata?.name === name && (doc.metadata?.namespace ?? 'default') === namespace);

/** `image: ghcr.io/kube-vip/kube-vip:v1.0.1` anywhere in an object, a manifest embedded in a string included (kubeadm's files). */
function imagesIn(value: unknown): string[] {
  if (typeof value === 'string') {
    if (!value.includes('image:') || !value.includes('\n')) return [];
    try {
      return imagesIn(YAML.parseAllDocuments(value).map((d) => d.toJS()));
    } catch {
      return [];
    }
  }
  if (Array.isArray(value)) return value.flatMap(imagesIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === 'image' && typeof v === 'string' ? [v] : imagesIn(v)));
}

/** `repo:tag` → its parts; undefined for a digest or an untagged name (nothing pinned to ask about). */
function splitImage(image: string): { repository: string; tag: string } | undefined {
  const at = image.lastIndexOf(':');
  if (image.includes('@') || at === -1 || image.slice(at).includes('/')) return undefined;
  return { repository: image.slice(0, at), tag: image.slice(at + 1) };
}

/** Every chart and image the trees pin, once each, with the first place that names it, by that place. */
export function pinnedArtefacts(trees: readonly EnvironmentTree[]): Pinned[] {
  const found: Pinned[] = [];
  for (const tree of trees) {
    for (const { file, doc } of tree.objects) {
      const spec = doc.spec ?? {};
      if (doc.kind === 'OCIRepository' && typeof spec.url === 'string' && typeof spec.ref?.tag === 'string') {
        found.push({ kind: 'chart', source: spec.url, version: spec.ref.tag, where: file });
      }
      const chart = doc.kind === 'HelmRelease' ? spec.chart?.spec : undefined;
      if (chart?.sourceRef?.kind === 'HelmRepository' && typeof chart.version === 'string') {
        const repository = byName(tree.objects, 'HelmRepository', chart.sourceRef.name, chart.sourceRef.namespace ?? doc.metadata?.namespace ?? 'default');
        const url = repository?.doc.spec?.url;
        if (typeof url === 'string') found.push({ kind: 'chart', source: url, chart: url.startsWith('oci://') ? undefined : chart.chart, version: chart.version, where: file });
      }
      if (doc.kind === 'HelmChart' && typeof spec.version === 'string') {
        if (typeof spec.repo === 'string') found.push({ kind: 'chart', source: spec.repo, chart: spec.chart, version: spec.version, where: file });
        else if (typeof spec.chart === 'string' && spec.chart.startsWith('oci://')) found.push({ kind: 'chart', source: spec.chart, version: spec.version, where: file });
      }
      for (const image of imagesIn(doc)) {
        const parts = splitImage(image);
        if (parts) found.push({ kind: 'image', source: parts.repository, version: parts.tag, where: file });
      }
    }
  }
  const first = new Map<string, Pinned>();
  for (const p of found) if (!first.has(`${p.source} ${p.chart ?? ''} ${p.version}`)) first.set(`${p.source} ${p.chart ?? ''} ${p.version}`, p);
  const once = [...first.values()];
  return once.sort((a, b) => (`${a.where} ${a.source}` < `${b.where} ${b.source}` ? -1 : 1));
}

/** The distribution host and name of an OCI reference or image: Docker Hub's defaults where it names none. */
function registryOf(reference: string): { host: string; name: string } {
  const plain = reference.replace(/^oci:\/\//, '');
  const first = plain.split('/')[0]!;
  const hosted = plain.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost');
  if (hosted) return { host: first, name: plain.slice(first.length + 1) };
  return { host: 'registry-1.docker.io', name: plain.includes('/') ? plain : `library/${plain}` };
}

// Docker treats a registry on 127.0.0.0/8 as insecure by default (docker/docs "Test an insecure
// registry"); so does this check: loopback over http, every other host over https.
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost)(:\d+)?$/;
const baseOf = (host: string) => `${LOOPBACK.test(host) ? 'http' : 'https'}://${host}`;

export type Fetch = (url: string, init?: { headers?: Record<string, string> }) => Promise<{ status: number; headers: { get(name: string): string | null }; text(): Promise<string> }>;

/** GET with one anonymous token round where the registry asks for it (the distribution token flow). */
async function get(fetcher: Fetch, url: string): Promise<{ status: number; body: string }> {
  const first = await fetcher(url);
  const challenge = first.status === 401 ? first.headers.get('www-authenticate') : null;
  const realm = challenge?.match(/realm="([^"]+)"/)?.[1];
  if (!realm) return { status: first.status, body: await first.text() };
  const params = ['service', 'scope'].flatMap((k) => {
    const v = challenge!.match(new RegExp(`${k}="([^"]+)"`))?.[1];
    return v === undefined ? [] : [`${k}=${encodeURIComponent(v)}`];
  });
  const token = JSON.parse(await (await fetcher(`${realm}?${params.join('&')}`)).text()) as { token?: string; access_token?: string };
  const second = await fetcher(url, { headers: { authorization: `Bearer ${token.token ?? token.access_token ?? ''}` } });
  return { status: second.status, body: await second.text() };
}

/** The releases a source lists: an OCI repository's tags, or a Helm repository's versions of one chart. */
async function releases(fetcher: Fetch, p: Pinned): Promise<{ url: string; versions?: readonly string[]; status?: number }> {
  if (p.chart === undefined) {
    const { host, name } = registryOf(p.source);
    const url = `${baseOf(host)}/v2/${name}/tags/list`;
    const res = await get(fetcher, url);
    return res.status === 200 ? { url, versions: (JSON.parse(res.body) as { tags?: string[] }).tags ?? [] } : { url, status: res.status };
  }
  const url = `${p.source.replace(/\/$/, '')}/index.yaml`;
  const res = await get(fetcher, url);
  if (res.status !== 200) return { url, status: res.status };
  const index = YAML.parse(res.body) as { entries?: Record<string, { version?: string }[]> };
  return { url, versions: (index.entries?.[p.chart] ?? []).map((e) => String(e.version)) };
}

// A registry that does not answer in this time counts as unreachable (a finding, never a hang).
const TIMEOUT_MS = 15_000;
const timed: Fetch = (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });

/** Asks each pinned chart's and image's registry whether it has the release; a finding for each one it has not, or cannot be asked. */
export async function checkRegistries(trees: readonly EnvironmentTree[], fetcher: Fetch = timed): Promise<{ findings: Finding[]; checked: number }> {
  const pinned = pinnedArtefacts(trees);
  const findings = await Promise.all(pinned.map(async (p): Promise<Finding[]> => {
    const what = `${p.kind} ${p.chart === undefined ? p.source : `${p.chart} from ${p.source}`} ${p.version}`;
    let answer: Awaited<ReturnType<typeof releases>>;
    try {
      answer = await releases(fetcher, p);
    } catch (error) {
      return [{ check: 'online', where: p.where, message: `${what}: its registry could not be reached (${(error as Error).message}); run validate --online where ${p.source} is reachable, or without --online` }];
    }
    if (answer.versions === undefined) return [{ check: 'online', where: p.where, message: `${what}: ${answer.url} answered ${answer.status}; the repository is not there, or needs credentials this check does not have` }];
    if (answer.versions.includes(p.version)) return [];
    return [{ check: 'online', where: p.where, message: `${what}: ${answer.url} lists no such release (${answer.versions.length === 0 ? 'it lists none' : `it lists ${answer.versions.length}, e.g. ${answer.versions.slice(-3).join(', ')}`}); pin a release it lists` }];
  }));
  return { findings: findings.flat(), checked: pinned.length };
}
