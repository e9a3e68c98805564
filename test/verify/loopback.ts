import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

// A loopback API server for verify's tests (127.0.0.1, a port of the system's choosing): it serves
// recorded objects (test/fixtures/live/) as the Kubernetes API does, lists with pagination, 404
// for a kind it does not serve, 403 for a kind it forbids, 401 without the expected bearer token,
// and answers SelfSubjectAccessReviews from a permission set. It records every request, so a test
// can show verify sent nothing but gets, lists and access reviews.

export interface AccessAttributes {
  readonly verb: string;
  readonly group: string;
  readonly resource: string;
  readonly namespace?: string;
}

/** The inspector role's answers: get/list/watch on anything but Secrets. */
export const readOnly = (a: AccessAttributes) => ['get', 'list', 'watch'].includes(a.verb) && a.resource !== 'secrets' && a.resource !== '*';
/** cluster-admin's answers: everything. */
export const admin = () => true;

export interface LoopbackOptions {
  /** Items with apiVersion and kind; a list request returns those of its kind (and namespace). */
  readonly objects: readonly Record<string, any>[];
  /** `group/version/resource` keys answered with 404 (no CRD). */
  readonly notServed?: readonly string[];
  /** `group/version/resource` keys answered with 403. */
  readonly forbidden?: readonly string[];
  /** SelfSubjectAccessReview answers. @default readOnly */
  readonly can?: (attributes: AccessAttributes) => boolean;
  /** The bearer token it accepts. @default 'inspector-token' */
  readonly token?: string;
  /** Page size it imposes, to exercise `continue`. @default none */
  readonly pageSize?: number;
}

export interface Loopback {
  readonly url: string;
  readonly requests: { method: string; path: string }[];
  /** A kubeconfig file for this server with its token (http: needs insecure-skip-tls-verify). */
  readonly kubeconfig: (token?: string) => string;
  readonly close: () => Promise<void>;
}

/** Resource → kind, for the kinds the recorded objects are. */
const KINDS: Record<string, string> = {
  nodes: 'Node',
  pods: 'Pod',
  leases: 'Lease',
  helmreleases: 'HelmRelease',
  kustomizations: 'Kustomization',
  namespaces: 'Namespace',
  fluxinstances: 'FluxInstance',
  storageclasses: 'StorageClass',
  ciliumnetworkpolicies: 'CiliumNetworkPolicy',
  helmcharts: 'HelmChart',
  coreproviders: 'CoreProvider',
  bootstrapproviders: 'BootstrapProvider',
  controlplaneproviders: 'ControlPlaneProvider',
  infrastructureproviders: 'InfrastructureProvider',
  ipamproviders: 'IPAMProvider',
  clusters: 'Cluster',
  kubeadmcontrolplanes: 'KubeadmControlPlane',
  machinedeployments: 'MachineDeployment',
  machines: 'Machine',
};

const status = (code: number, reason: string, message: string) => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code });

/** The recorded items of one file of test/fixtures/live/, each with its apiVersion and kind (a built-in list's items come without). */
export const recorded = (rel: string): Record<string, any>[] => {
  const list = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../fixtures/live', rel), 'utf8')) as { apiVersion?: string; kind?: string; items: Record<string, any>[] };
  return list.items.map((item) => ({ apiVersion: list.apiVersion, kind: list.kind?.replace(/List$/, ''), ...item }));
};

/**
 * Every recorded object of the dev cluster, in agreement with the fixture fleet's dev tree: its
 * servers, agents, lease and deployed Cilium release (dev/), and its Flux and platform objects
 * (the lists of the top folder; the Cilium HelmRelease from dev/, which carries its values' digest).
 */
export const devCluster = () => [
  ...['nodes.json', 'pods.kube-system.json', 'leases.kube-system.json', 'helmreleases.kube-system.json'].flatMap((f) => recorded(`dev/${f}`)),
  ...['fluxinstances.json', 'kustomizations.json', 'storageclasses.json', 'ciliumnetworkpolicies.json'].flatMap((f) => recorded(f)),
  ...recorded('helmreleases.json').filter((o) => !(o.metadata.namespace === 'kube-system' && o.metadata.name === 'cilium')),
];

/** A kubeconfig (token user) for a server URL, written to a scratch file. */
export function writeKubeconfig(server: string, token: string, context = 'inspector'): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kubeconfig-')), 'config');
  fs.writeFileSync(
    file,
    `apiVersion: v1
kind: Config
clusters:
- name: loopback
  cluster:
    server: ${server}
    insecure-skip-tls-verify: true
users:
- name: inspector
  user:
    token: ${token}
contexts:
- name: ${context}
  context:
    cluster: loopback
    user: inspector
current-context: ${context}
`,
  );
  return file;
}

export async function startLoopback(options: LoopbackOptions): Promise<Loopback> {
  const token = options.token ?? 'inspector-token';
  const can = options.can ?? readOnly;
  const requests: { method: string; path: string }[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? '', path: url.pathname });
    const send = (code: number, body: unknown) => {
      res.writeHead(code, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${token}`) return send(401, status(401, 'Unauthorized', 'Unauthorized'));
    if (req.method === 'POST' && url.pathname === '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews') {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => {
        const review = JSON.parse(text) as { spec: { resourceAttributes: AccessAttributes } };
        const allowed = can(review.spec.resourceAttributes);
        send(201, { ...review, metadata: { creationTimestamp: null }, status: { allowed, ...(allowed && { reason: 'RBAC: allowed by ClusterRoleBinding' }) } });
      });
      return undefined;
    }
    // /api/v1[/namespaces/<ns>]/<resource> or /apis/<group>/<version>[/namespaces/<ns>]/<resource>
    const match = /^\/(?:api\/(v1)|apis\/([^/]+)\/([^/]+))(?:\/namespaces\/([^/]+))?\/([^/]+)$/.exec(url.pathname);
    if (req.method !== 'GET' || match === null) return send(405, status(405, 'MethodNotAllowed', `${req.method} ${url.pathname} is not served here`));
    const [, coreVersion, group = '', groupVersion, namespace, resource] = match;
    const version = coreVersion ?? groupVersion!;
    const key = `${group}/${version}/${resource}`;
    const kind = KINDS[resource!];
    if (kind === undefined || options.notServed?.includes(key)) return send(404, status(404, 'NotFound', 'the server could not find the requested resource'));
    if (options.forbidden?.includes(key)) {
      return send(403, status(403, 'Forbidden', `${resource} is forbidden: User "system:serviceaccount:flux-system:verify-inspector" cannot list resource "${resource}" in API group "${group}"${namespace ? ` in the namespace "${namespace}"` : ' at the cluster scope'}`));
    }
    const apiVersion = group === '' ? version : `${group}/${version}`;
    const all = options.objects.filter((o) => o.apiVersion === apiVersion && o.kind === kind && (namespace === undefined || o.metadata?.namespace === namespace));
    const offset = Number(url.searchParams.get('continue') ?? 0);
    const size = Math.min(Number(url.searchParams.get('limit') ?? all.length) || all.length, options.pageSize ?? Infinity);
    const page = all.slice(offset, offset + size);
    const next = offset + size < all.length ? String(offset + size) : undefined;
    // Built-in lists carry their items without apiVersion/kind, as the API server sends them.
    const items = group === '' ? page.map(({ apiVersion: _a, kind: _k, ...rest }) => rest) : page;
    return send(200, { apiVersion, kind: `${kind}List`, metadata: { resourceVersion: '100000', ...(next && { continue: next }) }, items });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    kubeconfig: (t = token) => writeKubeconfig(url, t),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A loopback URL where nothing listens (a port just released): connections are refused. */
export async function deadServer(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
