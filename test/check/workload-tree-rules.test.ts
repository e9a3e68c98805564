import { App, Chart } from 'cdk8s';
import { describe, expect, it } from 'vitest';
import { checkRendered } from '../../src/check/rendered-rules';
import { workloadTreeRules } from '../../src/check/workload-tree-rules';
import { KustomizationFolder } from '../../src/k8s/kustomization-folder';
import { layOutFolders } from '../../src/k8s/render';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolve } from '../../src/model/resolve';
import type { Environment } from '../../src/model/resolve';
import { runRules } from '../../src/model/violation';
import { canonical, stringifyCanonical } from '../../src/tree/yaml';
import { WorkloadClusterObjects } from '../../src/workload/cluster-objects';
import { retainedTemplates } from '../../src/workload/retained-templates';
import { modify, modifyWorkload, threeServers } from '../fixtures/environments';
import { expectReport } from '../fixtures/expect';
import { managementBase, workloadBase } from '../fixtures/workload-rules';
import { KUBE_VIP } from '../workload/render';

/** mgmt resolved beside its workload cluster `lab`: the environment whose tree holds lab's objects. */
const mgmtOf = (lab: EnvironmentSpec): Environment => resolve(managementBase, [managementBase, lab]);

/**
 * The files the construct writes into mgmt's tree for each of its workload clusters, as
 * `kubernetes/<layer>/<cluster>/…` (paths relative to `clusters/mgmt/`), the retained
 * generations copied from `committed` as the construct's `retained` prop takes them.
 */
function mgmtTree(mgmt: Environment, committed: ReadonlyMap<string, string> = new Map()): Map<string, string> {
  const chart = new Chart(new App(), mgmt.name, { disableResourceNameHashes: true });
  for (const cluster of mgmt.workloads) {
    const layer = new KustomizationFolder(chart, `${cluster.name}-layer`, { folder: cluster.layer });
    const folder = new KustomizationFolder(layer, cluster.name);
    new WorkloadClusterObjects(folder, 'objects', { cluster, kubeVipImage: KUBE_VIP, retained: retainedTemplates(cluster, committed).files });
  }
  return new Map(
    layOutFolders(chart).map((a) => [a.path, 'yaml' in a ? a.yaml.map((d) => stringifyCanonical(canonical(d))).join('---\n') : 'text' in a ? a.text : JSON.stringify(a.json)]),
  );
}

const lab = (edit: (e: any) => void) => modifyWorkload(workloadBase, edit);
/** The rendered rules' findings on mgmt's tree rendered for `after`, over the tree committed for `before`. */
function changed(before: EnvironmentSpec, after: EnvironmentSpec) {
  const committed = mgmtTree(mgmtOf(before));
  const env = mgmtOf(after);
  return expectReport(runRules(workloadTreeRules, { env, files: mgmtTree(env, committed), previous: committed }));
}
/** mgmt's findings for two workload clusters, lab1 then lab2, each at its own release before and after. */
function changedPair(before: readonly [string, string], after: readonly [string, string]) {
  const pair = ([one, two]: readonly [string, string]) => {
    const at = (name: string, v: string) => lab((e) => { e.name = name; e.infrastructure.kubernetes = v; e.infrastructure.proxmox.templates = { [v]: 9000 }; });
    const specs = [at('lab1', one), at('lab2', two)];
    return resolve(managementBase, [managementBase, ...specs]);
  };
  const committed = mgmtTree(pair(before));
  const env = pair(after);
  return runRules(workloadTreeRules, { env, files: mgmtTree(env, committed), previous: committed });
}
const KCP = 'kubernetes/capi-clusters/lab1/kubeadmcontrolplane.default.lab1-control-plane.yaml';
const kcp = (tail: string) => `apiVersion: controlplane.cluster.x-k8s.io/v1beta2\nkind: KubeadmControlPlane\n${tail}`;
const templatePath = (name: string) => `clusters/mgmt/kubernetes/capi-clusters/lab1/proxmoxmachinetemplate.default.${name}.yaml`;

describe("the workload clusters' objects against mgmt's committed tree", () => {
  it('writes the objects where the rules read them: kubernetes/<layer>/<cluster>/, one per file', () => {
    const files = [...mgmtTree(mgmtOf(workloadBase)).keys()];
    expect(files).toContain('kubernetes/capi-clusters/lab1/proxmoxmachinetemplate.default.lab1-workers-g1.yaml');
    expect(files).toContain('kubernetes/capi-clusters/lab1/kubeadmcontrolplane.default.lab1-control-plane.yaml');
  });

  it('passes an unchanged tree, a first render, and a change under a new generation', () => {
    expect(changed(workloadBase, workloadBase)).toEqual([]);
    const env = mgmtOf(workloadBase);
    expect(runRules(workloadTreeRules, { env, files: mgmtTree(env) })).toEqual([]);
    const bumped = lab((e) => { e.infrastructure.workers[0].machine.memoryMiB = 16384; e.infrastructure.workers[0].generation = 2; e.infrastructure.workers[0].retainedGenerations = [1]; });
    expect(changed(workloadBase, bumped)).toEqual([]);
  });

  describe('workload.template-changed', () => {
    it("fails when a pool's machines change under an unchanged generation, naming the generation to bump", () => {
      const found = changed(workloadBase, lab((e) => { e.infrastructure.workers[0].machine.memoryMiB = 16384; }));
      expect(found.map((v) => [v.code, v.path, v.value])).toEqual([['workload.template-changed', templatePath('lab1-workers-g1'), 'lab1-workers-g1']]);
      expect(found[0]!.fix).toBe('bump lab1.infrastructure.workers[0].generation to 2 and list 1 in its retainedGenerations until the rollout is done');
      expect(found[0]!.message).toContain('ProxmoxMachineTemplate is immutable');
    });

    it("fails for the control plane's template and a pool's KubeadmConfigTemplate too", () => {
      const keys = lab((e) => { e.infrastructure.sshKeys = ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOtherKeyOtherKeyOtherKeyOtherKeyOtherKe9 other']; });
      const found = changed(workloadBase, keys);
      // The keys are in the KubeadmConfigTemplate (and the KubeadmControlPlane, which is no template).
      expect(found.map((v) => [v.code, v.value])).toEqual([['workload.template-changed', 'lab1-workers-g1']]);
      expect(found[0]!.path).toBe('clusters/mgmt/kubernetes/capi-clusters/lab1/kubeadmconfigtemplate.default.lab1-workers-g1.yaml');
      expect(found[0]!.message).toContain('rolls out no machine');
      const cp = changed(workloadBase, lab((e) => { e.infrastructure.controlPlane.machine.cores = 4; }));
      expect(cp.map((v) => [v.code, v.value, v.fix])).toEqual([['workload.template-changed', 'lab1-control-plane-g1', 'bump lab1.infrastructure.controlPlane.generation to 2 and list 1 in its retainedGenerations until the rollout is done']]);
    });

    it('passes a retained generation, copied byte for byte', () => {
      const bumped = lab((e) => { e.infrastructure.controlPlane.machine.cores = 4; e.infrastructure.controlPlane.generation = 2; e.infrastructure.controlPlane.retainedGenerations = [1]; });
      const committed = mgmtTree(mgmtOf(workloadBase));
      const env = mgmtOf(bumped);
      const files = mgmtTree(env, committed);
      expect(files.get('kubernetes/capi-clusters/lab1/proxmoxmachinetemplate.default.lab1-control-plane-g1.yaml')).toBe(committed.get('kubernetes/capi-clusters/lab1/proxmoxmachinetemplate.default.lab1-control-plane-g1.yaml'));
      expect(runRules(workloadTreeRules, { env, files, previous: committed })).toEqual([]);
    });
  });

  describe('workload.template-retained-missing', () => {
    it('fails when the committed tree lacks a retained generation, at that entry', () => {
      const retained = lab((e) => { e.infrastructure.workers[0].generation = 3; e.infrastructure.workers[0].retainedGenerations = [2]; });
      const found = changed(workloadBase, retained);
      expect(found.map((v) => [v.code, v.path, v.value])).toEqual([
        ['workload.template-retained-missing', 'lab1.infrastructure.workers[0].retainedGenerations[0]', '2'],
        ['workload.template-retained-missing', 'lab1.infrastructure.workers[0].retainedGenerations[0]', '2'],
      ]);
      expect(found.map((v) => v.message)).toEqual([
        'the committed tree of mgmt holds no ProxmoxMachineTemplate lab1-workers-g2 in namespace default: a retained generation is copied from it as committed, and nothing of this one is there to copy',
        'the committed tree of mgmt holds no KubeadmConfigTemplate lab1-workers-g2 in namespace default: a retained generation is copied from it as committed, and nothing of this one is there to copy',
      ]);
    });
  });

  describe('workload.kubernetes-skew', () => {
    const at = (v: string) => lab((e) => { e.infrastructure.kubernetes = v; e.infrastructure.proxmox.templates = { [v]: 9000 }; });

    it('passes a patch release and the next minor, and a downgrade (the webhook refuses only a skip)', () => {
      expect(changed(at('v1.33.4'), at('v1.33.9')).filter((v) => v.code === 'workload.kubernetes-skew')).toEqual([]);
      expect(changed(at('v1.33.4'), at('v1.34.0')).filter((v) => v.code === 'workload.kubernetes-skew')).toEqual([]);
      expect(changed(at('v1.34.0'), at('v1.33.4')).filter((v) => v.code === 'workload.kubernetes-skew')).toEqual([]);
    });

    it('fails when the control plane would skip a minor, naming the one to go through', () => {
      const found = changed(at('v1.33.4'), at('v1.35.0')).filter((v) => v.code === 'workload.kubernetes-skew');
      expect(found).toEqual([{
        code: 'workload.kubernetes-skew',
        severity: 'error',
        path: 'clusters/mgmt/kubernetes/capi-clusters/lab1/kubeadmcontrolplane.default.lab1-control-plane.yaml:spec.version',
        value: 'v1.33.4 → v1.35.0',
        message: "lab1-control-plane would move from Kubernetes v1.33.4 to v1.35.0; KubeadmControlPlane's webhook refuses an upgrade past the next minor (1.34), as kubeadm upgrades one minor at a time",
        fix: 'upgrade through 1.34 first: set lab1.infrastructure.kubernetes to a v1.34.x release (with its template VM), let the rollout finish, then take the next minor',
      }]);
    });
  });

  describe('the control plane against its committed release', () => {
    /** The skew and downgrade findings on lab1 at v1.34.2, over a committed tree whose control plane file reads `text`, and other files. */
    const against = (text: string, extra: Record<string, string> = {}) => {
      const env = mgmtOf(lab((e) => { e.infrastructure.kubernetes = 'v1.34.2'; e.infrastructure.proxmox.templates = { 'v1.34.2': 9000 }; }));
      const committed = new Map([...mgmtTree(env), [KCP, text], ...Object.entries(extra)]);
      return runRules(workloadTreeRules, { env, files: mgmtTree(env, committed), previous: committed }).filter((v) => v.code.startsWith('workload.kubernetes-'));
    };

    it('says nothing where the committed control plane has no release to compare: no spec, a version that is no string', () => {
      const named = 'metadata:\n  name: lab1-control-plane\n  namespace: default\n';
      expect(against(kcp(named))).toEqual([]);
      // YAML reads `version: 1` and `version: 2` as numbers: semver would coerce them to 1.0.0 and 2.0.0.
      expect(against(kcp(`${named}spec:\n  version: 1\n`))).toEqual([]);
      expect(against(kcp(`${named}spec:\n  version: 2\n`))).toEqual([]);
    });

    it("compares only with the committed control plane of its own namespace, a file under kubernetes/ only, and reads a committed object with no metadata as no one's", () => {
      const elsewhere = kcp('metadata:\n  name: lab1-control-plane\n  namespace: clusters\nspec:\n  version: v1.36.0\n');
      expect(against(elsewhere)).toEqual([]);
      const anonymous = {
        'kubernetes/capi-clusters/old/kcp.yaml': kcp('spec:\n  version: v1.36.0\n'),
        // Outside kubernetes/ no Flux applies it: not the committed control plane.
        'bootstrap/kcp.yaml': kcp('metadata:\n  name: lab1-control-plane\n  namespace: default\nspec:\n  version: v1.36.0\n'),
      };
      expect(against(kcp('metadata:\n  name: lab1-control-plane\n  namespace: default\nspec:\n  version: v1.34.2\n'), anonymous)).toEqual([]);
    });

    it('names the workload cluster whose control plane moves, not the first of its namespace', () => {
      expect(changedPair(['v1.34.3', 'v1.34.3'], ['v1.34.3', 'v1.34.2']).map((v) => [v.code, v.path])).toEqual([['workload.kubernetes-downgrade', 'lab2.infrastructure.kubernetes']]);
      const [skip] = changedPair(['v1.33.4', 'v1.33.4'], ['v1.33.4', 'v1.35.0']);
      expect(skip!.fix).toContain('set lab2.infrastructure.kubernetes to a v1.34.x release');
    });
  });

  describe('workload.kubernetes-downgrade', () => {
    const at = (v: string, templates: Record<string, number> = { [v]: 9000 }) => lab((e) => { e.infrastructure.kubernetes = v; e.infrastructure.proxmox.templates = templates; });
    const downgrades = (before: EnvironmentSpec, after: EnvironmentSpec) => changed(before, after).filter((v) => v.code === 'workload.kubernetes-downgrade');

    it('passes the same release, a patch and a minor upgrade', () => {
      expect(downgrades(at('v1.34.2'), at('v1.34.2'))).toEqual([]);
      expect(downgrades(at('v1.34.2'), at('v1.34.3'))).toEqual([]);
      expect(downgrades(at('v1.34.2'), at('v1.35.0'))).toEqual([]);
    });

    it('warns when the control plane goes down a patch release, with the fix as an action where the template is still listed', () => {
      expect(downgrades(at('v1.34.3'), at('v1.34.2', { 'v1.34.3': 9003, 'v1.34.2': 9002 }))).toEqual([{
        code: 'workload.kubernetes-downgrade',
        severity: 'warning',
        path: 'lab1.infrastructure.kubernetes',
        value: 'v1.34.3 → v1.34.2',
        message: "lab1 would go down from Kubernetes v1.34.3 to v1.34.2: KubeadmControlPlane's webhook admits it (it refuses only a skipped minor), so Cluster API replaces every machine with one running the older kubeadm, kubelet and API server over the etcd data v1.34.3 wrote, a path Cluster API documents only upwards",
        fix: 'keep v1.34.3: set lab1.infrastructure.kubernetes back to it; go down only to undo a release that failed, knowing no upstream test covers it',
        action: { set: 'infrastructure.kubernetes', to: 'v1.34.3' },
      }]);
    });

    it('warns when it goes down minors, and asks for the template back where it is gone', () => {
      const [found] = downgrades(at('v1.35.1'), at('v1.33.4'));
      expect(found!.message).toContain('from Kubernetes v1.35.1 to v1.33.4, 2 minors down:');
      expect(found!.fix).toBe('keep v1.35.1: set lab1.infrastructure.kubernetes back to it and list its template VM in infrastructure.proxmox.templates again; go down only to undo a release that failed');
      expect(found).not.toHaveProperty('action');
      expect(downgrades(at('v1.35.1'), at('v1.34.9'))[0]!.message).toContain('to v1.34.9, 1 minor down:');
      expect(downgrades(at('v2.0.1'), at('v1.36.0'))[0]!.message).toContain('to v1.36.0, a major release down:');
    });
  });

  describe('workload.namespace-moved', () => {
    const moved = lab((e) => { e.infrastructure.namespace = 'clusters'; });
    /** The findings with mgmt's layer of the clusters' objects written, pruning or not. */
    const move = (prune: boolean) => {
      const committed = mgmtTree(mgmtOf(workloadBase));
      const env = mgmtOf(moved);
      const files = mgmtTree(env, committed);
      files.set('kubernetes/capi-clusters.yaml', `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: capi-clusters\n  namespace: flux-system\nspec:\n  prune: ${prune}\n`);
      return runRules(workloadTreeRules, { env, files, previous: committed }).filter((v) => v.code === 'workload.namespace-moved');
    };

    it('passes a cluster that stays, a first render, and one whose old namespace is still in the tree', () => {
      expect(changed(workloadBase, workloadBase).filter((v) => v.code === 'workload.namespace-moved')).toEqual([]);
      const env = mgmtOf(moved);
      expect(runRules(workloadTreeRules, { env, files: mgmtTree(env) })).toEqual([]);
      const both = new Map([...mgmtTree(mgmtOf(workloadBase)), ...mgmtTree(env)]);
      expect(runRules(workloadTreeRules, { env, files: both, previous: mgmtTree(mgmtOf(workloadBase)) }).filter((v) => v.code === 'workload.namespace-moved')).toEqual([]);
    });

    it("passes what is no Cluster of that name in another namespace under kubernetes/: another kind, group or name, a file elsewhere, a Cluster in the default namespace, unnamed", () => {
      const cluster = (apiVersion: string, kind: string, name: string, namespace?: string) =>
        `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: ${name}\n${namespace ? `  namespace: ${namespace}\n` : ''}`;
      const odd = {
        'kubernetes/capi-clusters/x/machinedeployment.yaml': cluster('cluster.x-k8s.io/v1beta2', 'MachineDeployment', 'lab1', 'clusters'),
        'kubernetes/capi-clusters/x/other-group.yaml': cluster('example.com/v1', 'Cluster', 'lab1', 'clusters'),
        'kubernetes/capi-clusters/x/other-name.yaml': cluster('cluster.x-k8s.io/v1beta2', 'Cluster', 'lab2', 'clusters'),
        'kubernetes/capi-clusters/x/no-group.yaml': 'kind: Cluster\nmetadata:\n  name: lab1\n  namespace: clusters\n',
        'kubernetes/capi-clusters/x/unnamed.yaml': 'apiVersion: cluster.x-k8s.io/v1beta2\nkind: Cluster\n',
        'kubernetes/capi-clusters/x/default.yaml': cluster('cluster.x-k8s.io/v1beta2', 'Cluster', 'lab1'),
        'bootstrap/cluster.yaml': cluster('cluster.x-k8s.io/v1beta2', 'Cluster', 'lab1', 'clusters'),
      };
      const env = mgmtOf(workloadBase);
      const committed = new Map([...mgmtTree(env), ...Object.entries(odd)]);
      expect(runRules(workloadTreeRules, { env, files: mgmtTree(env, committed), previous: committed }).filter((v) => v.code === 'workload.namespace-moved')).toEqual([]);
    });

    it('fails when the Cluster moves to another namespace: a pruning layer deletes the old cluster', () => {
      expect(move(true)).toEqual([{
        code: 'workload.namespace-moved',
        severity: 'error',
        path: 'lab1.infrastructure.namespace',
        value: 'default → clusters',
        message: 'the committed tree holds Cluster default/lab1, this one clusters/lab1: no Kubernetes object changes namespace, so layer capi-clusters prunes default/lab1, and Cluster API deletes it with every machine, VM and the etcd data of its control plane, while a new, empty cluster is built in clusters on the same VIP and address pool',
        fix: "keep infrastructure.namespace: 'default' for lab1; Cluster API moves no cluster between namespaces (clusterctl move keeps the namespace): decide whether to build a new cluster under another name there and retire this one",
        action: { set: 'infrastructure.namespace', to: 'default' },
      }]);
    });

    it('fails when it moves under a layer that does not prune: two clusters on one VIP', () => {
      expect(move(false)[0]!.message).toContain('and layer capi-clusters does not prune, so the old cluster stays and a second one is built in clusters on the same VIP and address pool');
    });
  });

  it('runs with the tree\'s other rendered rules, and says nothing on an environment without workload clusters', () => {
    const committed = mgmtTree(mgmtOf(workloadBase));
    const env = mgmtOf(lab((e) => { e.infrastructure.workers[0].machine.memoryMiB = 16384; }));
    expect(checkRendered({ env, files: mgmtTree(env, committed), previous: committed }).map((v) => v.code)).toContain('workload.template-changed');
    const k3s = resolve(modify(threeServers, () => {}));
    expect(runRules(workloadTreeRules, { env: k3s, files: committed, previous: committed })).toEqual([]);
  });
});
