import { semver } from './machine-sets';
import { counted, quorumOf, toleratedOf } from '../model/quorum';
import { capmoxCitation } from './capmox-source';
import type { Danger } from './dangers';
import type { TreeObject } from './flux-diff';
import { replicasOf, subjectOf, templateRefs } from './capi-objects';
import type { TemplateRef, WorkloadObjects } from './capi-objects';
import type { Refusal, WorkloadChange } from './capi-changes';
import { memberCounts, membersNeed } from './control-plane-rollout';
import type { ControlPlaneMove } from './control-plane-rollout';

// The dangers of a change to the workload clusters' Cluster API objects, most severe first: a
// cluster deleted, the control plane's etcd at risk, an apply the API server refuses, a template
// missing. Every count is computed from the trees.

const CAPI = 'Cluster API v1.12.11';

/** `, passing through 4, 3 and 2 members, which need 3, 2 and 2`: the counts between the first and the last. */
const passing = (counts: readonly number[]) => {
  const and = (xs: readonly number[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);
  if (counts.length === 0) return '';
  return `, passing through ${and(counts)} ${counts.length === 1 && counts[0] === 1 ? 'member' : 'members'}, which ${counts.length === 1 && counts[0] === 1 ? 'needs' : 'need'} ${and(counts.map(quorumOf))}`;
};

/** `no failure`, `1 failure`, `2 failures`. */
const tolerance = (members: number) => (toleratedOf(members) === 0 ? 'no failure' : counted(toleratedOf(members), 'failure'));
const FLUX_APPLY = 'fluxcd/pkg ssa v0.76.1 manager_apply.go:206-330 ApplyAll, the version kustomize-controller v1.9.4 builds with';

/** How the Flux layer applying an object treats it: whether it prunes it, whether it forces replacement. */
export interface LayerSettings {
  readonly pruned: (o: TreeObject) => boolean | undefined;
  readonly forced: (o: TreeObject) => boolean;
}

/** The layers' settings, read from the head tree's layer Kustomizations (Flux applies them first), else the base tree's. */
export function layerSettings(base: ReadonlyMap<string, TreeObject>, head: ReadonlyMap<string, TreeObject>): LayerSettings {
  const layer = (o: TreeObject) => [...head.values(), ...base.values()].find((k) => k.kind === 'Kustomization' && k.layer === '(root)' && k.name === o.layer);
  return {
    pruned: (o) => {
      const k = layer(o);
      return k === undefined ? undefined : k.doc.spec?.prune === true;
    },
    forced: (o) => layer(o)?.doc.spec?.force === true,
  };
}

function deleted(c: WorkloadChange, layers: LayerSettings): Danger[] {
  if (c.base === undefined || c.head !== undefined || layers.pruned(c.base.cluster) === false) return [];
  const { cluster } = c.base;
  const workers = c.base.deployments.reduce((n, d) => n + replicasOf(d), 0);
  const prunes = layers.pruned(cluster) === true ? `layer ${cluster.layer} prunes it` : 'once Flux prunes it';
  return [{
    code: 'workload-cluster',
    what: `workload cluster ${cluster.name} is deleted: ${subjectOf(cluster)} leaves the tree`,
    why: `${prunes}, and Cluster API deletes what the Cluster owns, its MachineDeployments first, then its control plane and infrastructure (${CAPI} internal/controllers/cluster/cluster_controller.go:330-500): ${counted(replicasOf(c.base.controlPlane), 'control-plane machine')} and ${counted(workers, 'worker machine')} (the base tree's replicas) and their Proxmox VMs go (${capmoxCitation('internal/service/vmservice/delete.go DeleteVM')}), the cluster's etcd data with its control plane`,
  }];
}

/** The control plane's etcd during the move: the only member replaced, a step without failure tolerance, fewer members than the quorum. */
function controlPlane(subject: string, move: ControlPlaneMove): Danger[] {
  const { from, to } = move;
  if (!move.stacked) return [];
  const code = 'capi-control-plane';
  if (to < quorumOf(from)) {
    return [{
      code,
      what: `${subject} scales from ${from} to ${counted(to, 'machine')}, fewer than the ${quorumOf(from)} its ${from} etcd members need`,
      why: `KCP ${move.rolls ? 'adds and removes' : 'removes'} one machine at a time, each etcd member before its machine${passing(memberCounts(move).slice(1, -1))}; then ${counted(to, 'member')} ${to === 1 ? 'remains' : 'remain'}, needing ${quorumOf(to)} and tolerating ${tolerance(to)}, where ${from} tolerated ${tolerance(from)}${to === 1 ? ": losing its machine loses the cluster's etcd data" : ''}`,
    }];
  }
  if (move.rolls && from === 1 && to === 1) {
    return [{
      code,
      what: `the only control-plane machine is replaced (${subject}, 1 replica)`,
      why: `KCP adds the new machine first (maxSurge ${move.maxSurge}; its webhook allows 0 only from 3 replicas); kubeadm joins its etcd member as a learner and promotes it once it has caught up (EtcdLearnerMode, GA since Kubernetes 1.32: kubernetes/kubernetes#126374, CHANGELOG-1.32.md), so until the old machine's member is removed, etcd has ${membersNeed(2)}: a failure of either stops the cluster; then 1 member remains, which tolerates no failure`,
    }];
  }
  const during = memberCounts(move).slice(1, -1);
  const least = Math.min(...during);
  if (during.length === 0 || toleratedOf(least) > 0 || toleratedOf(from) === 0) return [];
  const surgeOne = Math.min(...memberCounts({ ...move, maxSurge: 1 }).slice(1, -1));
  return [{
    code,
    what: `${subject} leaves ${counted(least, 'etcd member')} during its rollout (maxSurge ${move.maxSurge})`,
    why: `KCP removes an old machine before each new one joins, so ${least} of its ${from} members remain, and they need ${quorumOf(least)}: one failure during the rollout stops the cluster; with maxSurge 1 (KCP's default) at least ${surgeOne} would remain`,
  }];
}

function refused(r: Refusal, layers: LayerSettings): Danger {
  const subject = subjectOf(r.object);
  const force = layers.forced(r.object)
    ? `layer ${r.object.layer} sets spec.force, so Flux deletes ${subject} and creates it again instead (fluxcd/pkg ssa v0.76.1 shouldForceApply)${r.object.kind === 'KubeadmControlPlane' ? `; a deleted KubeadmControlPlane deletes its machines once no worker machine is left (${CAPI} controlplane/kubeadm/internal/controllers/controller.go:633-720)` : ''}`
    : `Flux's server-side dry run of layer ${r.object.layer} fails, so it applies none of its objects until this is fixed (${FLUX_APPLY})`;
  if (r.versionSkip) {
    return { code: 'capi-version-skip', what: `${subject}: ${r.versionSkip.replace(/: ".*$/, '')}`, why: `KCP's webhook allows one minor version at a time (${CAPI} controlplane/kubeadm/internal/webhooks/kubeadmcontrolplane.go:662-678): ${force}; upgrade one minor per change` };
  }
  const fix = r.object.kind === 'ProxmoxMachineTemplate' ? '; give the machine set its next generation (a new template name) instead' : '';
  return { code: 'capi-apply-fails', what: `${subject}: the API server rejects it`, why: `${r.reasons.join('; ')}: ${force}${fix}` };
}

const sets = (w: WorkloadObjects | undefined) => [w?.controlPlane, ...(w?.deployments ?? [])].filter((s): s is TreeObject => s !== undefined);

/** A set of the head tree that names a template the head tree does not hold, where the base tree did not leave it so. */
function missing(c: WorkloadChange, base: ReadonlyMap<string, TreeObject>, head: ReadonlyMap<string, TreeObject>): Danger[] {
  return sets(c.head).flatMap((set) => templateRefs(set).filter((ref) => !head.has(ref.id)).flatMap((ref): Danger[] => {
    const before = base.get(set.id);
    const was = before && templateRefs(before).find((r) => r.field === ref.field);
    if (was?.id === ref.id && !base.has(ref.id)) return [];
    const why = set.kind === 'KubeadmControlPlane'
      ? `KCP clones every new machine from it (${CAPI} controlplane/kubeadm/internal/controllers/helpers.go:177-183): it can create no machine, for a rollout, a scale-up or a remediation`
      : `the MachineDeployment controller makes no MachineSet of a missing template ("cannot create a MachineSet when templates do not exist", ${CAPI} internal/controllers/machinedeployment/machinedeployment_rollout_planner.go:146-148), and its current MachineSet creates no machine without it (internal/controllers/machineset/machineset_controller.go:1732-1757)`;
    return [{ code: 'capi-template', what: `${ref.from} names ${ref.kind} ${set.namespace ?? 'default'}/${ref.name}, which the tree does not hold`, why }];
  }));
}

/** A template the base tree's set used, gone from the head tree in the change that moves the set off it. */
function dropped(c: WorkloadChange, base: ReadonlyMap<string, TreeObject>, head: ReadonlyMap<string, TreeObject>): Danger[] {
  return sets(c.head).flatMap((set) => {
    const before = base.get(set.id);
    if (before === undefined) return [];
    return templateRefs(before).flatMap((was: TemplateRef): Danger[] => {
      const now = templateRefs(set).find((r) => r.field === was.field);
      if (now === undefined || now.id === was.id || !base.has(was.id) || head.has(was.id)) return [];
      const generation = /-g(\d+)$/.exec(was.name)?.[1];
      const keep = generation ? `keep generation ${generation} in retainedGenerations until the rollout is done` : 'keep it in the tree until the rollout is done';
      const runs = set.kind === 'KubeadmControlPlane'
        ? `KCP needs only the template it names now, but a way back to ${was.name} stalls without it: KCP clones every new machine from the template it names (${CAPI} controlplane/kubeadm/internal/controllers/helpers.go:177-183)`
        : `the old MachineSets run their machines without it (${CAPI} internal/controllers/machineset/machineset_controller.go:1745-1753), but a way back to ${was.name} stalls: no MachineSet is made of a missing template (machinedeployment_rollout_planner.go:146-148)`;
      return [{
        code: 'capi-template',
        what: `${was.kind} ${set.namespace ?? 'default'}/${was.name} leaves the tree in the change that moves ${subjectOf(set)} off it`,
        why: `its ${counted(replicasOf(before), 'machine')} are made from it until the rollout has replaced them; ${runs}; ${keep}`,
      }];
    });
  });
}

/** The dangers of every workload cluster's change, most severe kinds first. */
/**
 * A control plane taken to an older Kubernetes release (synth warns with
 * workload.kubernetes-downgrade): KCP's webhook refuses only a skipped minor on the way up
 * (validateVersion), so Cluster API rolls every machine onto the older release.
 */
function downgrade(c: WorkloadChange): Danger[] {
  const [was, now] = [c.base?.controlPlane, c.head?.controlPlane];
  const [a, b] = [semver(was?.doc.spec?.version), semver(now?.doc.spec?.version)];
  if (!was || !now || !a || !b) return [];
  const older = a[0]! > b[0]! || (a[0] === b[0] && (a[1]! > b[1]! || (a[1] === b[1] && a[2]! > b[2]!)));
  if (!older) return [];
  const machines = sets(c.head).length;
  return [{
    code: 'capi-downgrade',
    what: `${subjectOf(now)}: Kubernetes ${was.doc.spec.version} -> ${now.doc.spec.version} is a downgrade`,
    why: `Cluster API replaces every machine of the ${counted(machines, 'machine set')} with one of the older release (the webhook refuses only a skipped minor going up, ${CAPI} controlplane/kubeadm/internal/webhooks/kubeadmcontrolplane.go:662-678); what the newer API server stored, etcd keeps: whether the older one reads it is not provable here`,
  }];
}

export function workloadDangers(changes: readonly WorkloadChange[], base: ReadonlyMap<string, TreeObject>, head: ReadonlyMap<string, TreeObject>, layers: LayerSettings): Danger[] {
  return [
    ...changes.flatMap(downgrade),
    ...changes.flatMap((c) => deleted(c, layers)),
    ...changes.flatMap((c) => (c.controlPlane ? controlPlane(c.controlPlane.subject, c.controlPlane.move) : [])),
    ...changes.flatMap((c) => c.refusals.map((r) => refused(r, layers))),
    ...changes.flatMap((c) => missing(c, base, head)),
    ...changes.flatMap((c) => dropped(c, base, head)),
  ];
}
