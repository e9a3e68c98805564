import type { KubeConfig } from '@kubernetes/client-node';
import { ClusterUnreadable, apiRequest, serverOf, unexpected } from './api-request';
import { listPath, mergeReads } from './reads';
import { kindKey } from './types';
import type { LiveKind, LiveList, LiveSnapshot } from './types';

/** Page size of a list: large clusters come in several pages (`continue`), none too big to hold. */
const PAGE = 500;

async function readList(kc: KubeConfig, kind: LiveKind): Promise<LiveList> {
  const items: Record<string, any>[] = [];
  let token: string | undefined;
  do {
    const query = new URLSearchParams({ limit: String(PAGE), ...(token && { continue: token }) });
    const response = await apiRequest(kc, 'GET', `${listPath(kind)}?${query}`);
    if (response.status === 404) return { state: 'not-served' };
    if (response.status === 403) return { state: 'forbidden', message: String(response.body?.message ?? `list ${kind.resource} is forbidden`) };
    if (response.status !== 200 || !Array.isArray(response.body?.items)) throw unexpected(kc, `the list of ${kind.resource}`, response);
    // A list's items carry no apiVersion/kind of their own: restore them, as kubectl get -o yaml shows.
    const apiVersion = kind.group === '' ? kind.version : `${kind.group}/${kind.version}`;
    items.push(...(response.body.items as Record<string, any>[]).map((item) => ({ apiVersion, kind: kind.kind, ...item })));
    token = typeof response.body.metadata?.continue === 'string' && response.body.metadata.continue !== '' ? response.body.metadata.continue : undefined;
  } while (token !== undefined);
  return { state: 'listed', items };
}

/**
 * Lists every kind the checks read (gets and lists only): 404 is a kind the server does not serve
 * (its CRD is not installed), 403 one the credentials may not list; anything else that is not a
 * list is a ClusterUnreadable.
 */
export async function readSnapshot(kc: KubeConfig, kinds: readonly LiveKind[]): Promise<LiveSnapshot> {
  const lists = new Map<string, LiveList>();
  for (const kind of mergeReads(kinds)) lists.set(kindKey(kind), await readList(kc, kind));
  // Every Kubernetes API server serves Nodes, and the inspection role lists them: without them
  // nothing of the cluster was read, which is no pass.
  const nodes = lists.get(kindKey({ group: '', version: 'v1', resource: 'nodes' }));
  if (nodes?.state === 'not-served') throw new ClusterUnreadable(`cannot read the cluster at ${serverOf(kc)}: it does not serve Nodes (/api/v1/nodes answered 404), so it is no Kubernetes API server; check the kubeconfig's server`);
  if (nodes?.state === 'forbidden') throw new ClusterUnreadable(`cannot read the cluster at ${serverOf(kc)}: the credentials may not list Nodes (403), so the inspection role is not bound to them; use the inspector's kubeconfig the runbook writes, once Flux has applied the tree`);
  return { lists };
}
