import http from 'node:http';
import https from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';

/** The cluster could not be read: one line naming the server and the cause (exit 3). */
export class ClusterUnreadable extends Error {}

export interface ApiResponse {
  readonly status: number;
  readonly body: Record<string, any> | undefined;
}

/** How long one request may wait for the server before verify gives up on it. */
const TIMEOUT_MS = 15_000;

/** The server URL of the kubeconfig's current context. */
export const serverOf = (kc: KubeConfig) => kc.getCurrentCluster()?.server ?? '(no server)';

/** The transport error in the words an operator searches for: `connect ECONNREFUSED 127.0.0.1:6443`. */
function cause(error: unknown): string {
  const e = error as { code?: string; message?: string; errors?: { message?: string }[] };
  // Node reports a refused dual-stack connection as an AggregateError with an empty message.
  const message = e.message || e.errors?.map((inner) => inner.message).join('; ') || String(error);
  return e.code && !message.includes(e.code) ? `${e.code}: ${message}` : message;
}

/**
 * One request to the API server with the kubeconfig's credentials (KubeConfig.applyToHTTPSOptions:
 * the agent holds its CA and client certificate, the headers its bearer token, whatever an exec
 * plugin or OIDC refresh produced). Every failure to talk to the server is a ClusterUnreadable.
 */
export async function apiRequest(kc: KubeConfig, method: 'GET' | 'POST', urlPath: string, body?: unknown): Promise<ApiResponse> {
  const server = serverOf(kc);
  const url = new URL(urlPath, server.endsWith('/') ? server : `${server}/`);
  const options: https.RequestOptions = { method, headers: { Accept: 'application/json' } };
  try {
    await kc.applyToHTTPSOptions(options);
  } catch (error) {
    throw new ClusterUnreadable(`cannot read the cluster at ${server}: the kubeconfig's credentials failed: ${cause(error).split('\n')[0]}`);
  }
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { ...(options.headers as Record<string, string>), ...(payload && { 'Content-Type': 'application/json' }) };
  if (options.auth) headers.Authorization = `Basic ${Buffer.from(options.auth).toString('base64')}`;
  const transport = url.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, { method, headers, agent: options.agent, timeout: TIMEOUT_MS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error) => reject(new ClusterUnreadable(`cannot read the cluster at ${server}: ${cause(error)}`)));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: Record<string, any> | undefined;
        try {
          parsed = text === '' ? undefined : (JSON.parse(text) as Record<string, any>);
        } catch {
          parsed = undefined;
        }
        resolve({ status: response.statusCode ?? 0, body: parsed });
      });
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error(`no answer within ${TIMEOUT_MS / 1000} s`), { code: 'ETIMEDOUT' })));
    request.on('error', (error) => reject(new ClusterUnreadable(`cannot read the cluster at ${server}: ${cause(error)}`)));
    request.end(payload);
  });
}

/** A response that is neither the object asked for nor a 403/404 the caller handles. */
export function unexpected(kc: KubeConfig, what: string, response: ApiResponse): ClusterUnreadable {
  const message = typeof response.body?.message === 'string' ? `: ${response.body.message}` : '';
  if (response.status === 401) return new ClusterUnreadable(`cannot read the cluster at ${serverOf(kc)}: the server refused the credentials (401 Unauthorized)${message}; mint the inspector's kubeconfig again`);
  return new ClusterUnreadable(`cannot read the cluster at ${serverOf(kc)}: ${what} answered HTTP ${response.status}${message}`);
}
