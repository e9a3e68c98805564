/**
 * `verify` against a proving-ground API server, as the runbook runs it: its own last step mints the
 * inspector's token, proves it cannot read Secrets or write, and runs verify over TLS with it, so
 * the read-only role the tree ships meets the API server's real RBAC. Node objects the harness
 * writes stand in for the servers (no kubelet runs here); every verify line must pass but those of
 * programs that do not run here, each listed with its reason.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import type { Check, StepResult } from '../report';
import type { Kubectl } from './kubectl';

type Json = Record<string, any>;

/** Verify's checks that read what a program not run here makes, and why each is not provable. */
export const NOT_RUN: Readonly<Record<string, string>> = {
  'cilium.service-host': "Cilium's agent pods (no kubelet runs here)",
  'cilium.kube-proxy': "k3s's own node arguments (no k3s runs here)",
  'kube-vip.lease': "kube-vip's leader Lease (no kube-vip runs here)",
  'flux.instance': 'flux-operator, which makes the FluxInstance Ready (not run here: the harness creates its sync objects)',
  'flux.distribution': 'flux-operator, which applies the distribution (not run here)',
  'platform.default-storage-class': "Longhorn's manager, which writes its StorageClass (the chart is a stand-in)",
};

/** The one not-checkable line the proving ground expects: the served commits are the rewritten copy's, not the fleet's. */
const REWRITTEN_REVISION = 'flux.revision';

export interface VerifyLineParsed { readonly outcome: string; readonly check: string; readonly rest: string }

/** verify's text lines (`<outcome> <check> <subject>: expected …`). */
export function parseVerify(stdout: string): VerifyLineParsed[] {
  return stdout.split('\n').flatMap((line) => {
    const m = line.match(/^(pass|drift|not-checkable) (\S+) (.*)$/);
    return m ? [{ outcome: m[1]!, check: m[2]!, rest: m[3]! }] : [];
  });
}

/** The checks of one verify run: what passed, what a program not run here owns, what failed. */
export function verifyChecks(lines: readonly VerifyLineParsed[]): Check[] {
  const owned = lines.filter((l) => l.outcome !== 'pass' && NOT_RUN[l.check] !== undefined);
  const revision = lines.filter((l) => l.outcome === 'not-checkable' && l.check === REWRITTEN_REVISION);
  const failed = lines.filter((l) => l.outcome !== 'pass' && !owned.includes(l) && !revision.includes(l));
  // The API server's refusal as client-node reports it ("… is forbidden: User … cannot list …"); not a digit run, which a hash may hold.
  const forbidden = lines.filter((l) => /\bforbidden\b|\bHTTP 403\b|\(403\)/i.test(l.rest));
  return [
    { what: `verify read every kind it needs with the inspector's token (no request forbidden by the tree's read-only role)`, ok: lines.length > 0 && forbidden.length === 0, ...(forbidden.length > 0 && { detail: forbidden.map((l) => `${l.check} ${l.rest}`).join('; ').slice(0, 800) }) },
    { what: `every verify line passes (${lines.filter((l) => l.outcome === 'pass').length} pass) but those listed as not provable here`, ok: lines.length > 0 && failed.length === 0, ...(failed.length > 0 && { detail: failed.map((l) => `${l.outcome} ${l.check} ${l.rest}`).join('; ').slice(0, 1500) }) },
    ...[...new Set(owned.map((l) => l.check))].map((check) => ({ what: `${check} reads ${NOT_RUN[check]}`, ok: true, notProvable: true as const })),
    ...(revision.length > 0 ? [{ what: `flux.revision (${revision.length} Kustomizations) compares with the fleet's history, and the served commits are the rewritten copy's`, ok: true, notProvable: true as const }] : []),
  ];
}

/** A Node as k3s registers a server: its roles, its node-ip, Ready, the kubelet of the k3s release. */
function standInNode(name: string, config: Json, k3s: string): { node: Json; status: Json } {
  const etcd = config['cluster-init'] === true || config.server !== undefined;
  return {
    node: {
      apiVersion: 'v1', kind: 'Node',
      metadata: { name, labels: { 'kubernetes.io/hostname': name, 'node-role.kubernetes.io/control-plane': 'true', ...(etcd && { 'node-role.kubernetes.io/etcd': 'true' }) } },
    },
    status: {
      status: {
        addresses: [{ type: 'InternalIP', address: config['node-ip'] }, { type: 'Hostname', address: name }],
        conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'stand-in Node of the proving ground', lastHeartbeatTime: new Date().toISOString(), lastTransitionTime: new Date().toISOString() }],
        nodeInfo: { kubeletVersion: k3s, kubeProxyVersion: '', architecture: 'amd64', operatingSystem: 'linux', osImage: '', kernelVersion: '', containerRuntimeVersion: '', machineID: '', systemUUID: '', bootID: '' },
      },
    },
  };
}

/**
 * Writes the stand-in Nodes of the environment's servers (clusters/<env>/bootstrap/nodes/), then
 * runs the runbook's verify step with the admin kubeconfig where the runbook keeps it.
 */
export function runVerifyStep(input: { fleet: string; env: string; k: Kubectl; kubectl: string; adminKubeconfig: string; home: string }): StepResult {
  const bootstrap = path.join(input.fleet, 'clusters', input.env, 'bootstrap');
  const runSh = fs.readFileSync(path.join(bootstrap, 'run.sh'), 'utf8');
  const k3s = runSh.match(/INSTALL_K3S_VERSION=(\S+)/)?.[1] ?? '';
  const nodesDir = path.join(bootstrap, 'nodes');
  for (const name of fs.existsSync(nodesDir) ? fs.readdirSync(nodesDir).sort() : []) {
    const config = YAML.parse(fs.readFileSync(path.join(nodesDir, name, 'config.yaml'), 'utf8')) as Json;
    const { node, status } = standInNode(name, config, k3s);
    input.k.apply(YAML.stringify(node));
    input.k.run(['patch', 'node', name, '--subresource=status', '--type=merge', '-p', JSON.stringify(status)]);
  }
  fs.mkdirSync(path.join(input.home, '.kube'), { recursive: true });
  fs.copyFileSync(input.adminKubeconfig, path.join(input.home, '.kube', `${input.env}.kubeconfig`));
  const env = { ...process.env, HOME: input.home, PATH: `${path.dirname(input.kubectl)}:${process.env.PATH}` };
  const list = spawnSync('bash', ['run.sh', '--list'], { cwd: bootstrap, env, encoding: 'utf8' }).stdout;
  const step = list.match(/^\s*(\d+)\. Verify the cluster against the tree/m)?.[1];
  if (!step) return { title: 'verify, by the runbook\'s own step', rows: [], checks: [{ what: 'the runbook has a step "Verify the cluster against the tree"', ok: false, detail: list.slice(0, 500) }] };
  const run = spawnSync('bash', ['run.sh', '--only', step], { cwd: bootstrap, env, encoding: 'utf8', maxBuffer: 1 << 26, timeout: 15 * 60_000 });
  const lines = parseVerify(run.stdout);
  const minted = fs.existsSync(path.join(input.home, '.kube', `${input.env}-inspector.kubeconfig`));
  return {
    title: `verify, by the runbook's own step ${step} (the inspector's token, over TLS)`,
    rows: [],
    checks: [
      { what: "the runbook's step minted the inspector's kubeconfig and its `auth can-i` gates held (no Secrets, no writes), then ran verify", ok: minted && lines.length > 0, ...(!(minted && lines.length > 0) && { detail: `${run.stderr}${run.stdout}`.slice(-1500) }) },
      ...verifyChecks(lines),
    ],
  };
}
