import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as versions from '../../src/versions';
import { recordedClusterFor } from '../verify/recorded-fleet';
import { deadServer, startLoopback, writeKubeconfig } from '../verify/loopback';
import type { Loopback } from '../verify/loopback';
import { STACK_FRAME, commitAll, npmRun, packedToolReady, removeScaffold, run, scaffold } from './scaffold';
import type { Ran } from './scaffold';

// `npm run verify` in a fleet written by the packed package's init, against a loopback API
// server serving what a healthy cluster of that fleet's committed tree holds, then one drift.
let fleet: string;
const servers: Loopback[] = [];

beforeAll(async () => {
  await packedToolReady();
  fleet = scaffold('fleet-verify-', ['--name', 'lab', '--subnet', '10.44.0.0/24', '--vip', '10.44.0.10']);
  const synth = npmRun(fleet, 'synth');
  if (synth.code !== 0) throw new Error(`synth failed: ${synth.stderr}`);
  commitAll(fleet, 'the first synth');
}, 300_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  removeScaffold(fleet);
});

/** `npm run -s verify -- …` without blocking this process, which serves the loopback API the command reads. */
function npmVerify(...args: string[]): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'verify', '--', ...args], { cwd: fleet, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function verify(edit: (objects: Record<string, any>[]) => void = () => undefined, ...args: string[]) {
  const objects = recordedClusterFor(fleet, 'lab', versions.k3s.tested);
  edit(objects);
  const server = await startLoopback({ objects });
  servers.push(server);
  return { server, ran: await npmVerify('--env', 'lab', '--kubeconfig', server.kubeconfig(), ...args) };
}

describe('npm run verify in a fleet', () => {
  it('exits 0 when the cluster is what the tree says', async () => {
    const { ran, server } = await verify();
    expect(ran.stderr).toBe('');
    expect(ran.stdout.split('\n').filter((l) => !l.startsWith('pass '))).toEqual([expect.stringMatching(/^verify lab at /), '']);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(new RegExp(`verify lab at ${server.url.replace(/\./g, '\\.')}: \\d+ pass, 0 drift, 0 not checkable\\n$`));
    expect(ran.stdout).toContain('pass cilium.values HelmRelease kube-system/cilium');
  });

  it('exits 1 and names the drift when an agent dials a node instead of the VIP', async () => {
    const { ran } = await verify((objects) => {
      const pod = objects.find((o) => o.kind === 'Pod')!;
      const ip = objects.find((o) => o.kind === 'Node' && o.metadata.name === pod.spec.nodeName)!.status.addresses[0].address;
      pod.spec.containers[0].env.find((e: { name: string }) => e.name === 'KUBERNETES_SERVICE_HOST').value = ip;
    });
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(/^drift cilium\.service-host Pod kube-system\/\S+ on \S+: expected KUBERNETES_SERVICE_HOST=10\.44\.0\.10 KUBERNETES_SERVICE_PORT=6443 .*; live KUBERNETES_SERVICE_HOST=10\.44\.0\.\d+ KUBERNETES_SERVICE_PORT=6443; fix: /m);
    expect(ran.stdout).toMatch(/, 1 drift, 0 not checkable\n$/);
  });

  it('prints its JSON report with --format json', async () => {
    const { ran } = await verify(undefined, '--format', 'json');
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toMatchObject({ formatVersion: 1, environment: 'lab', result: 'pass' });
  });

  it('exits 3 with one line naming the server and the cause when nothing answers', async () => {
    const url = await deadServer();
    const ran = npmRun(fleet, 'verify', '--env', 'lab', '--kubeconfig', writeKubeconfig(url, 'inspector-token'));
    expect(ran.code).toBe(3);
    expect(ran.stderr).toBe(`cannot read the cluster at ${url}: connect ECONNREFUSED 127.0.0.1:${new URL(url).port}\n`);
    expect(ran.stdout).toBe('');
  });

  it('exits 2 with its usage for a missing --env, and prints help with --help', () => {
    const missing = npmRun(fleet, 'verify');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^--env <name> is required/);
    expect(missing.stderr).not.toMatch(STACK_FRAME);
    const help = npmRun(fleet, 'verify', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run verify -- --env <name>/);
  });

  it('finds the fleet through --root from another folder, and outside a fleet says so with exit 2', async () => {
    const { bin } = inject('packedTool');
    const url = await deadServer();
    const kubeconfig = writeKubeconfig(url, 'inspector-token');
    const elsewhere = run(os.tmpdir(), bin, ['verify', '--env', 'lab', '--root', fleet, '--kubeconfig', kubeconfig]);
    expect([elsewhere.code, elsewhere.stderr]).toEqual([3, `cannot read the cluster at ${url}: connect ECONNREFUSED 127.0.0.1:${new URL(url).port}\n`]);
    const outside = run(os.tmpdir(), bin, ['verify', '--env', 'lab', '--kubeconfig', kubeconfig]);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/^no environments\/index\.ts in /);
    expect(outside.stderr).not.toMatch(STACK_FRAME);
  });
});
