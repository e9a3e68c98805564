import { backupCommands } from '../../src/bootstrap/etcd-backup';
import { describe, expect, it } from 'vitest';
import { runbookSteps } from '../../src/bootstrap/steps';
import type { EnvironmentSpec } from '../../src/model/environment';
import { fiveServersTwoPlanned, modify, resolveK3s, singleServer } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import { prod } from '../fixtures/fleet/prod';

// A server's new address as the runbook's Day 2 section writes it: a rebuild, one server at a
// time (leave the cluster with k3s stopped first, take the address, join again), never a restart.

const book = (spec: EnvironmentSpec) => runbookSteps(resolveK3s(spec));
const section = (spec: EnvironmentSpec) => book(spec).dayTwo.find((s) => s.title === "A server's address changes");
const block = (commands: readonly string[], node: string) => {
  const start = commands.indexOf(`# ${node}`);
  const end = commands.findIndex((c, i) => i > start && c.startsWith('# k3s-') && !c.startsWith('# on '));
  return commands.slice(start, end < 0 ? undefined : end);
};

describe("Day 2: a server's address changes", () => {
  it('fails when a libvirt server is restarted on its new address: it leaves the cluster, its VM is rebuilt from the new seed, it joins again', () => {
    const runbook = book(dev);
    const step = section(dev)!;
    expect(step.where).toBe('k3s-dev-2 or k3s-dev-3');
    expect(step.commands.join('\n')).not.toContain('systemctl restart k3s');
    const join = runbook.steps.findIndex((s) => s.title.startsWith('Join k3s-dev-2 (')) + 1;
    expect(block(step.commands, 'k3s-dev-2').map((c) => c.replace(/^ssh .*? -p 22 /, 'ssh '))).toEqual([
      '# k3s-dev-2',
      // The snapshot first, copied off the founder with the server token (Day 2 "Back up etcd").
      ...backupCommands(resolveK3s(dev), 'before-k3s-dev-2-readdress').map((c) => c.replace(/^ssh .*? -p 22 /, 'ssh ')),
      'kubectl drain k3s-dev-2 --ignore-daemonsets --delete-emptydir-data',
      // k3s stops before its Node goes, so it cannot register the Node again; reached at the address it still has.
      // Reached at the old address, which the Node still reports until it is deleted.
      `old=$(kubectl get node k3s-dev-2 -o jsonpath='{.status.addresses[?(@.type=="InternalIP")].address}') && test -n "$old" && ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 "ubuntu@$old" 'sudo /usr/local/bin/k3s-uninstall.sh'`,
      'kubectl delete node k3s-dev-2',
      expect.stringMatching(/^\(cd \.\.\/\.\.\/\.\. && npm run deploy -- dev -- '-target=.*' '-replace=libvirt_volume\.os\["k3s-dev-2"\]' '-replace=libvirt_domain\.node\["k3s-dev-2"\]'\)$/),
      "ssh-keygen -R 192.168.1.51 >/dev/null 2>&1 || true",
      "timeout 900 bash -c 'until ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.51 true 2>/dev/null; do sleep 5; done'",
      "ssh ubuntu@192.168.1.51 'sudo cloud-init status --wait >/dev/null'",
      `bash run.sh --only ${join}`,
      "timeout 300 bash -c 'until kubectl --server=https://192.168.1.51:6443 get --raw='\\''/readyz/etcd'\\'' >/dev/null 2>&1; do sleep 5; done'",
    ]);
    // The founder is moved first, never rebuilt as it is.
    expect(step.commands).not.toContain('# k3s-dev-1');
    expect(step.notes).toContain('The founder runs `cluster-init`: rebuilt as it is, it would start a new cluster. Make another live server the founder first (`founder: true` on it, synth, commit), then rebuild k3s-dev-1 like the others.');
  });

  it('on bare metal, the operator gives the host its address on its console before the join; a data dir of its own is removed too', () => {
    const racked = modify(prod, (e) => { for (const n of e.nodes) n.state = 'live'; });
    const commands = block(section(racked)!.commands, 'k3s-prod-2');
    // SSH goes through the NAT target, which the new address does not change.
    expect(commands).toContain("ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 2252 192.168.2.102 'sudo /usr/local/bin/k3s-uninstall.sh && sudo rm -rf /data/k3s'");
    expect(commands).toContain('# on k3s-prod-2\'s console: give the host 192.168.2.11/24 (its netplan file, then sudo netplan apply)');
    expect(commands.join('\n')).not.toMatch(/deploy|cloud-init/);
  });

  it('is no section where no server can be rebuilt alone: one server, on sqlite or on etcd', () => {
    expect(section(mgmt as EnvironmentSpec)).toBeUndefined();
    expect(section(singleServer)).toBeUndefined();
    expect(section(modify(fiveServersTwoPlanned, (e) => { e.nodes[3]!.state = 'live'; e.nodes[4]!.state = 'live'; }))!.where).toBe('five-1 or five-3 or five-4 or five-5');
  });
});
