import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { refuseWritableCredentials, WritableCredentials } from '../../src/verify/access-review';
import { ClusterUnreadable } from '../../src/verify/api-request';
import { KubeconfigError, loadKubeconfig } from '../../src/verify/kubeconfig';
import { readSnapshot } from '../../src/verify/live-reader';
import { mergeReads } from '../../src/verify/reads';
import { KUBE_SYSTEM_HELM_RELEASES, KUBE_SYSTEM_PODS, KUBE_VIP_LEASES, NODES } from '../../src/verify/kinds';
import { kindKey } from '../../src/verify/types';
import { admin, deadServer, devCluster, startLoopback, writeKubeconfig } from './loopback';
import type { Loopback } from './loopback';

const KINDS = [NODES, KUBE_SYSTEM_PODS, KUBE_VIP_LEASES, KUBE_SYSTEM_HELM_RELEASES];
let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const FIX = "use the inspector's kubeconfig";

describe('the live reader', () => {
  it('reads every kind with a token kubeconfig, sending only access reviews, gets and lists', async () => {
    server = await startLoopback({ objects: devCluster() });
    const kc = loadKubeconfig({ file: server.kubeconfig() });
    await refuseWritableCredentials(kc, FIX);
    const snapshot = await readSnapshot(kc, KINDS);
    const nodes = snapshot.lists.get(kindKey(NODES));
    expect(nodes).toMatchObject({ state: 'listed' });
    expect(nodes?.state === 'listed' && nodes.items.map((n) => [n.apiVersion, n.kind, n.metadata.name])).toEqual([
      ['v1', 'Node', 'k3s-dev-1'], ['v1', 'Node', 'k3s-dev-2'], ['v1', 'Node', 'k3s-dev-3'],
    ]);
    expect(snapshot.lists.get(kindKey(KUBE_SYSTEM_PODS))).toMatchObject({ state: 'listed', items: expect.arrayContaining([expect.objectContaining({ kind: 'Pod' })]) });
    expect(new Set(server.requests.map((r) => `${r.method} ${r.method === 'POST' ? r.path : ''}`))).toEqual(new Set(['GET ', 'POST /apis/authorization.k8s.io/v1/selfsubjectaccessreviews']));
    expect(server.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual([
      '/api/v1/nodes',
      '/api/v1/namespaces/kube-system/pods',
      '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases',
      '/apis/helm.toolkit.fluxcd.io/v2/namespaces/kube-system/helmreleases',
    ]);
  });

  it('follows a list across pages', async () => {
    server = await startLoopback({ objects: devCluster(), pageSize: 1 });
    const snapshot = await readSnapshot(loadKubeconfig({ file: server.kubeconfig() }), [NODES]);
    const nodes = snapshot.lists.get(kindKey(NODES));
    expect(nodes?.state === 'listed' && nodes.items).toHaveLength(3);
    expect(server.requests.filter((r) => r.path === '/api/v1/nodes')).toHaveLength(3);
  });

  it('records a forbidden kind (403) and one the server does not serve (404)', async () => {
    server = await startLoopback({ objects: devCluster(), forbidden: [kindKey(KUBE_SYSTEM_PODS)], notServed: [kindKey(KUBE_SYSTEM_HELM_RELEASES)] });
    const snapshot = await readSnapshot(loadKubeconfig({ file: server.kubeconfig() }), KINDS);
    expect(snapshot.lists.get(kindKey(KUBE_SYSTEM_PODS))).toEqual({ state: 'forbidden', message: expect.stringContaining('cannot list resource "pods"') });
    expect(snapshot.lists.get(kindKey(KUBE_SYSTEM_HELM_RELEASES))).toEqual({ state: 'not-served' });
  });

  it('refuses credentials that can write or read Secrets, naming what they can do and the fix', async () => {
    server = await startLoopback({ objects: devCluster(), can: admin });
    const kc = loadKubeconfig({ file: server.kubeconfig() });
    const refused = refuseWritableCredentials(kc, FIX);
    await expect(refused).rejects.toBeInstanceOf(WritableCredentials);
    await expect(refused).rejects.toThrow(/^the credentials of http:\/\/127\.0\.0\.1:\d+ can do anything to every kind, create pods, .*get secrets.*: verify runs only with read-only credentials; use the inspector's kubeconfig$/);
    expect(server.requests.some((r) => r.method === 'GET')).toBe(false);
  });

  it('refuses credentials that may read Secrets only', async () => {
    server = await startLoopback({ objects: [], can: (a) => a.resource === 'secrets' && a.verb === 'get' && a.namespace === 'flux-system' });
    await expect(refuseWritableCredentials(loadKubeconfig({ file: server.kubeconfig() }), FIX)).rejects.toThrow(/can get secrets in flux-system: /);
  });

  it('names the server and the cause when nothing answers', async () => {
    const url = await deadServer();
    const kc = loadKubeconfig({ file: writeKubeconfig(url, 'inspector-token') });
    const port = new URL(url).port;
    await expect(refuseWritableCredentials(kc, FIX)).rejects.toThrow(new ClusterUnreadable(`cannot read the cluster at ${url}: connect ECONNREFUSED 127.0.0.1:${port}`));
  });

  it('says the server refused the credentials (401)', async () => {
    server = await startLoopback({ objects: [] });
    await expect(refuseWritableCredentials(loadKubeconfig({ file: server.kubeconfig('expired-token') }), FIX)).rejects.toThrow(/the server refused the credentials \(401 Unauthorized\)/);
  });

  it('takes an exec plugin user\'s token, as kubectl does', async () => {
    server = await startLoopback({ objects: devCluster() });
    const file = server.kubeconfig();
    const credential = JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: 'inspector-token' } });
    const plugin = path.join(path.dirname(file), 'plugin.mjs');
    fs.writeFileSync(plugin, `process.stdout.write(${JSON.stringify(credential)});\n`);
    const text = fs.readFileSync(file, 'utf8').replace(/ {4}token: inspector-token\n/, `    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: ${process.execPath}\n      args: [${plugin}]\n      interactiveMode: Never\n`);
    fs.writeFileSync(file, text);
    const snapshot = await readSnapshot(loadKubeconfig({ file }), [NODES]);
    expect(snapshot.lists.get(kindKey(NODES))).toMatchObject({ state: 'listed' });
  });
});

describe('the kubeconfig', () => {
  it('fails when the file does not exist', () => {
    expect(() => loadKubeconfig({ file: '/nonexistent/kubeconfig' })).toThrow(new KubeconfigError("--kubeconfig /nonexistent/kubeconfig: no such file; pass the inspector's kubeconfig the runbook wrote"));
  });

  it('fails when the context is not in it, listing those it has', () => {
    const file = writeKubeconfig('http://127.0.0.1:1', 't', 'dev-inspector');
    expect(() => loadKubeconfig({ file, context: 'prod' })).toThrow(`--context prod: ${file} has no such context; it has dev-inspector`);
    expect(loadKubeconfig({ file, context: 'dev-inspector' }).getCurrentContext()).toBe('dev-inspector');
  });

  it('fails when there is no kubeconfig at all, instead of dialling localhost:8080', () => {
    expect(() => loadKubeconfig({}, { HOME: '/nonexistent' })).toThrow(/^no kubeconfig: /);
  });

  it('reads $KUBECONFIG when --kubeconfig is not given', () => {
    const file = writeKubeconfig('http://127.0.0.1:1', 't');
    const previous = process.env.KUBECONFIG;
    process.env.KUBECONFIG = file;
    try {
      expect(loadKubeconfig({}).getCurrentCluster()?.server).toBe('http://127.0.0.1:1');
    } finally {
      if (previous === undefined) delete process.env.KUBECONFIG;
      else process.env.KUBECONFIG = previous;
    }
  });

  it('reads a $KUBECONFIG list as kubectl does: the files that exist, merged, the first naming an entry winning', () => {
    const first = writeKubeconfig('http://127.0.0.1:1', 't', 'dev-inspector');
    const second = writeKubeconfig('http://127.0.0.1:2', 't', 'prod-inspector');
    const kc = loadKubeconfig({}, { KUBECONFIG: ['/nonexistent/config', first, second].join(':') });
    expect(kc.getContexts().map((c) => c.name).sort()).toEqual(['dev-inspector', 'prod-inspector']);
    expect(kc.getCurrentContext()).toBe('dev-inspector');
    // Both files name the cluster loopback: the first file's stands.
    expect(kc.getCluster('loopback')?.server).toBe('http://127.0.0.1:1');
    expect(() => loadKubeconfig({}, { KUBECONFIG: '/nonexistent/a:/nonexistent/b' })).toThrow("$KUBECONFIG (/nonexistent/a:/nonexistent/b): none of its files exists; pass --kubeconfig <the inspector's kubeconfig>");
  });

  it('says an empty file holds no kubeconfig, not what the parser dereferenced', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kubeconfig-')), 'empty');
    fs.writeFileSync(file, '');
    expect(() => loadKubeconfig({ file })).toThrow(new KubeconfigError(`${file} is not a readable kubeconfig: it holds no clusters, users and contexts`));
  });
});

describe('the reads', () => {
  it('reads a kind once, cluster-wide when two checks read it in different namespaces', () => {
    const flux = { ...KUBE_SYSTEM_HELM_RELEASES, namespace: 'flux-system' };
    expect(mergeReads([KUBE_SYSTEM_HELM_RELEASES, NODES, NODES, flux])).toEqual([NODES, { group: 'helm.toolkit.fluxcd.io', version: 'v2', resource: 'helmreleases', kind: 'HelmRelease' }]);
  });
});
