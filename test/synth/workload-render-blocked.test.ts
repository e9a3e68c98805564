import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCommand, diffCommand, synthCommand } from '../../src/synth/commands';
import type { CommandOptions, CommandResult } from '../../src/synth/commands';
import { readTree } from '../../src/synth/tree';
import { mgmtSecrets } from '../fixtures/corpus';
import { modifyWorkload } from '../fixtures/environments';
import { mgmt } from '../fixtures/fleet/mgmt';
import { lab1, mgmtOfLab1 } from '../fixtures/workload';

// A management environment's tree holds its workload clusters' objects: while the workload (or the
// fleet's rules about the pair) has an error, mgmt is not rendered, so its renderer never meets
// the inputs those errors name. Through the commands, as the CLI calls them.

const roots: string[] = [];
afterEach(() => { for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true }); });

/** A scratch repository with mgmt's and lab1's encrypted sources, and nothing else. */
function scratch(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'workload-blocked-'));
  roots.push(root);
  const workloadSecrets = [...readTree(path.join(import.meta.dirname, '../fixtures/workload-secrets'))].map(([p, t]): [string, string] => [`secrets/${p}`, t]);
  for (const [rel, text] of [...Object.entries(mgmtSecrets()), ...workloadSecrets]) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const controlPlanePool = modifyWorkload(lab1, (e) => { e.infrastructure.workers![0]!.name = 'control-plane'; });
const commands: [string, (o: CommandOptions) => CommandResult][] = [['synth', synthCommand], ['check', checkCommand], ['diff', diffCommand]];

describe('a management environment is not rendered while its workload cluster has an error', () => {
  it('the fixture pair synthesizes (the base the cases break)', () => {
    expect(synthCommand({ root: scratch(), environments: [mgmtOfLab1, lab1] }).exitCode).toBe(0);
  });

  it.each([
    ['a pool named control-plane', [mgmtOfLab1, controlPlanePool], [], 'workload.pool-reserved-name'],
    ['a pool named control-plane, only mgmt selected', [mgmtOfLab1, controlPlanePool], ['mgmt'], 'workload.pool-reserved-name'],
    ['mgmt without the capi-clusters layer', [mgmt, lab1], [], 'workload.clusters-layer-missing'],
    ['mgmt without the capi-clusters layer, only mgmt selected', [mgmt, lab1], ['mgmt'], 'workload.clusters-layer-missing'],
  ] as const)('%s: every command reports it, throws nothing and writes nothing', (_name, environments, only, code) => {
    for (const [command, run] of commands) {
      const root = scratch();
      const before = readTree(root);
      const result = run({ root, environments, only });
      expect(result.exitCode, command).toBe(1);
      expect(result.stderr, command).toContain(`[${code}]`);
      expect(result.stderr, command).not.toMatch(/\n\s+at /);
      expect(readTree(root), command).toEqual(before);
    }
  });
});

describe('a workload cluster with an error, over a committed tree', () => {
  /** The error codes check reports after the valid pair was synthesized and lab1 edited. */
  function errorsOver(edit: (e: any) => void): string[] {
    const root = scratch();
    expect(synthCommand({ root, environments: [mgmtOfLab1, lab1] }).exitCode).toBe(0);
    const result = checkCommand({ root, environments: [mgmtOfLab1, modifyWorkload(lab1, edit)] });
    return [...new Set([...result.stderr.matchAll(/^error \S+ \[([^\]]+)\]/gm)].map((m) => m[1]!))].sort();
  }

  it.each([
    ['a Kubernetes version without its v', (e: any) => { e.infrastructure.kubernetes = '1.35.9'; }, 'workload.kubernetes-version'],
    ['a k3s version', (e: any) => { e.infrastructure.kubernetes = 'v1.35.9+k3s1'; }, 'workload.kubernetes-version'],
    ['memory not a multiple of 8', (e: any) => { e.infrastructure.controlPlane.machine.memoryMiB = 4100; }, 'workload.memory-multiple'],
    ['a private SSH key', (e: any) => { e.infrastructure.sshKeys = ['-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----']; }, 'vm.ssh-key-private'],
    ['an SSH key that is none', (e: any) => { e.infrastructure.sshKeys = ['not a key']; }, 'vm.ssh-key-invalid'],
    // The skew rule would say "a v1.36.x release", which Cluster API v1.12 does not support either: only the support table speaks.
    ['a Kubernetes minor Cluster API does not support, two minors on', (e: any) => { e.infrastructure.kubernetes = 'v1.37.2'; e.infrastructure.proxmox.templates = { 'v1.35.9': 9035, 'v1.37.2': 9037 }; }, 'workload.kubernetes-unsupported'],
  ])('%s: only its own error, no template rule comparing the trees', (_name, edit, code) => {
    expect(errorsOver(edit)).toEqual([code]);
  });

  it('a valid change of a machine set still needs its generation bumped (the comparison runs)', () => {
    expect(errorsOver((e) => { e.infrastructure.controlPlane.machine.memoryMiB = 4104; })).toEqual(['workload.template-changed']);
  });
});
