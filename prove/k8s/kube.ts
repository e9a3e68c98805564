/**
 * What the scenarios do to an API server, with the admin kubeconfig: server-side apply under one
 * field manager, get, list, delete, and waiting for a Flux object's Ready condition. Plain HTTPS
 * with @kubernetes/client-node's KubeConfig for the credentials (the client `verify` uses), the
 * JSON as the server speaks it: client-node's object API serializes through its typed models,
 * which drop a CRD schema's `x-kubernetes-*` keys. Not Debian's kubectl: its 1.32 is four minors
 * from the server, outside kubectl's supported skew of one.
 */
import fs from 'node:fs';
import https from 'node:https';
import { KubeConfig } from '@kubernetes/client-node';
import YAML from 'yaml';

export const FIELD_MANAGER = 'k3s-gitops-synth-prove';

export type Obj = { apiVersion?: string; kind?: string; metadata?: Record<string, any> } & Record<string, any>;

export interface Ref {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
}

export interface Kube {
  readonly kc: KubeConfig;
  /** Each apiVersion's resources as discovery lists them, fetched again when a kind is missing. */
  readonly discovery: Map<string, { kind: string; name: string; namespaced: boolean }[]>;
}

/** A client of the API server the kubeconfig file names. */
export function kube(server: { readonly kubeconfig: string }): Kube {
  const kc = new KubeConfig();
  kc.loadFromFile(server.kubeconfig);
  return { kc, discovery: new Map() };
}

export const refOf = (o: Obj): Ref => ({ apiVersion: o.apiVersion!, kind: o.kind!, name: o.metadata!.name!, ...(o.metadata?.namespace ? { namespace: o.metadata.namespace } : {}) });
export const shown = (ref: Ref) => `${ref.kind} ${ref.namespace ? `${ref.namespace}/` : ''}${ref.name}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Response { readonly status: number; readonly body: any }

/** One request with the kubeconfig's credentials; the body parsed as JSON when it is. */
async function request(k: Kube, method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<Response> {
  const server = k.kc.getCurrentCluster()!.server;
  const options: https.RequestOptions = { method, headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': contentType }) } };
  await k.kc.applyToHTTPSOptions(options);
  return new Promise((resolve, reject) => {
    const req = https.request(new URL(path, server), { ...options, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: (() => { try { return JSON.parse(text); } catch { return text; } })() });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${server} within 30 s`)));
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The API's own words for a refused request (the Status message), else the HTTP status. */
export function messageOf(response: Response): string {
  return typeof response.body?.message === 'string' ? response.body.message : `HTTP ${response.status}${typeof response.body === 'string' && response.body ? `: ${response.body.slice(0, 200)}` : ''}`;
}

/** The URL path of a kind's collection (or of one object, with a name), from discovery. */
export async function resourcePath(k: Kube, ref: { apiVersion: string; kind: string; namespace?: string; name?: string }): Promise<string> {
  const base = ref.apiVersion.includes('/') ? `/apis/${ref.apiVersion}` : `/api/${ref.apiVersion}`;
  let found = k.discovery.get(ref.apiVersion)?.find((r) => r.kind === ref.kind);
  if (!found) {
    const response = await request(k, 'GET', base);
    if (response.status !== 200) throw new Error(`the server serves no ${ref.apiVersion} (${messageOf(response)}): is its CRD installed?`);
    const resources = (response.body.resources as { kind: string; name: string; namespaced: boolean }[]).filter((r) => !r.name.includes('/'));
    k.discovery.set(ref.apiVersion, resources);
    found = resources.find((r) => r.kind === ref.kind);
    if (!found) throw new Error(`the server serves no kind ${ref.kind} in ${ref.apiVersion}`);
  }
  const namespace = found.namespaced ? `/namespaces/${ref.namespace ?? 'default'}` : '';
  return `${base}${ref.namespace === undefined && ref.name === undefined ? '' : namespace}/${found.name}${ref.name ? `/${ref.name}` : ''}`;
}

/** The documents of a multi-document YAML text, empty ones left out. */
export function documents(yaml: string): Obj[] {
  return YAML.parseAllDocuments(yaml).map((d) => d.toJS() as Obj | null).filter((o): o is Obj => o !== null && typeof o === 'object');
}

/**
 * The order objects go in: CRDs, then namespaces, then the rest as given (a custom resource
 * needs its definition served, a namespaced object its namespace).
 */
export function applyOrder(objects: readonly Obj[]): Obj[] {
  const rank = (o: Obj) => (o.kind === 'CustomResourceDefinition' ? 0 : o.kind === 'Namespace' ? 1 : 2);
  return [...objects].sort((a, b) => rank(a) - rank(b));
}

async function applyOne(k: Kube, object: Obj): Promise<Obj> {
  const ref = refOf(object);
  const response = await request(k, 'PATCH', `${await resourcePath(k, ref)}?fieldManager=${FIELD_MANAGER}&force=true`, object, 'application/apply-patch+yaml');
  if (response.status !== 200 && response.status !== 201) throw new Error(`apply ${shown(ref)} failed: ${messageOf(response)}`);
  return response.body as Obj;
}

/**
 * Server-side apply of every object of a YAML text (or of a file, with `{ file }`), CRDs first
 * and served before the rest; returns what the server stored.
 */
export async function apply(k: Kube, source: string | { readonly file: string }): Promise<Obj[]> {
  const ordered = applyOrder(documents(typeof source === 'string' ? source : fs.readFileSync(source.file, 'utf8')));
  const crds = ordered.filter((o) => o.kind === 'CustomResourceDefinition');
  const applied: Obj[] = [];
  for (const crd of crds) applied.push(await applyOne(k, crd));
  for (const crd of crds) await waitEstablished(k, crd.metadata!.name!);
  for (const object of ordered.slice(crds.length)) applied.push(await applyOne(k, object));
  return applied;
}

/** Waits until a CRD's definition is served (condition Established). */
export async function waitEstablished(k: Kube, name: string, timeoutSeconds = 30): Promise<void> {
  await waitFor(k, { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name }, 'Established', timeoutSeconds);
}

/** The object, or undefined when the server has none. */
export async function get(k: Kube, ref: Ref): Promise<Obj | undefined> {
  const response = await request(k, 'GET', await resourcePath(k, ref));
  if (response.status === 404) return undefined;
  if (response.status !== 200) throw new Error(`get ${shown(ref)} failed: ${messageOf(response)}`);
  return response.body as Obj;
}

/** Every object of a kind (in one namespace, or in all). */
export async function list(k: Kube, apiVersion: string, kind: string, namespace?: string): Promise<Obj[]> {
  const response = await request(k, 'GET', await resourcePath(k, { apiVersion, kind, ...(namespace ? { namespace } : {}) }));
  if (response.status !== 200) throw new Error(`list ${kind} failed: ${messageOf(response)}`);
  return (response.body.items ?? []) as Obj[];
}

/** Deletes the object (in the background, as kubectl does); false when there was none. */
export async function remove(k: Kube, ref: Ref): Promise<boolean> {
  const response = await request(k, 'DELETE', await resourcePath(k, ref), { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' });
  if (response.status === 404) return false;
  if (response.status !== 200 && response.status !== 202) throw new Error(`delete ${shown(ref)} failed: ${messageOf(response)}`);
  return true;
}

/** A condition of the object's status, by type. */
export const conditionOf = (o: Obj | undefined, type: string): { status?: string; reason?: string; message?: string } | undefined =>
  (o?.status?.conditions as { type: string; status?: string; reason?: string; message?: string }[] | undefined)?.find((c) => c.type === type);

/**
 * Whether a condition is True for the object's current generation: a Flux object reports
 * `observedGeneration` once it has reconciled what was last written.
 */
export function conditionTrue(o: Obj | undefined, type: string): boolean {
  if (conditionOf(o, type)?.status !== 'True') return false;
  const observed = o?.status?.observedGeneration as number | undefined;
  return observed === undefined || o?.metadata?.generation === undefined || observed >= o.metadata.generation;
}

/**
 * Waits until the object's condition (Ready by default) is True for its current generation;
 * on timeout fails with the condition's last reason and message.
 */
export async function waitFor(k: Kube, ref: Ref, type = 'Ready', timeoutSeconds = 120): Promise<Obj> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  let last: Obj | undefined;
  for (;;) {
    last = await get(k, ref);
    if (conditionTrue(last, type)) return last!;
    if (Date.now() > deadline) {
      const c = conditionOf(last, type);
      const state = !last ? 'does not exist' : c ? `is ${type}=${c.status} (${c.reason ?? 'no reason'}): ${c.message ?? 'no message'}` : `has no ${type} condition`;
      throw new Error(`${shown(ref)} not ${type} after ${timeoutSeconds} s: it ${state}`);
    }
    await sleep(500);
  }
}
