/**
 * One API server on loopback: etcd and kube-apiserver at the pinned versions, started with the
 * flags k3s gives its own (authorization, admission, anonymous access), each in a folder of the
 * work directory with its log. Several can run at once (mgmt and lab1 in the handover).
 */
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import path from 'node:path';
import YAML from 'yaml';
import { kubernetesBinaries } from './binaries';
import { freePort, startProcess, waitUntilReady } from './process';
import type { Started } from './process';
import { makePki } from './pki';
import type { Pki } from './pki';

export interface ApiServer {
  readonly name: string;
  /** `https://127.0.0.1:<port>` */
  readonly url: string;
  readonly caPem: string;
  /** The admin kubeconfig file (client certificate in system:masters, data inlined). */
  readonly kubeconfig: string;
  /** The admin client certificate and key (PEM), for requests made without the kubeconfig. */
  readonly admin: { readonly certPem: string; readonly keyPem: string };
  stop(): Promise<void>;
}

export interface ApiServerOptions {
  /** The folder this server's data, certificates and logs go in (`<work>/<name>/`). */
  readonly work: string;
  readonly name: string;
  readonly log: (line: string) => void;
  /** @default 120 */
  readonly readySeconds?: number;
}

export function etcdArgs(o: { name: string; dataDir: string; clientPort: number; peerPort: number }): string[] {
  const client = `http://127.0.0.1:${o.clientPort}`;
  const peer = `http://127.0.0.1:${o.peerPort}`;
  return [
    `--name=${o.name}`, `--data-dir=${o.dataDir}`,
    `--listen-client-urls=${client}`, `--advertise-client-urls=${client}`,
    `--listen-peer-urls=${peer}`, `--initial-advertise-peer-urls=${peer}`, `--initial-cluster=${o.name}=${peer}`,
    // A datastore thrown away after the run: no fsync, so two of them do not wait on the disk.
    '--unsafe-no-fsync',
    '--log-level=warn',
  ];
}

/**
 * kube-apiserver's flags: those k3s sets for its own API server that bear on what the server
 * admits (k3s pkg/daemons/control/server.go, apiServer(): authorization-mode Node,RBAC,
 * enable-admission-plugins NodeRestriction over the defaults, anonymous-auth false,
 * allow-privileged, bootstrap tokens, its issuer and audiences, the 10.43.0.0/16 service range),
 * and loopback addresses.
 */
export function apiServerArgs(o: { pki: Pki; port: number; etcdUrl: string; certDir: string }): string[] {
  const issuer = 'https://kubernetes.default.svc.cluster.local';
  return [
    `--etcd-servers=${o.etcdUrl}`, '--storage-backend=etcd3',
    `--bind-address=127.0.0.1`, '--advertise-address=127.0.0.1', `--secure-port=${o.port}`, `--cert-dir=${o.certDir}`,
    `--tls-cert-file=${o.pki.servingCert}`, `--tls-private-key-file=${o.pki.servingKey}`,
    `--client-ca-file=${o.pki.caCert}`,
    `--service-account-key-file=${o.pki.serviceAccountPub}`, `--service-account-signing-key-file=${o.pki.serviceAccountKey}`,
    `--service-account-issuer=${issuer}`, `--api-audiences=${issuer},k3s`,
    '--authorization-mode=Node,RBAC',
    '--enable-admission-plugins=NodeRestriction',
    '--anonymous-auth=false',
    '--allow-privileged=true',
    '--enable-bootstrap-token-auth=true',
    '--service-cluster-ip-range=10.43.0.0/16',
    '--profiling=false',
  ];
}

/** An admin kubeconfig with every credential inlined, so it can travel (a Secret, another machine). */
export function adminKubeconfig(o: { name: string; url: string; caPem: string; certPem: string; keyPem: string }): string {
  const b64 = (pem: string) => Buffer.from(pem).toString('base64');
  return YAML.stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: o.name, cluster: { server: o.url, 'certificate-authority-data': b64(o.caPem) } }],
    users: [{ name: `${o.name}-admin`, user: { 'client-certificate-data': b64(o.certPem), 'client-key-data': b64(o.keyPem) } }],
    contexts: [{ name: o.name, context: { cluster: o.name, user: `${o.name}-admin` } }],
    'current-context': o.name,
  });
}

const status = (request: () => http.ClientRequest) =>
  new Promise<number>((resolve, reject) => {
    const req = request();
    req.on('response', (res) => { res.resume(); resolve(res.statusCode ?? 0); });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error('timed out')));
    req.end();
  });

export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const binaries = kubernetesBinaries(options.log);
  const dir = path.join(options.work, options.name);
  fs.mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const pki = makePki(path.join(dir, 'pki'));
  const [clientPort, peerPort, port] = [await freePort(), await freePort(), await freePort()];
  const processes: Started[] = [];
  const stop = async () => { for (const p of [...processes].reverse()) await p.stop(); };
  try {
    const etcd = startProcess({ name: 'etcd', file: binaries.etcd, args: etcdArgs({ name: options.name, dataDir: path.join(dir, 'etcd'), clientPort, peerPort }), work: dir });
    processes.push(etcd);
    await waitUntilReady(etcd, 'healthy', async () => (await status(() => http.request(`http://127.0.0.1:${clientPort}/health`))) === 200, options.readySeconds ?? 120);

    const apiServer = startProcess({ name: 'kube-apiserver', file: binaries.kubeApiserver, args: apiServerArgs({ pki, port, etcdUrl: `http://127.0.0.1:${clientPort}`, certDir: path.join(dir, 'cert') }), work: dir });
    processes.push(apiServer);
    const admin = { certPem: fs.readFileSync(pki.adminCert, 'utf8'), keyPem: fs.readFileSync(pki.adminKey, 'utf8') };
    const caPem = fs.readFileSync(pki.caCert, 'utf8');
    const readyz = () => https.request(`https://127.0.0.1:${port}/readyz`, { ca: caPem, cert: admin.certPem, key: admin.keyPem });
    await waitUntilReady(apiServer, 'ready (/readyz)', async () => (await status(readyz)) === 200, options.readySeconds ?? 120);

    const url = `https://127.0.0.1:${port}`;
    const kubeconfig = path.join(dir, 'admin.kubeconfig');
    fs.writeFileSync(kubeconfig, adminKubeconfig({ name: options.name, url, caPem, ...admin }), { mode: 0o600 });
    options.log(`${options.name}: kube-apiserver ready at ${url} in ${((Date.now() - started) / 1000).toFixed(1)} s (logs in ${dir})`);
    return { name: options.name, url, caPem, kubeconfig, admin, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
