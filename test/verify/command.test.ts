import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCommand } from '../../src/verify/command';
import type { VerifyReport } from '../../src/verify/report';
import { fleetRepo } from '../fixtures/fleet-repo';
import { fleet } from '../fixtures/fleet';
import { admin, deadServer, startLoopback, writeKubeconfig } from './loopback';
import type { Loopback } from './loopback';
import { devObjects, find } from './snapshot';

// verify in-process, as the bin runs it, on the fixture fleet's committed dev tree and the
// recorded dev cluster served on loopback. (The bin itself: test/package/verify.test.ts.)
let root: string;
let head: string;
const servers: Loopback[] = [];
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@test.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: root, encoding: 'utf8' }).trim();
beforeAll(() => {
  // The fleet's repository, its trees committed: Flux's layers report that commit as applied.
  root = fleetRepo('verify-command-');
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'synth');
  head = git('rev-parse', 'HEAD');
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  fs.rmSync(root, { recursive: true, force: true });
});

/** The recorded dev cluster, its layers at the repository's head. */
const atHead = (edit: (objects: Record<string, any>[]) => void = () => undefined) =>
  devObjects((objects) => {
    for (const o of objects) if (o.kind === 'Kustomization' && String(o.status?.lastAppliedRevision).startsWith('refs/heads/main@')) o.status.lastAppliedRevision = `refs/heads/main@sha1:${head}`;
    edit(objects);
  });

async function run(objects = atHead(), options: { format?: 'json'; can?: typeof admin; env?: string } = {}) {
  const server = await startLoopback({ objects, can: options.can });
  servers.push(server);
  return verifyCommand({ root, environments: fleet, env: options.env ?? 'dev', kubeconfig: server.kubeconfig(), format: options.format });
}

describe('verify', () => {
  it('exits 0 with one pass line per comparison and a summary', async () => {
    const result = await run();
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('pass servers.members the Nodes: expected exactly the live servers k3s-dev-1, k3s-dev-2, k3s-dev-3; live k3s-dev-1, k3s-dev-2, k3s-dev-3');
    expect(lines).toContain('pass kube-vip.lease Lease kube-system/plndr-cp-lock: expected held by a live server (k3s-dev-1, k3s-dev-2, k3s-dev-3); live held by k3s-dev-1');
    expect(lines.at(-1)).toMatch(/^verify dev at http:\/\/127\.0\.0\.1:\d+: 57 pass, 0 drift, 3 not checkable$/);
    // The sync's own Kustomization too: it applies clusters/dev/kubernetes itself.
    expect(lines).toContainEqual(expect.stringMatching(/^pass flux\.revision Kustomization flux-system\/flux-system: expected contains [0-9a-f]{40}, clusters\/dev\/kubernetes\/ unchanged since; live refs\/heads\/main@sha1:/));
    // The layers report the repository's head, which holds the tree as committed; the suspended apps layer's objects are not there yet.
    expect(lines.filter((l) => l.startsWith('pass flux.revision Kustomization flux-system/')).length).toBeGreaterThan(3);
    expect(lines.filter((l) => l.startsWith('not-checkable'))).toEqual([
      expect.stringMatching(/^not-checkable flux\.present HelmRelease podinfo\/podinfo: expected applied once layer flux-system\/apps resumes/),
      expect.stringMatching(/^not-checkable platform\.baseline namespace apps: /),
      expect.stringMatching(/^not-checkable platform\.baseline namespace podinfo: /),
    ]);
  });

  it('exits 1 on drift, the line naming expected, live and the fix', async () => {
    const objects = atHead((o) => (find(o, 'Pod', 'cilium-9qzvd').spec.containers[0].env.find((e: { name: string }) => e.name === 'KUBERNETES_SERVICE_HOST').value = '192.168.1.50'));
    const result = await run(objects);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      'drift cilium.service-host Pod kube-system/cilium-9qzvd on k3s-dev-2: expected KUBERNETES_SERVICE_HOST=192.168.1.49 KUBERNETES_SERVICE_PORT=6443 (the apiserver endpoint, the kube-vip VIP); live KUBERNETES_SERVICE_HOST=192.168.1.50 KUBERNETES_SERVICE_PORT=6443; fix: ',
    );
    expect(result.stdout).toMatch(/: 56 pass, 1 drift, 3 not checkable\n$/);
  });

  it('passes with not-checkable lines alone', async () => {
    const objects = atHead((o) => delete find(o, 'Node', 'k3s-dev-1').metadata.annotations['k3s.io/node-args']);
    const result = await run(objects);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('not-checkable cilium.kube-proxy Node k3s-dev-1: expected kube-proxy disabled');
  });

  it('prints the documented JSON shape with --format json', async () => {
    const result = await run(atHead((o) => (find(o, 'Node', 'k3s-dev-2').status.nodeInfo.kubeletVersion = 'v1.35.8+k3s1')), { format: 'json' });
    const report = JSON.parse(result.stdout) as VerifyReport;
    expect(result.exitCode).toBe(1);
    expect(Object.keys(report)).toEqual(['formatVersion', 'environment', 'server', 'result', 'counts', 'lines']);
    expect(report).toMatchObject({ formatVersion: 1, environment: 'dev', result: 'drift', counts: { pass: 56, drift: 1, 'not-checkable': 3 } });
    expect(report.lines.find((l) => l.outcome === 'drift')).toEqual({
      check: 'servers.kubelet',
      outcome: 'drift',
      subject: 'Node k3s-dev-2',
      expected: 'kubelet v1.36.4+k3s1 (the k3s pin)',
      live: 'kubelet v1.35.8+k3s1',
      fix: expect.stringContaining('v1.36.4+k3s1'),
    });
    expect(report.lines.find((l) => l.outcome === 'pass')).not.toHaveProperty('fix');
  });

  it('exits 3 with one line naming the server and the cause when the cluster does not answer', async () => {
    const url = await deadServer();
    for (const format of [undefined, 'json'] as const) {
      const result = await verifyCommand({ root, environments: fleet, env: 'dev', kubeconfig: writeKubeconfig(url, 'inspector-token'), format });
      expect(result.exitCode).toBe(3);
      expect(result.stderr).toBe(`cannot read the cluster at ${url}: connect ECONNREFUSED 127.0.0.1:${new URL(url).port}\n`);
      if (format === 'json') expect(JSON.parse(result.stdout)).toMatchObject({ result: 'unreadable', server: url, error: result.stderr.trim(), lines: [] });
      else expect(result.stdout).toBe('');
    }
  });

  it('exits 3 when the Nodes cannot be listed: nothing of the cluster was read, which is no pass', async () => {
    const notKubernetes = await startLoopback({ objects: atHead(), notServed: ['/v1/nodes'] });
    const unbound = await startLoopback({ objects: atHead(), forbidden: ['/v1/nodes'] });
    servers.push(notKubernetes, unbound);
    const a = await verifyCommand({ root, environments: fleet, env: 'dev', kubeconfig: notKubernetes.kubeconfig() });
    expect([a.exitCode, a.stdout, a.stderr]).toEqual([3, '', `cannot read the cluster at ${notKubernetes.url}: it does not serve Nodes (/api/v1/nodes answered 404), so it is no Kubernetes API server; check the kubeconfig's server\n`]);
    const b = await verifyCommand({ root, environments: fleet, env: 'dev', kubeconfig: unbound.kubeconfig(), format: 'json' });
    expect(b.exitCode).toBe(3);
    expect(JSON.parse(b.stdout)).toMatchObject({ result: 'unreadable', error: expect.stringContaining('may not list Nodes (403)') });
  });

  it('calls a kind the credentials may not list drift: the tree\'s inspection role grants it', async () => {
    const result = await run(atHead(), {});
    expect(result.exitCode).toBe(0);
    const server = await startLoopback({ objects: atHead(), forbidden: ['storage.k8s.io/v1/storageclasses'] });
    servers.push(server);
    const denied = await verifyCommand({ root, environments: fleet, env: 'dev', kubeconfig: server.kubeconfig() });
    expect(denied.exitCode).toBe(1);
    expect(denied.stdout).toMatch(/^drift platform\.default-storage-class .*forbidden/m);
  });

  it('exits 2 and reads nothing with credentials that can write', async () => {
    const result = await run(atHead(), { can: admin });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/verify runs only with read-only credentials; use the inspector's kubeconfig \(ServiceAccount flux-system\/verify-inspector, role verify-readonly; the runbook mints it\)\n$/);
    expect(servers.at(-1)!.requests.some((r) => r.method === 'GET')).toBe(false);
  });

  it('exits 2 for an environment the fleet does not have', async () => {
    const result = await verifyCommand({ root, environments: fleet, env: 'dve', kubeconfig: '/nonexistent' });
    expect(result).toEqual({ stdout: '', stderr: '--env dve: no such environment; the fleet has mgmt, dev, prod; did you mean dev?\n', exitCode: 2 });
  });
});
