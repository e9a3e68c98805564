/**
 * What the scenarios do to an API server, through @kubernetes/client-node (the client `verify`
 * uses) with the admin kubeconfig: server-side apply under one field manager, get, list, delete,
 * and waiting for a Flux object's Ready condition. Not Debian's kubectl: its 1.32 is four minors
 * from the server, outside kubectl's supported skew of one.
 */
import fs from 'node:fs';
import { KubeConfig, KubernetesObjectApi, PatchStrategy } from '@kubernetes/client-node';
import type { KubernetesObject } from '@kubernetes/client-node';
import YAML from 'yaml';

export const FIELD_MANAGER = 'k3s-gitops-synth-prove';

export type Obj = KubernetesObject & Record<string, any>;

export interface Ref {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
}

export interface Kube {
  readonly kc: KubeConfig;
  readonly api: KubernetesObjectApi;
}

/** A client of the API server the kubeconfig file names. */
export function kube(server: { readonly kubeconfig: string }): Kube {
  const kc = new KubeConfig();
  kc.loadFromFile(server.kubeconfig);
  return { kc, api: KubernetesObjectApi.makeApiClient(kc) };
}

const header = (ref: Ref) => ({ apiVersion: ref.apiVersion, kind: ref.kind, metadata: { name: ref.name, ...(ref.namespace ? { namespace: ref.namespace } : {}) } });
export const refOf = (o: Obj): Ref => ({ apiVersion: o.apiVersion!, kind: o.kind!, name: o.metadata!.name!, ...(o.metadata?.namespace ? { namespace: o.metadata.namespace } : {}) });
export const shown = (ref: Ref) => `${ref.kind} ${ref.namespace ? `${ref.namespace}/` : ''}${ref.name}`;
const isNotFound = (error: unknown) => (error as { code?: number }).code === 404;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  try {
    return (await k.api.patch(object, undefined, undefined, FIELD_MANAGER, true, PatchStrategy.ServerSideApply)) as Obj;
  } catch (error) {
    throw new Error(`apply ${shown(refOf(object))} failed: ${messageOf(error)}`);
  }
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

/** The API's own words for a refused request (the Status message), else the error's. */
export function messageOf(error: unknown): string {
  const e = error as { body?: unknown; message?: string };
  const body = typeof e.body === 'string' ? (() => { try { return JSON.parse(e.body as string); } catch { return undefined; } })() : e.body;
  return (body as { message?: string } | undefined)?.message ?? e.message ?? String(error);
}

/** Waits until a CRD's definition is served (condition Established). */
export async function waitEstablished(k: Kube, name: string, timeoutSeconds = 30): Promise<void> {
  await waitFor(k, { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name }, 'Established', timeoutSeconds);
}

/** The object, or undefined when the server has none. */
export async function get(k: Kube, ref: Ref): Promise<Obj | undefined> {
  try {
    return (await k.api.read(header(ref))) as Obj;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw new Error(`get ${shown(ref)} failed: ${messageOf(error)}`);
  }
}

/** Every object of a kind (in one namespace, or all). */
export async function list(k: Kube, apiVersion: string, kind: string, namespace?: string): Promise<Obj[]> {
  return ((await k.api.list(apiVersion, kind, namespace)).items ?? []) as Obj[];
}

/** Deletes the object; false when there was none. */
export async function remove(k: Kube, ref: Ref): Promise<boolean> {
  try {
    await k.api.delete(header(ref));
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw new Error(`delete ${shown(ref)} failed: ${messageOf(error)}`);
  }
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
