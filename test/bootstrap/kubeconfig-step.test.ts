import { describe, expect, it } from 'vitest';
import { kubeconfigStep } from '../../src/bootstrap/kubeconfig-step';
import { modify, singleServer, threeServers, resolveK3s } from '../fixtures/environments';

describe("the workstation's kubeconfig step", () => {
  it("writes the environment's own file whole, refusing one with other entries", () => {
    const step = kubeconfigStep(resolveK3s(threeServers));
    expect(step.title).toBe('Kubeconfig ~/.kube/fixture.kubeconfig (context fixture)');
    expect(step.notes).toEqual([
      "Fetched from the founder, pointed at https://10.20.0.10:6443 (the VIP, never 127.0.0.1), renamed to `fixture`, mode 0600, never committed. ~/.kube/fixture.kubeconfig is the environment's own file, written whole: the runbook refuses a file that holds any cluster, context or user besides `fixture` at https://10.20.0.10:6443, so no other kubeconfig is overwritten.",
    ]);
    expect(step.commands[1]).toContain("grep -Fvx -e '' -e 'cluster fixture https://10.20.0.10:6443' -e 'context fixture' -e 'user fixture'");
    expect(step.commands[3]).toBe('install -D -m 0600 "$KUBECONFIG.new" "$KUBECONFIG" && rm "$KUBECONFIG.new"');
    expect(step.commands.join('\n')).not.toContain('config view --raw');
  });

  it('with kubeconfig.merge, merges into the named file, this cluster first, and says what becomes of current-context', () => {
    const step = kubeconfigStep(resolveK3s(modify(singleServer, (e) => { e.kubeconfig = { context: 'lab', file: '~/.kube/config', merge: true }; })));
    expect(step.notes).toEqual([
      "Fetched from the founder, pointed at https://10.30.0.5:6443 (the server, never 127.0.0.1), renamed to `lab`, mode 0600, never committed. Merged into ~/.kube/config (`kubeconfig.merge`): the cluster, user and context `lab` are added or replaced, every other entry the file holds stays. current-context becomes `lab`, which the runbook's kubectl commands use; the step prints the one it replaced. A cluster `lab` of another server in the file is refused.",
    ]);
    expect(step.commands[1]).toContain(`jsonpath='{.clusters[?(@.name=="lab")].cluster.server}'`);
    expect(step.commands[1]).toContain('[ "$was" != https://10.30.0.5:6443 ]');
    expect(step.commands[3]).toContain('KUBECONFIG="$KUBECONFIG.new:$KUBECONFIG" kubectl config view --raw > "$KUBECONFIG.merged"');
    expect(step.commands[3]).not.toContain('--flatten');
    expect(step.commands[3]).toContain('[ "$previous" != lab ]');
  });
});
