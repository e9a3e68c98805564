import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { inspectorStep, verifyAfterChangeStep } from '../../src/bootstrap/inspector-step';
import { runbookSteps } from '../../src/bootstrap/steps';
import { modify, threeServers, resolveK3s } from '../fixtures/environments';
import { mgmt } from '../fixtures/fleet';

// A kubectl of the test's own: the cluster's server and CA from the admin kubeconfig, a token from
// `create token`, and `auth can-i` answering as the role would (yes to lists, no to Secrets and writes).
const KUBECTL = `#!/bin/sh
echo "$*" >> "$(dirname "$0")/calls"
case "$*" in
  *"cluster.server"*) echo "https://10.20.0.10:6443";;
  *"certificate-authority-data"*) echo "Q0EtREFUQQ==";;
  *"create token"*) echo "minted.token.value";;
  *"can-i list"*) exit 0;;
  *"can-i"*) exit 1;;
esac
`;

function runIn(home: string, command: string, kubectl = KUBECTL) {
  const bin = path.join(home, 'bin');
  fs.mkdirSync(bin, { recursive: true });
  fs.writeFileSync(path.join(bin, 'kubectl'), kubectl, { mode: 0o755 });
  // As run.sh's `run` does: each command in a shell of its own.
  return spawnSync('bash', ['-euo', 'pipefail', '-c', command], { env: { ...process.env, HOME: home, PATH: `${bin}:${process.env.PATH}` }, encoding: 'utf8' });
}

describe("the runbook's verify step", () => {
  const env = resolveK3s(threeServers);

  it('is the cold build\'s last step: the running layers Ready, the inspector\'s kubeconfig minted and proved read-only, then verify', () => {
    const steps = runbookSteps(env).steps;
    const step = steps.at(-1)!;
    expect(step.title).toBe('Verify the cluster against the tree');
    const suspended = env.flux.layers.filter((l) => l.suspend).map((l) => l.name);
    for (const layer of env.flux.layers) {
      expect(step.commands.some((c) => c.includes(`wait kustomization/${layer.name} `)), layer.name).toBe(!suspended.includes(layer.name));
    }
    expect(step.commands.at(-1)).toBe('cd ../../.. && npm run --silent verify -- --env fixture --kubeconfig "$HOME/.kube/fixture-inspector.kubeconfig"');
    expect(steps.findIndex((s) => s.title.startsWith('Flux'))).toBeLessThan(steps.length - 1);
  });

  it('writes a kubeconfig of the ServiceAccount\'s token, mode 0600, the token on no command line', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'inspector-'));
    try {
      const step = inspectorStep(env);
      const mint = step.commands.find((c) => c.includes('create token'))!;
      expect(mint).not.toContain('--token');
      const ran = runIn(home, mint);
      expect(ran.status, ran.stderr).toBe(0);
      const file = path.join(home, '.kube/fixture-inspector.kubeconfig');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(YAML.parse(fs.readFileSync(file, 'utf8'))).toEqual({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'fixture', cluster: { server: 'https://10.20.0.10:6443', 'certificate-authority-data': 'Q0EtREFUQQ==' } }],
        users: [{ name: 'verify-inspector', user: { token: 'minted.token.value' } }],
        contexts: [{ name: 'fixture-inspector', context: { cluster: 'fixture', user: 'verify-inspector' } }],
        'current-context': 'fixture-inspector',
      });
      expect(fs.readFileSync(path.join(home, 'bin/calls'), 'utf8')).toContain('-n flux-system create token verify-inspector --duration=168h');
      expect(fs.readFileSync(path.join(home, 'bin/calls'), 'utf8')).not.toContain('minted.token.value');
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('stops when the kubeconfig can read Secrets or write, before verify', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'inspector-'));
    try {
      const proofs = inspectorStep(env).commands.filter((c) => c.includes('auth can-i'));
      expect(proofs.map((c) => runIn(home, c).status)).toEqual([0, 0, 0]);
      const admin = KUBECTL.replace('*"can-i"*) exit 1;;', '*"can-i"*) exit 0;;');
      expect(proofs.map((c) => runIn(home, c, admin).status)).toEqual([0, 1, 1]);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it("names mgmt's capi-inspector where Cluster API brings it, and comes back in Day 2", () => {
    const day2 = runbookSteps(env).dayTwo.at(-1)!;
    expect(day2).toEqual(verifyAfterChangeStep(env));
    expect(day2.commands.at(-1)).toContain('verify -- --env fixture');
    const elsewhere = resolveK3s(modify(threeServers, (e) => { e.kubeconfig = { file: '/srv/kube/fixture.yaml' }; }));
    expect(inspectorStep(elsewhere).commands.at(-1)).toContain('--kubeconfig "/srv/kube/fixture-inspector.kubeconfig"');
    const capi = inspectorStep(resolveK3s(mgmt)).commands;
    expect(capi.find((c) => c.includes('create token'))).toMatch(/-n capi-system create token capi-inspector --duration=168h/);
    expect(capi[0]).not.toContain('verify-inspector');
  });
});
