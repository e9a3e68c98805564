import { describe, expect, it } from 'vitest';
import { reviewEnvironment } from '../../src/review/review';
import type { WorkloadCluster } from '../../src/model/workload';
import { pinned } from './scenario';
import { editObject, managementTree, set, withoutObject, workload } from './workload-tree';
import type { Mutable } from './workload-tree';

type Draft = Mutable<WorkloadCluster>;

// Each scenario: mgmt's tree with a workload cluster's Cluster API objects at the base and at the
// head, rendered from the construct, reviewed as committed files. The expectations name what
// happens to the machines and exactly which dangers are flagged, in the words a reviewer reads.

const WAITS = 'MachineSet preflight checks ControlPlaneIsStable and KubernetesVersionSkew, on by default: Cluster API v1.12.11 internal/controllers/machineset/machineset_preflight.go:90-127, feature/feature.go:98, main.go:233-234';
const review = (base: ReadonlyMap<string, string>, head: ReadonlyMap<string, string>) => reviewEnvironment('mgmt', base, head);
const lines = (r: ReturnType<typeof review>) => Object.fromEntries(r.machines.map((m) => [m.subject, `${m.effect}: ${m.what}`]));
const codes = (r: ReturnType<typeof review>) => r.dangers.map((d) => d.code);

/** The next Kubernetes release with its template VM, every set on its next generation, the old one kept. */
const upgraded = (c: Draft, version = 'v1.36.1', templateId = 9136) => {
  c.kubernetesVersion = version;
  c.proxmox.templates[version] = templateId;
  c.proxmox.templateId = templateId;
  for (const s of [c.controlPlane, ...c.workers]) {
    s.retainedGenerations = [s.generation];
    s.generation += 1;
  }
};

/** The base and head trees of a change from `before` to `after`, the head copying the base's retained templates as synth does. */
function change(before: WorkloadCluster, after: WorkloadCluster, options: { prune?: boolean; force?: boolean } = {}) {
  const base = managementTree([before], options);
  return { base, head: managementTree([after], { ...options, committed: base }) };
}

describe('review of a workload cluster\'s Cluster API objects', () => {
  it('a version bump with each set\'s next generation rolls the control plane one machine at a time and every pool, keeping 3 of 3 with quorum', () => {
    const { base, head } = change(workload(), workload((c) => upgraded(c)));
    const r = pinned(review(base, head));
    expect(lines(r)).toEqual({
      'KubeadmControlPlane lab1/lab1-control-plane': 'rolls: replaces its 3 machines one at a time (maxSurge 1): each new machine joins first, so etcd has 4 members, which need 3; then an old one is removed, leaving 3 members, which need 2',
      'MachineDeployment lab1/lab1-general': `rolls: replaces its 2 machines (maxSurge 1, maxUnavailable 0): at most 3 machines at once, at least 2 available; its new machines wait while the control plane is upgrading (${WAITS})`,
      'MachineDeployment lab1/lab1-storage': `rolls: replaces its 5 machines (maxSurge 1, maxUnavailable 0): at most 6 machines at once, at least 5 available; its new machines wait while the control plane is upgrading (${WAITS})`,
    });
    expect(r.machines[0]!.fields.map((f) => `${f.path} ${f.before} -> ${f.after}: ${f.effect}`)).toEqual([
      'spec.machineTemplate.spec.infrastructureRef.name lab1-control-plane-g1 -> lab1-control-plane-g2: rolls',
      'spec.version v1.35.9 -> v1.36.1: rolls',
    ]);
    expect(r.machines[0]!.fields[1]!.source).toBe('Cluster API v1.12.11 controlplane/kubeadm/internal/filters.go:144-148 (a Machine\'s version differs from spec.version)');
    // The old generations are retained: nothing is dropped, nothing dangerous.
    expect(codes(r)).toEqual([]);
  });

  it('1 of 1: replacing the only control-plane machine is a danger that states the 2 members and the 2 they need', () => {
    const one = (c: Draft) => { c.controlPlane.replicas = 1; };
    const { base, head } = change(workload(one), workload((c) => { one(c); upgraded(c); }));
    const r = review(base, head);
    expect(lines(r)['KubeadmControlPlane lab1/lab1-control-plane']).toBe('rolls: replaces its only machine (maxSurge 1): the new machine joins first, so etcd has 2 members, which need 2, until the old one is removed, leaving 1 member, which needs 1');
    expect(codes(r)).toEqual(['capi-control-plane']);
    expect(r.dangers[0]).toEqual({
      code: 'capi-control-plane',
      what: 'the only control-plane machine is replaced (KubeadmControlPlane lab1/lab1-control-plane, 1 replica)',
      why: "KCP adds the new machine first (maxSurge 1; its webhook allows 0 only from 3 replicas); kubeadm joins its etcd member as a learner and promotes it once it has caught up (EtcdLearnerMode, GA since Kubernetes 1.32: kubernetes/kubernetes#126374, CHANGELOG-1.32.md), so until the old machine's member is removed, etcd has 2 members, which need 2: a failure of either stops the cluster; then 1 member remains, which tolerates no failure",
    });
  });

  it('1 of 3 with maxSurge 0: each old machine goes first, so 2 of 3 members remain and need 2, a danger naming what maxSurge 1 keeps', () => {
    const { base, head: plain } = change(workload(), workload((c) => upgraded(c)));
    const head = editObject(plain, 'KubeadmControlPlane', 'lab1-control-plane', (d) => { d.spec.rollout = { strategy: { rollingUpdate: { maxSurge: 0 } } }; });
    const r = review(base, head);
    expect(lines(r)['KubeadmControlPlane lab1/lab1-control-plane']).toBe('rolls: replaces its 3 machines one at a time (maxSurge 0): each old machine is removed first, leaving 2 members, which need 2; then a new one joins, making 3 members, which need 2');
    expect(r.dangers.filter((d) => d.code === 'capi-control-plane')).toEqual([{
      code: 'capi-control-plane',
      what: 'KubeadmControlPlane lab1/lab1-control-plane leaves 2 etcd members during its rollout (maxSurge 0)',
      why: 'KCP removes an old machine before each new one joins, so 2 of its 3 members remain, and they need 2: one failure during the rollout stops the cluster; with maxSurge 1 (KCP\'s default) at least 3 would remain',
    }]);
  });

  it('a pool scaled from 2 to 4 adds 2 machines and replaces none; its health check\'s limit follows', () => {
    const { base, head } = change(workload(), workload((c) => { set(c, 'general').replicas = 4; }));
    const r = pinned(review(base, head));
    expect(lines(r)).toEqual({
      'MachineDeployment lab1/lab1-general': 'scales: scales from 2 to 4 machines: 2 machines added',
      'MachineHealthCheck lab1/lab1-general': 'no-rollout: no machine is replaced: it changes which machines count as unhealthy, and when',
    });
    expect(codes(r)).toEqual([]);
  });

  it('a control plane scaled from 3 to 1 is a danger: it passes through 2 members that need 2, and 1 member tolerates no failure', () => {
    const { base, head } = change(workload(), workload((c) => { c.controlPlane.replicas = 1; }));
    const r = review(base, head);
    expect(lines(r)['KubeadmControlPlane lab1/lab1-control-plane']).toBe('scales: scales from 3 to 1 machine, removing one at a time, each etcd member before its machine: leaving 1 member, which needs 1');
    expect(r.dangers[0]).toEqual({
      code: 'capi-control-plane',
      what: 'KubeadmControlPlane lab1/lab1-control-plane scales from 3 to 1 machine, fewer than the 2 its 3 etcd members need',
      why: "KCP removes one machine at a time, each etcd member before its machine, passing through 2 members, which need 2; then 1 member remains, needing 1 and tolerating no failure, where 3 tolerated 1 failure: losing its machine loses the cluster's etcd data",
    });
  });

  it('a control plane scaled from 5 to 1 names every count it passes through', () => {
    const { base, head } = change(workload((c) => { c.controlPlane.replicas = 5; }), workload((c) => { c.controlPlane.replicas = 1; }));
    expect(review(base, head).dangers.map((d) => d.why)).toEqual(["KCP removes one machine at a time, each etcd member before its machine, passing through 4, 3 and 2 members, which need 3, 2 and 2; then 1 member remains, needing 1 and tolerating no failure, where 5 tolerated 2 failures: losing its machine loses the cluster's etcd data"]);
    // Scaled to 3, the 3 left are its 5 members' quorum: no danger.
    const three = change(workload((c) => { c.controlPlane.replicas = 5; }), workload((c) => { c.controlPlane.replicas = 3; }));
    expect(codes(review(three.base, three.head))).toEqual([]);
  });

  it('a control plane scaled from 3 to 5 adds one machine at a time, no danger', () => {
    const { base, head } = change(workload(), workload((c) => { c.controlPlane.replicas = 5; }));
    const r = review(base, head);
    expect(lines(r)['KubeadmControlPlane lab1/lab1-control-plane']).toBe('scales: scales from 3 to 5 machines, adding one at a time: etcd grows to 5 members, which need 3');
    expect(codes(r)).toEqual([]);
  });

  it('a workload cluster removed from the model deletes every machine of it: the first danger, with the counts of the base tree', () => {
    const base = managementTree([workload()]);
    const r = pinned(review(base, managementTree([])));
    expect(codes(r)).toEqual(['workload-cluster']);
    expect(r.dangers[0]).toEqual({
      code: 'workload-cluster',
      what: 'workload cluster lab1 is deleted: Cluster lab1/lab1 leaves the tree',
      why: "layer capi-clusters prunes it, and Cluster API deletes what the Cluster owns, its MachineDeployments first, then its control plane and infrastructure (Cluster API v1.12.11 internal/controllers/cluster/cluster_controller.go:330-500): 3 control-plane machines and 7 worker machines (the base tree's replicas) and their Proxmox VMs go (CAPMOX v0.9.0 source internal/service/vmservice/delete.go DeleteVM, standing in for the pinned v0.9.1), the cluster's etcd data with its control plane",
    });
    expect(lines(r)).toEqual({
      'Cluster lab1/lab1': "deletes: the workload cluster is deleted with every machine of it: 3 control-plane machines and 7 worker machines (the base tree's replicas)",
      'KubeadmControlPlane lab1/lab1-control-plane': 'deletes: deletes its 3 machines, all at once, once no worker machine of the cluster is left',
      'MachineDeployment lab1/lab1-general': 'deletes: deletes its 2 machines',
      'MachineDeployment lab1/lab1-storage': 'deletes: deletes its 5 machines',
    });
  });

  it('a workload cluster leaving a layer that does not prune deletes nothing, and says so', () => {
    const r = review(managementTree([workload()], { prune: false }), managementTree([], { prune: false }));
    expect(codes(r)).toEqual([]);
    expect(lines(r)['Cluster lab1/lab1']).toBe('no-rollout: leaves the tree, but layer capi-clusters does not prune: Flux leaves it on the management cluster, and no machine is deleted');
  });

  it('a new workload cluster creates its machines, no danger', () => {
    const r = review(managementTree([]), managementTree([workload()]));
    expect(lines(r)).toEqual({
      'Cluster lab1/lab1': "creates: a new workload cluster: 3 control-plane machines and 7 worker machines (the head tree's replicas)",
      'KubeadmControlPlane lab1/lab1-control-plane': 'creates: creates 3 machines: the first initializes the control plane, then KCP adds one at a time',
      'MachineDeployment lab1/lab1-general': 'creates: creates 2 machines',
      'MachineDeployment lab1/lab1-storage': 'creates: creates 5 machines',
    });
    expect(codes(r)).toEqual([]);
  });

  it('a Kubernetes version that skips a minor is refused by KCP\'s webhook, and Flux applies nothing of the layer', () => {
    const { base, head } = change(workload(), workload((c) => upgraded(c, 'v1.37.2', 9137)));
    const r = review(base, head);
    expect(lines(r)['KubeadmControlPlane lab1/lab1-control-plane']).toBe('rejected: the API server rejects the update: Kubernetes v1.35.9 -> v1.37.2 skips v1.36: "cannot update Kubernetes version from v1.35.9 to v1.37.2"');
    expect(r.dangers.find((d) => d.code === 'capi-version-skip')).toEqual({
      code: 'capi-version-skip',
      what: 'KubeadmControlPlane lab1/lab1-control-plane: Kubernetes v1.35.9 -> v1.37.2 skips v1.36',
      why: "KCP's webhook allows one minor version at a time (Cluster API v1.12.11 controlplane/kubeadm/internal/webhooks/kubeadmcontrolplane.go:662-678): Flux's server-side dry run of layer capi-clusters fails, so it applies none of its objects until this is fixed (fluxcd/pkg ssa v0.76.1 manager_apply.go:206-330 ApplyAll, the version kustomize-controller v1.9.4 builds with); upgrade one minor per change",
    });
  });

  it('fails when the control plane goes back a release: the danger names both versions and the machines replaced', () => {
    const { base, head } = change(workload(), workload((c) => upgraded(c, 'v1.34.6', 9134)));
    const r = review(base, head);
    expect(r.dangers.find((d) => d.code === 'capi-downgrade')).toEqual({
      code: 'capi-downgrade',
      what: 'KubeadmControlPlane lab1/lab1-control-plane: Kubernetes v1.35.9 -> v1.34.6 is a downgrade',
      why: 'Cluster API replaces every machine of the 3 machine sets with one of the older release (the webhook refuses only a skipped minor going up, Cluster API v1.12.11 controlplane/kubeadm/internal/webhooks/kubeadmcontrolplane.go:662-678); what the newer API server stored, etcd keeps: whether the older one reads it is not provable here',
    });
    // Going up one minor is no downgrade.
    const up = change(workload(), workload((c) => upgraded(c, 'v1.36.4', 9136)));
    expect(codes(review(up.base, up.head))).not.toContain('capi-downgrade');
  });

  it('with spec.force on the layer, a refused update makes Flux delete and recreate the object, and the danger says what that does to a KubeadmControlPlane', () => {
    const { base, head } = change(workload(), workload((c) => upgraded(c, 'v1.37.2', 9137)), { force: true });
    expect(review(base, head).dangers.find((d) => d.code === 'capi-version-skip')!.why).toContain('layer capi-clusters sets spec.force, so Flux deletes KubeadmControlPlane lab1/lab1-control-plane and creates it again instead (fluxcd/pkg ssa v0.76.1 shouldForceApply); a deleted KubeadmControlPlane deletes its machines once no worker machine is left');
  });

  it('a machine template changed under the same name is refused (CAPMOX: immutable); a KubeadmConfigTemplate\'s is accepted and rolls nothing', () => {
    const { base, head } = change(workload(), workload((c) => { set(c, 'storage').sizes.cores = 4; c.sshKeys.push('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOpsSecondKey ops2@example'); }));
    const r = review(base, head);
    expect(lines(r)['ProxmoxMachineTemplate lab1/lab1-storage-g1']).toBe('rejected: the API server rejects the update: spec.template.spec.numCores changes under the same name: "ProxmoxMachineTemplate is immutable"');
    // The citation says whose source it read: v0.9.0's, standing in for the pin.
    expect(r.machines.find((m) => m.subject === 'ProxmoxMachineTemplate lab1/lab1-storage-g1')!.fields[0]!.source).toBe('CAPMOX v0.9.0 source internal/webhook/proxmoxmachinetemplate_webhook.go ValidateUpdate ("ProxmoxMachineTemplate is immutable"), standing in for the pinned v0.9.1');
    expect(lines(r)['KubeadmConfigTemplate lab1/lab1-storage-g1']).toBe('no-rollout: no machine is replaced: machines created from now on get the new spec, the running ones keep theirs');
    // The control plane's users are inline: the new key rolls it.
    expect(lines(r)['KubeadmControlPlane lab1/lab1-control-plane']).toMatch(/^rolls: replaces its 3 machines/);
    expect(r.dangers.find((d) => d.code === 'capi-apply-fails')).toEqual({
      code: 'capi-apply-fails',
      what: 'ProxmoxMachineTemplate lab1/lab1-storage-g1: the API server rejects it',
      why: 'spec.template.spec.numCores changes under the same name: "ProxmoxMachineTemplate is immutable": Flux\'s server-side dry run of layer capi-clusters fails, so it applies none of its objects until this is fixed (fluxcd/pkg ssa v0.76.1 manager_apply.go:206-330 ApplyAll, the version kustomize-controller v1.9.4 builds with); give the machine set its next generation (a new template name) instead',
    });
  });

  it('a new generation whose old templates are not retained: a danger for each template the rollout still runs machines from', () => {
    const { base, head } = change(workload(), workload((c) => { set(c, 'storage').generation = 2; set(c, 'storage').sizes.cores = 4; }));
    const r = review(base, head);
    expect(lines(r)['MachineDeployment lab1/lab1-storage']).toBe('rolls: replaces its 5 machines (maxSurge 1, maxUnavailable 0): at most 6 machines at once, at least 5 available');
    expect(r.dangers.filter((d) => d.code === 'capi-template').map((d) => d.what)).toEqual([
      'ProxmoxMachineTemplate lab1/lab1-storage-g1 leaves the tree in the change that moves MachineDeployment lab1/lab1-storage off it',
      'KubeadmConfigTemplate lab1/lab1-storage-g1 leaves the tree in the change that moves MachineDeployment lab1/lab1-storage off it',
    ]);
    expect(r.dangers.find((d) => d.code === 'capi-template')!.why).toBe('its 5 machines are made from it until the rollout has replaced them; the old MachineSets run their machines without it (Cluster API v1.12.11 internal/controllers/machineset/machineset_controller.go:1745-1753), but a way back to lab1-storage-g1 stalls: no MachineSet is made of a missing template (machinedeployment_rollout_planner.go:146-148); keep generation 1 in retainedGenerations until the rollout is done');
    // Retained, the same change is no danger.
    const kept = change(workload(), workload((c) => { set(c, 'storage').generation = 2; set(c, 'storage').retainedGenerations = [1]; set(c, 'storage').sizes.cores = 4; }));
    expect(codes(review(kept.base, kept.head))).toEqual([]);
  });

  it('a set that names a template the tree does not hold: KCP can create no machine', () => {
    const base = managementTree([workload()]);
    const head = withoutObject(base, 'ProxmoxMachineTemplate', 'lab1-control-plane-g1');
    const r = review(base, head);
    expect(r.dangers).toEqual([{
      code: 'capi-template',
      what: 'KubeadmControlPlane lab1/lab1-control-plane names ProxmoxMachineTemplate lab1/lab1-control-plane-g1, which the tree does not hold',
      why: 'KCP clones every new machine from it (Cluster API v1.12.11 controlplane/kubeadm/internal/controllers/helpers.go:177-183): it can create no machine, for a rollout, a scale-up or a remediation',
    }]);
    const pool = review(base, withoutObject(base, 'KubeadmConfigTemplate', 'lab1-general-g2'));
    expect(pool.dangers.map((d) => d.what)).toEqual(['MachineDeployment lab1/lab1-general names KubeadmConfigTemplate lab1/lab1-general-g2, which the tree does not hold']);
  });

  it('labels of the machine templates propagate in place; a KCP path its webhook does not allow is refused', () => {
    const base = managementTree([workload()]);
    const labelled = editObject(editObject(base, 'MachineDeployment', 'lab1-general', (d) => { d.spec.template.metadata.labels.team = 'ops'; }), 'KubeadmControlPlane', 'lab1-control-plane', (d) => { d.spec.machineTemplate.metadata = { labels: { team: 'ops' } }; });
    expect(lines(review(base, labelled))).toEqual({
      'KubeadmControlPlane lab1/lab1-control-plane': 'in-place: updated in place: no machine is replaced',
      'MachineDeployment lab1/lab1-general': 'in-place: updated in place: no machine is replaced',
    });
    const moved = editObject(base, 'KubeadmControlPlane', 'lab1-control-plane', (d) => { d.spec.kubeadmConfigSpec.clusterConfiguration = { certificatesDir: '/etc/pki' }; });
    const r = review(base, moved);
    expect(lines(r)['KubeadmControlPlane lab1/lab1-control-plane']).toBe('rejected: the API server rejects the update: spec.kubeadmConfigSpec.clusterConfiguration.certificatesDir: "cannot be modified"');
    expect(codes(r)).toEqual(['capi-apply-fails']);
  });

  it('an even control plane is refused with stacked etcd; with external etcd a rollout changes no member and is no danger, even of 1', () => {
    const base = managementTree([workload()]);
    const even = review(base, editObject(base, 'KubeadmControlPlane', 'lab1-control-plane', (d) => { d.spec.replicas = 2; }));
    expect(even.dangers.map((d) => `${d.code}: ${d.why.split(':')[0]}`)).toEqual(['capi-apply-fails: spec.replicas 2']);
    const external = (files: ReadonlyMap<string, string>, version: string) => editObject(files, 'KubeadmControlPlane', 'lab1-control-plane', (d) => {
      d.spec.replicas = 1;
      d.spec.version = version;
      d.spec.kubeadmConfigSpec.clusterConfiguration = { etcd: { external: { endpoints: ['https://192.168.50.5:2379'], caFile: 'ca', certFile: 'c', keyFile: 'k' } } };
    });
    const r = review(external(base, 'v1.35.9'), external(base, 'v1.36.1'));
    expect(lines(r)['KubeadmControlPlane lab1/lab1-control-plane']).toBe('rolls: replaces its only machine (maxSurge 1); etcd is external (clusterConfiguration.etcd.external), so no etcd member changes');
    expect(codes(r)).toEqual([]);
  });

  it('a paused Cluster stops Cluster API; a rollout to happen later says when', () => {
    const base = managementTree([workload()]);
    const paused = review(base, editObject(base, 'Cluster', 'lab1', (d) => { d.spec.paused = true; }));
    expect(lines(paused)['Cluster lab1/lab1']).toBe('no-rollout: Cluster API stops reconciling the cluster: no machine is created, replaced or remediated while it is paused');
    const later = review(base, editObject(base, 'MachineDeployment', 'lab1-storage', (d) => { d.spec.rollout = { after: '2027-01-01T00:00:00Z' }; }));
    expect(lines(later)['MachineDeployment lab1/lab1-storage']).toBe('rolls: replaces its 5 machines (maxSurge 1, maxUnavailable 0): at most 6 machines at once, at least 5 available, once spec.rollout.after comes due');
  });
});
