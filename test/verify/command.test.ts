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
const servers: Loopback[] = [];
beforeAll(() => {
  root = fleetRepo('verify-command-');
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  fs.rmSync(root, { recursive: true, force: true });
});

async function run(objects = devObjects(), options: { format?: 'json'; can?: typeof admin; env?: string } = {}) {
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
    expect(lines.at(-1)).toMatch(/^verify dev at http:\/\/127\.0\.0\.1:\d+: 21 pass, 0 drift, 0 not checkable$/);
  });

  it('exits 1 on drift, the line naming expected, live and the fix', async () => {
    const objects = devObjects((o) => (find(o, 'Pod', 'cilium-9qzvd').spec.containers[0].env.find((e: { name: string }) => e.name === 'KUBERNETES_SERVICE_HOST').value = '192.168.1.50'));
    const result = await run(objects);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      'drift cilium.service-host Pod kube-system/cilium-9qzvd on k3s-dev-2: expected KUBERNETES_SERVICE_HOST=192.168.1.49 KUBERNETES_SERVICE_PORT=6443 (the apiserver endpoint, the kube-vip VIP); live KUBERNETES_SERVICE_HOST=192.168.1.50 KUBERNETES_SERVICE_PORT=6443; fix: ',
    );
    expect(result.stdout).toMatch(/: 20 pass, 1 drift, 0 not checkable\n$/);
  });

  it('passes with not-checkable lines alone', async () => {
    const objects = devObjects((o) => delete find(o, 'Node', 'k3s-dev-1').metadata.annotations['k3s.io/node-args']);
    const result = await run(objects);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('not-checkable cilium.kube-proxy Node k3s-dev-1: expected kube-proxy disabled');
  });

  it('prints the documented JSON shape with --format json', async () => {
    const result = await run(devObjects((o) => (find(o, 'Node', 'k3s-dev-2').status.nodeInfo.kubeletVersion = 'v1.35.8+k3s1')), { format: 'json' });
    const report = JSON.parse(result.stdout) as VerifyReport;
    expect(result.exitCode).toBe(1);
    expect(Object.keys(report)).toEqual(['formatVersion', 'environment', 'server', 'result', 'counts', 'lines']);
    expect(report).toMatchObject({ formatVersion: 1, environment: 'dev', result: 'drift', counts: { pass: 20, drift: 1, 'not-checkable': 0 } });
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

  it('exits 2 and reads nothing with credentials that can write', async () => {
    const result = await run(devObjects(), { can: admin });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/verify runs only with read-only credentials; use the inspector's kubeconfig \(ServiceAccount flux-system\/verify-inspector, role verify-readonly; the runbook mints it\)\n$/);
    expect(servers.at(-1)!.requests.some((r) => r.method === 'GET')).toBe(false);
  });

  it('exits 2 for an environment the fleet does not have', async () => {
    const result = await verifyCommand({ root, environments: fleet, env: 'dve', kubeconfig: '/nonexistent' });
    expect(result).toEqual({ stdout: '', stderr: '--env dve: no such environment; the fleet has mgmt, dev, prod; did you mean dev?\n', exitCode: 2 });
  });
});
