import { counted } from '../model/quorum';
import { shown } from './flux-diff';
import type { TreeObject } from './flux-diff';
import { CLUSTER_GROUP, groupOf, isClusterApi, replicasOf, subjectOf, templateRefs, workloadClusters } from './capi-objects';
import type { WorkloadObjects } from './capi-objects';
import { changedFields, fieldEffect, kcpUpdateAllowed } from './capi-rules';
import type { FieldEffect } from './capi-rules';
import { controlPlaneWords } from './control-plane-rollout';
import type { ControlPlaneMove } from './control-plane-rollout';
import { controlPlaneMove, deploymentWords, kcpSpecRefusals, versionSkip } from './machine-sets';

// What a change of the management tree does to each workload cluster's machines: one line per
// machine set (and per other Cluster API object that changes), each naming the fields that decide
// it and the upstream source of the rule.

const KCP = 'Cluster API v1.12.11 controlplane/kubeadm/internal';
const KCP_WEBHOOK = `${KCP}/webhooks/kubeadmcontrolplane.go`;
/** A new MachineSet creates no machine while its control plane is upgrading, nor one newer than it: on by default. */
const WAITS = 'MachineSet preflight checks ControlPlaneIsStable and KubernetesVersionSkew, on by default: Cluster API v1.12.11 internal/controllers/machineset/machineset_preflight.go:90-127, feature/feature.go:98, main.go:233-234';

/** `creates` and `deletes` are whole objects; the rest is the worst of the changed fields' effects. */
export type MachineEffect = 'creates' | 'deletes' | FieldEffect;

export interface FieldChangeEffect {
  readonly path: string;
  readonly before?: string;
  readonly after?: string;
  readonly effect: FieldEffect;
  readonly source: string;
}

/** What one object's change does to the machines. */
export interface MachineChange {
  /** The Cluster, `namespace/name`. */
  readonly cluster: string;
  /** `KubeadmControlPlane lab1/lab1-control-plane`. */
  readonly subject: string;
  readonly effect: MachineEffect;
  /** What happens, in words computed from the trees. */
  readonly what: string;
  readonly fields: readonly FieldChangeEffect[];
  /** Where the rule of a whole-object line is read from. */
  readonly source?: string;
}

/** A change the API server refuses: the object, why, and (for KCP) a version that skips a minor. */
export interface Refusal {
  readonly object: TreeObject;
  readonly reasons: readonly string[];
  readonly versionSkip?: string;
}

/** One workload cluster's change: the lines, and what the dangers are read from. */
export interface WorkloadChange {
  readonly key: string;
  readonly base?: WorkloadObjects;
  readonly head?: WorkloadObjects;
  readonly lines: readonly MachineChange[];
  /** The control plane's move, when its machines are replaced or counted anew. */
  readonly controlPlane?: { readonly subject: string; readonly move: ControlPlaneMove };
  readonly refusals: readonly Refusal[];
}

/** Whether the layer applying an object prunes it when it leaves the tree (undefined: no layer Kustomization found). */
export type Pruned = (o: TreeObject) => boolean | undefined;

const RANK: Readonly<Record<FieldEffect, number>> = { 'no-rollout': 0, 'in-place': 1, scales: 2, unknown: 3, rolls: 4, rejected: 5 };

const valueAt = (doc: Record<string, any>, path: string) => path.split('.').reduce<any>((v, k) => (v && typeof v === 'object' ? v[k] : undefined), doc);

function fieldsOf(before: TreeObject, after: TreeObject): FieldChangeEffect[] {
  return changedFields(before.doc, after.doc).map((f) => {
    const rule = before.kind === 'KubeadmControlPlane' && !kcpUpdateAllowed(f.path) ? { effect: 'rejected' as const, source: `${KCP_WEBHOOK}:139-260 (not an allowed path: "cannot be modified")` } : fieldEffect(before.kind, f.path);
    return { path: f.path, before: shown(f.before), after: shown(f.after), ...rule };
  });
}

const worst = (fields: readonly FieldChangeEffect[]): FieldEffect => fields.reduce<FieldEffect>((w, f) => (RANK[f.effect] > RANK[w] ? f.effect : w), 'no-rollout');
const pathsOf = (fields: readonly FieldChangeEffect[], effect: FieldEffect) => fields.filter((f) => f.effect === effect).map((f) => f.path);
const unknownNote = (fields: readonly FieldChangeEffect[]) => (pathsOf(fields, 'unknown').length > 0 ? `; no rule is known for ${pathsOf(fields, 'unknown').join(', ')}: read the change` : '');
/** A rollout that waits for a time or for certificates: spec.rollout.after/before. */
const dueNote = (fields: readonly FieldChangeEffect[]) => {
  const rolls = pathsOf(fields, 'rolls');
  return rolls.length > 0 && rolls.every((p) => p.startsWith('spec.rollout.')) ? `, once ${rolls.join(' and ')} comes due` : '';
};

/** The words of a change that replaces and adds no machine. */
function quietWords(kind: string, fields: readonly FieldChangeEffect[], effect: FieldEffect): string {
  if (effect === 'unknown') return `no rule is known for ${pathsOf(fields, 'unknown').join(', ')}: read the change`;
  if (kind === 'KubeadmConfigTemplate' && fields.some((f) => f.path.startsWith('spec'))) return 'no machine is replaced: machines created from now on get the new spec, the running ones keep theirs';
  if (kind === 'MachineHealthCheck') return 'no machine is replaced: it changes which machines count as unhealthy, and when';
  const paused = fields.find((f) => f.path === 'spec.paused');
  if (kind === 'Cluster' && paused) return paused.after === 'true' ? 'Cluster API stops reconciling the cluster: no machine is created, replaced or remediated while it is paused' : 'Cluster API reconciles the cluster again, and applies at once what waited';
  return effect === 'in-place' ? 'updated in place: no machine is replaced' : 'no machine is replaced';
}

/** The line of a machine set, or of another object, whose fields changed. */
function changedLine(key: string, base: TreeObject, head: TreeObject, refusals: Refusal[], controlPlaneUpgrades: boolean): { line: MachineChange; move?: ControlPlaneMove } | undefined {
  const fields = fieldsOf(base, head);
  if (fields.length === 0) return undefined;
  const line = (effect: MachineEffect, what: string, source?: string): MachineChange => ({ cluster: key, subject: subjectOf(head), effect, what, fields, ...(source && { source }) });
  const refused = [
    ...fields.filter((f) => f.effect === 'rejected').map((f) => (head.kind === 'ProxmoxMachineTemplate' ? `${f.path} changes under the same name: "ProxmoxMachineTemplate is immutable"` : `${f.path}: "cannot be modified"`)),
    ...(head.kind === 'KubeadmControlPlane' ? kcpSpecRefusals(head) : []),
  ];
  const skip = head.kind === 'KubeadmControlPlane' ? versionSkip(base.doc.spec?.version, head.doc.spec?.version) : undefined;
  if (refused.length > 0 || skip) {
    refusals.push({ object: head, reasons: [...(skip ? [skip] : []), ...refused], ...(skip && { versionSkip: skip }) });
    return { line: line('rejected', `the API server rejects the update: ${[...(skip ? [skip] : []), ...refused].join('; ')}`) };
  }
  const effect = worst(fields);
  const rolls = fields.some((f) => f.effect === 'rolls');
  const scales = replicasOf(base) !== replicasOf(head) && (head.kind === 'KubeadmControlPlane' || head.kind === 'MachineDeployment');
  if (head.kind === 'KubeadmControlPlane' && (rolls || scales)) {
    const move = controlPlaneMove(base, head, rolls);
    return { line: line(rolls ? 'rolls' : effect, `${controlPlaneWords(move)}${dueNote(fields)}${unknownNote(fields)}`), move };
  }
  if (head.kind === 'MachineDeployment' && (rolls || scales)) {
    const { words, source } = deploymentWords(base, head, rolls);
    const waits = controlPlaneUpgrades && fields.some((f) => f.path === 'spec.template.spec.version') ? `; its new machines wait while the control plane is upgrading (${WAITS})` : '';
    return { line: line(rolls ? 'rolls' : effect, `${words}${dueNote(fields)}${waits}${unknownNote(fields)}`, source) };
  }
  return { line: line(effect, `${quietWords(head.kind, fields, effect)}${effect === 'unknown' ? '' : unknownNote(fields)}`) };
}

/** The line of an object that enters or leaves the tree. */
function wholeLine(key: string, o: TreeObject, change: 'creates' | 'deletes', pruned: Pruned, sizes: { controlPlane: number; workers: number }, refusals: Refusal[]): MachineChange | undefined {
  const line = (effect: MachineEffect, what: string, source?: string): MachineChange => ({ cluster: key, subject: subjectOf(o), effect, what, fields: [], ...(source && { source }) });
  if (change === 'deletes' && pruned(o) === false) return line('no-rollout', `leaves the tree, but layer ${o.layer} does not prune: Flux leaves it on the management cluster, and no machine is deleted`);
  const n = replicasOf(o);
  if (o.kind === 'Cluster') {
    const machines = `${counted(sizes.controlPlane, 'control-plane machine')} and ${counted(sizes.workers, 'worker machine')}`;
    return change === 'creates'
      ? line('creates', `a new workload cluster: ${machines} (the head tree's replicas)`)
      : line('deletes', `the workload cluster is deleted with every machine of it: ${machines} (the base tree's replicas)`, 'Cluster API v1.12.11 internal/controllers/cluster/cluster_controller.go:330-500 (reconcileDelete)');
  }
  if (o.kind === 'KubeadmControlPlane') {
    const refused = change === 'creates' ? kcpSpecRefusals(o) : [];
    if (refused.length > 0) {
      refusals.push({ object: o, reasons: refused });
      return line('rejected', `the API server rejects it: ${refused.join('; ')}`);
    }
    return change === 'creates'
      ? line('creates', `creates ${counted(n, 'machine')}: the first initializes the control plane, then KCP adds one at a time`, `${KCP}/controllers/controller.go:535-549`)
      : line('deletes', `deletes its ${counted(n, 'machine')}, all at once, once no worker machine of the cluster is left`, `${KCP}/controllers/controller.go:633-720 (reconcileDelete)`);
  }
  if (o.kind === 'MachineDeployment') return line(change, change === 'creates' ? `creates ${counted(n, 'machine')}` : `deletes its ${counted(n, 'machine')}`);
  return undefined;
}

/** The ids of a cluster's other Cluster API objects: its templates, its ProxmoxCluster, its MachineHealthChecks. */
function ownedIds(w: WorkloadObjects | undefined, objects: ReadonlyMap<string, TreeObject>): string[] {
  if (w === undefined) return [];
  const namespace = w.cluster.namespace ?? 'default';
  const infra = w.cluster.doc.spec?.infrastructureRef;
  return [
    ...[w.controlPlane, ...w.deployments].filter((s): s is TreeObject => s !== undefined).flatMap(templateRefs).map((r) => r.id),
    ...(infra?.kind ? [`${infra.kind}/${namespace}/${infra.name}`] : []),
    ...[...objects.values()].filter((o) => o.kind === 'MachineHealthCheck' && groupOf(o) === CLUSTER_GROUP && (o.namespace ?? 'default') === namespace && o.doc.spec?.clusterName === w.cluster.name).map((o) => o.id),
  ];
}

const machinesOf = (w: WorkloadObjects | undefined) => ({ controlPlane: replicasOf(w?.controlPlane), workers: (w?.deployments ?? []).reduce((n, d) => n + replicasOf(d), 0) });

/** Every workload cluster in either tree whose Cluster API objects change. */
export function workloadChanges(base: ReadonlyMap<string, TreeObject>, head: ReadonlyMap<string, TreeObject>, pruned: Pruned): WorkloadChange[] {
  const [b, h] = [workloadClusters(base), workloadClusters(head)];
  return [...new Set([...b.keys(), ...h.keys()])].sort().flatMap((key): WorkloadChange[] => {
    const [was, now] = [b.get(key), h.get(key)];
    const refusals: Refusal[] = [];
    const lines: MachineChange[] = [];
    let controlPlane: WorkloadChange['controlPlane'];
    const sets = (w: WorkloadObjects | undefined) => [w?.cluster, w?.controlPlane, ...(w?.deployments ?? [])].filter((o): o is TreeObject => o !== undefined);
    const ids = [...new Set([...sets(was).map((o) => o.id), ...sets(now).map((o) => o.id)])];
    const upgrades = was?.controlPlane !== undefined && now?.controlPlane !== undefined && was.controlPlane.doc.spec?.version !== now.controlPlane.doc.spec?.version;
    const others = [...new Set([...ownedIds(was, base), ...ownedIds(now, head)])].filter((id) => !ids.includes(id)).sort();
    for (const id of [...ids, ...others]) {
      const [before, after] = [base.get(id), head.get(id)];
      if (before && after) {
        const changed = isClusterApi(after) ? changedLine(key, before, after, refusals, upgrades) : undefined;
        if (changed) lines.push(changed.line);
        if (changed?.move) controlPlane = { subject: subjectOf(after), move: changed.move };
      } else if (ids.includes(id)) {
        const whole = wholeLine(key, (after ?? before)!, after ? 'creates' : 'deletes', pruned, after ? machinesOf(now) : machinesOf(was), refusals);
        if (whole) lines.push(whole);
      }
    }
    // A template or health check that only enters or leaves the tree makes no line, but its dangers are read from the change.
    const touched = lines.length > 0 || refusals.length > 0 || [...ids, ...others].some((id) => base.has(id) !== head.has(id));
    return touched ? [{ key, base: was, head: now, lines, refusals, ...(controlPlane && { controlPlane }) }] : [];
  });
}
