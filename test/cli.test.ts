import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthCommand } from '../src/synth/commands';
import { modify, threeServers } from './fixtures/environments';
import { FLEET_MODULE, fleetRepo } from './fixtures/fleet-repo';

const repo = path.resolve(import.meta.dirname, '..');
let root: string;

/** Runs the bin as `npm run <command>` does here (dist/, built by the global set-up), on the fixture fleet in a scratch repository. */
function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ['--', path.join(repo, 'dist/cli.js'), ...args, '--root', root, '--environments', FLEET_MODULE], {
    cwd: repo,
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  root = fleetRepo('cli-');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('CLI', () => {
  it('check passes on the committed tree', () => {
    const { code, stdout } = cli('check');
    expect(stdout).toContain('dev: up to date');
    expect(code).toBe(0);
  });

  it('check fails with a unified diff after a committed file is edited, and synth repairs it', () => {
    const file = path.join(root, 'clusters/dev/kubernetes/platform/cilium/helmrelease.kube-system.cilium.yaml');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('k8sServiceHost: 192.168.1.49', 'k8sServiceHost: 192.168.1.50'));
    const failed = cli('check');
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('--- a/clusters/dev/kubernetes/platform/cilium/helmrelease.kube-system.cilium.yaml');
    expect(failed.stdout).toContain('-    k8sServiceHost: 192.168.1.50\n+    k8sServiceHost: 192.168.1.49');
    expect(failed.stderr).toContain('run npm run synth');

    expect(cli('diff').code).toBe(0);
    const synth = cli('synth', '--env', 'dev');
    expect(synth.stdout).toContain('dev: 0 added, 1 changed, 0 removed');
    expect(cli('check').code).toBe(0);
  });

  it('never deletes a file synth did not write: check and synth name it, --prune removes it', () => {
    const extra = path.join(root, 'clusters/prod/kubernetes/stray.yaml');
    fs.writeFileSync(extra, 'kind: ConfigMap\n');
    const checked = cli('check', '--env', 'prod');
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain('error clusters/prod/kubernetes/stray.yaml [tree.unowned-file]: synth did not write this file and would delete it');
    const refused = cli('synth');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('nothing was written');
    expect(fs.readFileSync(extra, 'utf8')).toBe('kind: ConfigMap\n');
    const pruned = cli('synth', '--prune');
    expect(pruned.stdout).toContain('prod: 0 added, 0 changed, 1 removed');
    expect(fs.existsSync(extra)).toBe(false);
  });

  it('check fails when a file it wrote disappears', () => {
    fs.rmSync(path.join(root, 'clusters/prod/bootstrap/README.md'));
    expect(cli('check', '--env', 'prod').code).toBe(1);
    cli('synth');
    expect(cli('check').code).toBe(0);
  });

  it('check fails when a root file it generates is stale', () => {
    const sops = path.join(root, '.sops.yaml');
    const before = fs.readFileSync(sops, 'utf8');
    fs.writeFileSync(sops, before.replace('encrypted_regex', 'unencrypted_regex'));
    const failed = cli('check');
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('--- a/.sops.yaml');
    // diff agrees with check and synth on the root files.
    const diff = cli('diff');
    expect(diff.stdout).toContain('--- a/.sops.yaml');
    expect(diff.stderr).toContain('.sops.yaml: would be updated');
    cli('synth');
    expect(fs.readFileSync(sops, 'utf8')).toBe(before);
  });

  it('check fails when a secret source breaks, and synth then writes nothing', () => {
    const source = path.join(root, 'secrets/mgmt/capmox-system.capmox-variables.sops.yaml');
    const before = fs.readFileSync(source, 'utf8');
    fs.writeFileSync(source, before.replace(/ {2}PROXMOX_TOKEN: ENC\[[^\n]*\n/, ''));
    const tree = fs.readFileSync(path.join(root, 'clusters/mgmt/kubernetes/capi-providers/cluster-api/secret.capmox-system.capmox-variables.sops.yaml'), 'utf8');
    const failed = cli('check');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('[secret.missing-keys]');
    expect(cli('synth').code).toBe(1);
    expect(fs.readFileSync(path.join(root, 'clusters/mgmt/kubernetes/capi-providers/cluster-api/secret.capmox-system.capmox-variables.sops.yaml'), 'utf8')).toBe(tree);
    fs.writeFileSync(source, before);
    expect(cli('check').code).toBe(0);
  });

  it('names an unknown environment in one line, without a stack trace', () => {
    const { code, stderr } = cli('check', '--env', 'nowhere');
    expect(code).toBe(2);
    expect(stderr.trim()).toBe('unknown environment nowhere; known: dev, mgmt, prod');
  });

  it("names a broken decision record of the tool's repository in one line, without a stack trace", () => {
    // The tool's repository is the one whose package.json names the tool; the scratch fleet has none.
    const pkg = path.join(root, 'package.json');
    expect(fs.existsSync(pkg)).toBe(false);
    try {
      fs.writeFileSync(pkg, JSON.stringify({ name: 'k3s-gitops-synth' }));
      fs.mkdirSync(path.join(root, 'docs/decisions'), { recursive: true });
      fs.writeFileSync(path.join(root, 'docs/decisions/0001-a.md'), '# 0001. A\n\n- Status: accepted\n- Issue: 44\n\nText.\n');
      const { code, stderr } = cli('check');
      expect(code).toBe(1);
      expect(stderr.trim()).toBe('docs/decisions/0001-a.md: Date is missing; write the header as npm run decision writes it (decision.header)');
    } finally {
      fs.rmSync(pkg);
      fs.rmSync(path.join(root, 'docs'), { recursive: true, force: true });
    }
  });

  it("names validate's unknown environment, and a folder option that names no folder, in one line each, without a stack trace", () => {
    const env = cli('validate', '--env', 'nowhere', '--no-kustomize');
    expect(env.code).toBe(2);
    expect(env.stderr.trim()).toBe('unknown environment nowhere; known: dev, mgmt, prod');
    const schemas = cli('validate', '--schemas', path.join(root, 'no-schemas'), '--no-kustomize');
    expect(schemas.code).toBe(2);
    expect(schemas.stderr.trim()).toBe(`--schemas ${path.join(root, 'no-schemas')} does not exist`);
    const file = path.join(root, '.sops.yaml');
    const values = cli('validate', '--values', file, '--no-kustomize');
    expect(values.code).toBe(2);
    expect(values.stderr.trim()).toBe(`--values ${file} is not a folder`);
  });

  it('prints usage for an unknown command', () => {
    const { code, stderr } = cli('frobnicate');
    expect(code).toBe(2);
    expect(stderr).toMatch(/^k3s-gitops-synth: unknown command frobnicate\nusage: k3s-gitops-synth <command>/);
  });
});

describe('synth with violations', () => {
  it('writes nothing at all, for any environment, while one error stands', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nowrite-'));
    const broken = modify(threeServers, (e) => { e.name = 'broken'; e.controlPlane.vip = '10.20.0.11'; });
    const result = synthCommand({ root: dir, environments: [threeServers, broken] });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('error broken.controlPlane.vip [vip.is-node-ip]: 10.20.0.10'.replace('10.20.0.10', '10.20.0.11'));
    expect(result.stderr).toContain('nothing was written');
    expect(fs.readdirSync(dir)).toEqual([]);
    fs.rmSync(dir, { recursive: true });
  });

  it('reports every violation at once', () => {
    const broken = modify(threeServers, (e) => { e.nodes[1]!.ip = '10.20.0.11'; e.flux.layers[1]!.dependsOn = ['nope']; e.k3s.version = 'latest'; });
    const result = synthCommand({ root: os.tmpdir(), environments: [broken] });
    for (const code of ['node.duplicate-ip', 'flux.unknown-dependency', 'version.unpinned']) expect(result.stderr).toContain(`[${code}]`);
  });
});
