import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { workloadHandoverRules } from '../../src/check/workload-handover-rules';
import { resolve } from '../../src/model/resolve';
import { runRules } from '../../src/model/violation';
import { renderEnvironment } from '../../src/synth/render';
import { sopsConfig } from '../../src/synth/sops-config';
import { readTree } from '../../src/synth/tree';
import { mgmtSecrets } from '../fixtures/corpus';
import { lab1, mgmtOfLab1, workloadFleet } from '../fixtures/workload';
import { OTHER_AGE_RECIPIENT, modifyWorkload } from '../fixtures/environments';

// The wiring of a workload cluster: its objects and handover in its management environment's tree,
// its own tree beside, from one model. Each test breaks one link of that chain.
const secretsDir = path.join(import.meta.dirname, '../fixtures/workload-secrets');
const secrets = new Map([...Object.entries(mgmtSecrets()), ...[...readTree(secretsDir)].map(([p, t]): [string, string] => [`secrets/${p}`, t])]);
const render = (spec: typeof workloadFleet[number], fleet = workloadFleet) => renderEnvironment(resolve(spec, fleet), { secrets });
const doc = (files: ReadonlyMap<string, string>, file: string) => YAML.parse(files.get(file) ?? 'null');

const mgmtTree = render(mgmtOfLab1);
const labTree = render(lab1);
const FOLDER = 'kubernetes/capi-clusters/lab1';

describe("a workload cluster in its management environment's tree", () => {
  it('puts its Cluster API objects and its handover into the clusters layer, in its folder', () => {
    const own = [...mgmtTree.keys()].filter((k) => k.startsWith(`${FOLDER}/`)).map((k) => k.slice(FOLDER.length + 1));
    expect(own).toEqual(expect.arrayContaining([
      'cluster.default.lab1.yaml',
      'proxmoxcluster.default.lab1.yaml',
      'kubeadmcontrolplane.default.lab1-control-plane.yaml',
      'proxmoxmachinetemplate.default.lab1-control-plane-g1.yaml',
      'machinedeployment.default.lab1-workers.yaml',
      'kubeadmconfigtemplate.default.lab1-workers-g1.yaml',
      'machinehealthcheck.default.lab1-control-plane.yaml',
      'machinehealthcheck.default.lab1-workers.yaml',
      'releases/helmrelease.default.lab1-cilium.yaml',
      'workload/fluxinstance.flux-system.flux.yaml',
      'workload/secret.flux-system.sops-age.sops.yaml',
    ]));
    // The layer lists the cluster's folder; its Flux Kustomization waits for the providers'.
    expect(doc(mgmtTree, 'kubernetes/capi-clusters/kustomization.yaml').resources).toContain('lab1');
    expect(doc(mgmtTree, 'kubernetes/capi-clusters.yaml').spec.dependsOn).toEqual([{ name: 'capi-providers' }]);
  });

  it('copies the SOPS identity byte for byte to the workload, and writes no Proxmox credentials beside the Cluster: CAPMOX reads its controller-wide ones', () => {
    expect([...mgmtTree.keys()].filter((k) => k.startsWith(`${FOLDER}/`) && k.includes('secret.'))).toEqual([`${FOLDER}/workload/secret.flux-system.sops-age.sops.yaml`]);
    expect(mgmtTree.get(`${FOLDER}/workload/secret.flux-system.sops-age.sops.yaml`)).toBe(secrets.get('secrets/lab1/flux-system.sops-age.sops.yaml'));
  });

  it("installs the very Cilium the workload's own tree releases (same values, its VIP as the API)", () => {
    const remote = doc(mgmtTree, `${FOLDER}/releases/helmrelease.default.lab1-cilium.yaml`).spec.values;
    const own = doc(labTree, 'kubernetes/platform/cilium/helmrelease.kube-system.cilium.yaml').spec.values;
    expect(remote).toEqual(own);
    expect(own.k8sServiceHost).toBe(lab1.controlPlane.vip);
    // Three control-plane and two worker machines: two operator replicas, as on any cluster of several nodes.
    expect(own.operator.replicas).toBe(2);
  });

  it("syncs the workload's own tree with the FluxInstance its own tree holds", () => {
    expect(doc(mgmtTree, `${FOLDER}/workload/fluxinstance.flux-system.flux.yaml`)).toEqual(doc(labTree, 'kubernetes/flux-system/fluxinstance.flux-system.flux.yaml'));
    expect(doc(labTree, 'kubernetes/flux-system/fluxinstance.flux-system.flux.yaml').spec.sync.path).toBe('clusters/lab1/kubernetes');
  });

  it("gives mgmt's own kustomize-controller the SOPS fallback, and only where it manages a workload cluster", () => {
    const patches = (files: ReadonlyMap<string, string>) => doc(files, 'kubernetes/flux-system/fluxinstance.flux-system.flux.yaml').spec.kustomize?.patches ?? [];
    expect(patches(mgmtTree).map((p: { patch: string }) => p.patch)).toEqual([expect.stringContaining('--sops-age-secret=sops-age')]);
    expect(patches(labTree)).toEqual([]);
    expect(patches(render(mgmtOfLab1, [mgmtOfLab1]))).toEqual([]);
    // The runbook installs the same FluxInstance the tree holds.
    expect(mgmtTree.get('bootstrap/flux-instance.yaml')).toBe(mgmtTree.get('kubernetes/flux-system/fluxinstance.flux-system.flux.yaml'));
  });

  it('writes nothing of a workload cluster whose management environment is another', () => {
    const other = modifyWorkload(lab1, (e) => { e.infrastructure.management = 'dev'; });
    expect([...render(mgmtOfLab1, [mgmtOfLab1, other]).keys()].filter((k) => k.includes('lab1'))).toEqual([]);
  });

  it('suspends what mgmt installed there once the cluster is handed over, deleting nothing', () => {
    const handed = modifyWorkload(lab1, (e) => { e.infrastructure.handedOver = true; });
    const after = render(mgmtOfLab1, [mgmtOfLab1, handed]);
    expect(doc(after, `${FOLDER}/releases/helmrelease.default.lab1-cilium.yaml`).spec.suspend).toBe(true);
    expect(doc(mgmtTree, `${FOLDER}/releases/helmrelease.default.lab1-cilium.yaml`).spec.suspend).toBeUndefined();
    expect(doc(after, `${FOLDER}/cluster.default.lab1.yaml`)).toEqual(doc(mgmtTree, `${FOLDER}/cluster.default.lab1.yaml`));
  });

  it("moves each release from mgmt's HelmRelease to the workload's own in one synth: never both active, never neither", () => {
    const CILIUM = 'kubernetes/platform/cilium/helmrelease.kube-system.cilium.yaml';
    const OPERATOR = 'kubernetes/flux-system/helmrelease.flux-system.flux-operator.yaml';
    const handedFleet = [mgmtOfLab1, modifyWorkload(lab1, (e) => { e.infrastructure.handedOver = true; })] as const;
    const [mgmtAfter, labAfter] = [render(mgmtOfLab1, [...handedFleet]), render(handedFleet[1], [...handedFleet])];
    const active = (tree: ReadonlyMap<string, string>, file: string) => doc(tree, file).spec.suspend !== true;
    const remote = (name: string) => `${FOLDER}/releases/helmrelease.default.lab1-${name}.yaml`;
    // Before: mgmt's releases them, the workload's own wait (its sources fetch the charts meanwhile).
    expect([active(mgmtTree, remote('cilium')), active(labTree, CILIUM)]).toEqual([true, false]);
    expect([active(mgmtTree, remote('flux-operator')), active(labTree, OPERATOR)]).toEqual([true, false]);
    expect(doc(labTree, 'kubernetes/platform/cilium/ocirepository.flux-system.cilium.yaml').spec.suspend).toBeUndefined();
    // After: the other way round, in the same commit.
    expect([active(mgmtAfter, remote('cilium')), active(labAfter, CILIUM)]).toEqual([false, true]);
    expect([active(mgmtAfter, remote('flux-operator')), active(labAfter, OPERATOR)]).toEqual([false, true]);
    // Both trees pass the rule at both commits.
    for (const [spec, files, fleet] of [[mgmtOfLab1, mgmtTree, workloadFleet], [lab1, labTree, workloadFleet], [mgmtOfLab1, mgmtAfter, handedFleet], [handedFleet[1], labAfter, handedFleet]] as const) {
      expect(runRules(workloadHandoverRules, { env: resolve(spec, [...fleet]), files }).map((v) => v.code)).toEqual([]);
    }
  });

  it('refuses to undo a handover that the committed tree holds (workload.handover-undone)', () => {
    const handed = render(mgmtOfLab1, [mgmtOfLab1, modifyWorkload(lab1, (e) => { e.infrastructure.handedOver = true; })]);
    const codes = (previous: ReadonlyMap<string, string>) => runRules(workloadHandoverRules, { env: resolve(mgmtOfLab1, workloadFleet), files: mgmtTree, previous }).map((v) => v.code);
    expect(codes(handed)).toEqual(['workload.handover-undone']);
    expect(codes(mgmtTree)).toEqual([]);
  });
});

describe("a workload cluster's own tree", () => {
  it('has no bootstrap/ or terraform/: Cluster API builds its machines', () => {
    expect([...labTree.keys()].filter((k) => k.startsWith('bootstrap/') || k.startsWith('terraform/'))).toEqual([]);
    expect([...labTree.keys()].some((k) => k.startsWith('kubernetes/'))).toBe(true);
  });

  it('leaves its SOPS identity out: mgmt delivers it', () => {
    expect([...labTree.keys()].filter((k) => k.includes('sops-age'))).toEqual([]);
  });
});

describe('.sops.yaml', () => {
  it("encrypts a workload cluster's SOPS identity to its management environment's recipients, before its own folder's rule", () => {
    // lab1 with recipients of its own, so the two rules differ.
    const fleet = [mgmtOfLab1, modifyWorkload(lab1, (e) => { e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; })];
    const envs = fleet.map((spec) => resolve(spec, fleet));
    const rules = YAML.parse(sopsConfig(envs)).creation_rules as { path_regex: string; age: string }[];
    const file = 'secrets/lab1/flux-system.sops-age.sops.yaml';
    const first = rules.find((r) => new RegExp(r.path_regex).test(file))!;
    expect(first.age).toBe(envs.find((e) => e.name === 'mgmt')!.ageRecipients.join(','));
    expect(first.age).not.toBe(OTHER_AGE_RECIPIENT);
    expect(rules.filter((r) => new RegExp(r.path_regex).test('secrets/lab1/apps.other.sops.yaml')).map((r) => r.age)).toEqual([OTHER_AGE_RECIPIENT]);
  });
});

describe("a workload cluster's own pins", () => {
  it("installs kube-vip on its machines at the workload's own pin, not its management environment's", () => {
    const pinned = { ...lab1, versions: { images: { kubeVip: { tag: 'v1.0.2' } } } } as typeof lab1;
    const tree = render(mgmtOfLab1, [mgmtOfLab1, pinned]);
    expect(tree.get(`${FOLDER}/kubeadmcontrolplane.default.lab1-control-plane.yaml`)).toContain('ghcr.io/kube-vip/kube-vip:v1.0.2');
    // The management environment's own override is its own: lab1's machines keep the tool's pin.
    const managing = render({ ...mgmtOfLab1, versions: { images: { kubeVip: { tag: 'v1.0.2' } } } } as typeof mgmtOfLab1);
    expect(managing.get(`${FOLDER}/kubeadmcontrolplane.default.lab1-control-plane.yaml`)).not.toContain('kube-vip:v1.0.2');
  });
});
