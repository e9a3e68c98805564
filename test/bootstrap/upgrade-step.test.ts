import { backupCommands } from '../../src/bootstrap/etcd-backup';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runbookSteps } from '../../src/bootstrap/steps';
import { upgradeStep } from '../../src/bootstrap/upgrade-step';
import type { EnvironmentSpec } from '../../src/model/environment';
import { modify, resolveK3s, singleServer } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';

// The rolling k3s upgrade of the Day 2 section: one server at a time with the install line of the
// Join steps, and a first line that refuses a node more than one minor from the pin.

const step = (spec: EnvironmentSpec) => upgradeStep(resolveK3s(spec));
/** The refusal line run against `kubectl get nodes` output given here (its kubectl replaced by printf): its exit code and what it printed. */
function refusal(spec: EnvironmentSpec, nodes: string): { status: number; out: string } {
  const line = step(spec).commands[0]!.replace(/^kubectl get nodes [^|]*\|/, `printf '${nodes}' |`);
  try {
    return { status: 0, out: execFileSync('bash', ['-c', line], { encoding: 'utf8' }) };
  } catch (e: any) {
    return { status: e.status as number, out: String(e.stdout) };
  }
}

describe('Day 2: upgrade k3s to the pin', () => {
  it('upgrades one server at a time, the founder last: drain, the install line of the Join steps, the pin Ready, etcd healthy, uncordon', () => {
    const env = resolveK3s(dev);
    const book = runbookSteps(env);
    const section = book.dayTwo.find((s) => s.title === 'Upgrade k3s to the pinned release')!;
    expect(section.where).toBe('k3s-dev-2, then k3s-dev-3, then k3s-dev-1');
    const install = book.steps.find((s) => s.title.startsWith('Join k3s-dev-2'))!.commands.find((c) => c.includes('INSTALL_K3S_VERSION'))!;
    const block = section.commands.slice(section.commands.indexOf('# k3s-dev-2'), section.commands.indexOf('# k3s-dev-3'));
    expect(block).toEqual([
      '# k3s-dev-2',
      'kubectl drain k3s-dev-2 --ignore-daemonsets --delete-emptydir-data',
      install,
      "timeout 300 bash -c 'until kubectl get node k3s-dev-2 -o jsonpath='\\''{.status.nodeInfo.kubeletVersion}'\\'' 2>/dev/null | grep -qxF v1.36.4+k3s1; do sleep 5; done'",
      'kubectl wait --for=condition=Ready node/k3s-dev-2 --timeout=10m',
      "timeout 300 bash -c 'until kubectl --server=https://192.168.1.51:6443 get --raw='\\''/readyz/etcd'\\'' >/dev/null 2>&1; do sleep 5; done'",
      'kubectl uncordon k3s-dev-2',
    ]);
    // The snapshot first, copied off the founder with the server token (Day 2 "Back up etcd").
    expect(section.commands.slice(1, 5)).toEqual(backupCommands(env, 'before-k3s-upgrade'));
    expect(section.notes[2]).toContain('etcd needs 2 of its 3 members up, so upgrading more than 1 server at once stops the cluster');
  });

  it('fails when a node is more than one minor behind the pin, or ahead of it: the first line refuses and names it', () => {
    expect(refusal(dev, 'k3s-dev-1 v1.35.8+k3s1\\nk3s-dev-2 v1.36.4+k3s1\\n')).toEqual({ status: 0, out: '' });
    expect(refusal(dev, 'k3s-dev-1 v1.34.6+k3s1\\nk3s-dev-2 v1.35.8+k3s1\\n')).toEqual({ status: 1, out: 'k3s-dev-1 runs v1.34.6+k3s1: not within one minor below v1.36.4+k3s1, refused\n' });
    expect(refusal(dev, 'k3s-dev-1 v1.37.0+k3s1\\n').status).toBe(1);
    // No node read (kubectl failed): refused, not passed.
    expect(refusal(dev, '').status).toBe(1);
  });

  it('drains nobody where there is one server, and takes a snapshot only on etcd', () => {
    const sqlite = step(mgmt as EnvironmentSpec);
    expect(sqlite.commands.filter((c) => /drain|uncordon|etcd/.test(c))).toEqual([]);
    expect(sqlite.notes[2]).toBe('With one server the API is down while it restarts; it is not drained (no other node would take its pods).');
    expect(step(singleServer).commands.filter((c) => c.includes('etcd-snapshot'))).toHaveLength(1);
  });

  it('names the minor before the pin from the pin itself', () => {
    expect(step(modify(dev, (e) => { e.k3s.version = 'v1.37.1+k3s1'; })).commands[0]).toContain('/^v(1[.]36|1[.]37)[.]/');
  });
});
