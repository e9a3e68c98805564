import type { Environment } from '../../model/resolve';
import type { TreeObject } from '../../validate/tree-objects';
import type { LiveKind, VerifyCheck, VerifyInput, VerifyLine } from '../types';
import { heldBy, layerOf } from './flux-expected';
import { byName, condition, listed, objectName, treeObjectsOf } from './live-objects';

// A management cluster's workload clusters as Cluster API v1.12.11 reports them (v1beta2, the
// storage version: schemas/SOURCES.md): each Cluster of the tree Available, its control plane and
// pools at the tree's replicas and version, every one of its Machines Running and Ready. Condition
// types and reasons: api/core/v1beta2/{cluster,machine,machinedeployment}_types.go,
// condition_consts.go, api/controlplane/kubeadm/v1beta2/kubeadm_control_plane_types.go.

const CAPI_GROUP = 'cluster.x-k8s.io';
const KCP_GROUP = 'controlplane.cluster.x-k8s.io';

export const CLUSTERS: LiveKind = { group: CAPI_GROUP, version: 'v1beta2', resource: 'clusters', kind: 'Cluster' };
export const KUBEADM_CONTROL_PLANES: LiveKind = { group: KCP_GROUP, version: 'v1beta2', resource: 'kubeadmcontrolplanes', kind: 'KubeadmControlPlane' };
export const MACHINE_DEPLOYMENTS: LiveKind = { group: CAPI_GROUP, version: 'v1beta2', resource: 'machinedeployments', kind: 'MachineDeployment' };
export const MACHINES: LiveKind = { group: CAPI_GROUP, version: 'v1beta2', resource: 'machines', kind: 'Machine' };
export const WORKLOAD_KINDS: readonly LiveKind[] = [CLUSTERS, KUBEADM_CONTROL_PLANES, MACHINE_DEPLOYMENTS, MACHINES];

/** Set on every object of a cluster (api/core/v1beta2/common_types.go ClusterNameLabel). */
const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name';

const INSTALL = "let Flux reconcile the layer that installs the Cluster API providers (the core provider serves Cluster, MachineDeployment and Machine, the kubeadm control-plane provider KubeadmControlPlane); verify's providers lines say whether they are Ready";

/** One line with the report's fields. */
const compared = (check: string, subject: string, expected: string, live: string, fix?: string): VerifyLine => ({ check, outcome: fix === undefined ? 'pass' : 'drift', subject, expected, live, ...(fix !== undefined && { fix }) });

/** `Available True`, `Available False (NotAvailable): * WorkersAvailable: …`; multi-line messages on one line. */
function conditionWords(doc: Record<string, any>, type: string): { words: string; ok: boolean } {
  const c = condition(doc, type);
  if (c === undefined) return { words: `no ${type} condition`, ok: false };
  const message = typeof c.message === 'string' && c.message !== '' ? `: ${c.message.replace(/\s*\n\s*/g, '; ')}` : '';
  const stale = typeof c.observedGeneration === 'number' && typeof doc.metadata?.generation === 'number' && c.observedGeneration < doc.metadata.generation;
  if (stale) return { words: `${type} ${c.status} for generation ${c.observedGeneration}, the object is at ${doc.metadata.generation}`, ok: false };
  return { words: `${type} ${c.status}${c.status === 'True' ? '' : `${c.reason ? ` (${c.reason})` : ''}${message}`}`, ok: c.status === 'True' };
}

/** The Kustomization line's fix for a tree object the cluster lacks, or the not-checkable line of a suspended layer. */
function absent(input: VerifyInput, check: string, o: TreeObject, expected: string): VerifyLine {
  const subject = `${o.doc.kind} ${objectName(o.doc)}`;
  const held = heldBy(input.tree, o.file);
  if (held) return { check, outcome: 'not-checkable', subject, expected: `${expected}, once layer ${held} resumes (the tree suspends it)`, live: 'absent' };
  const [namespace, name] = (layerOf(input.tree, o.file) ?? 'flux-system/flux-system').split('/');
  return compared(check, subject, `${expected} (${o.file})`, 'absent', `flux reconcile kustomization ${name} -n ${namespace} --with-source`);
}

const describeCluster = (c: TreeObject) => `clusterctl describe cluster ${c.doc.metadata.name} -n ${c.doc.metadata.namespace ?? 'default'} --show-conditions all`;
const reconcile = (input: VerifyInput, o: TreeObject) => {
  const [namespace, name] = (layerOf(input.tree, o.file) ?? 'flux-system/flux-system').split('/');
  return `the live spec is not the tree's: flux reconcile kustomization ${name} -n ${namespace} --with-source`;
};

function clusterLine(input: VerifyInput, cluster: TreeObject, found: Record<string, any> | undefined): VerifyLine {
  const check = 'workloads.cluster';
  if (found === undefined) return absent(input, check, cluster, 'Available');
  const subject = `Cluster ${objectName(found)}`;
  if (found.metadata?.deletionTimestamp) return compared(check, subject, 'Available', `deleting since ${found.metadata.deletionTimestamp}`, `the tree keeps it, so it was deleted outside Git; Cluster API deletes its machines meanwhile: ${describeCluster(cluster)}`);
  if (found.spec?.paused === true && cluster.doc.spec?.paused !== true) {
    return compared(check, subject, 'Available, not paused', 'paused (spec.paused true): Cluster API reconciles none of its objects', `find out who paused it (clusterctl move pauses the Cluster it moves: never run it on an operator-managed cluster), then: kubectl -n ${found.metadata.namespace} patch cluster ${found.metadata.name} --type merge -p '{"spec":{"paused":false}}'`);
  }
  const { words, ok } = conditionWords(found, 'Available');
  return compared(check, subject, 'Available', words, ok ? undefined : describeCluster(cluster));
}

const count = (v: unknown) => (typeof v === 'number' ? v : 0);

/** A machine set's live counts against the tree's replicas: replicas, ready, up to date, Available. */
function setLine(input: VerifyInput, check: string, cluster: TreeObject, want: TreeObject, found: Record<string, any> | undefined, version: string | undefined): VerifyLine {
  const replicas = typeof want.doc.spec?.replicas === 'number' ? want.doc.spec.replicas : 1;
  const at = version ? ` at ${version}` : '';
  const expected = `${replicas} replicas${at}: ${replicas} ready, ${replicas} up to date, Available`;
  if (found === undefined) return absent(input, check, want, expected);
  const s = found.status ?? {};
  const liveVersion = found.kind === 'KubeadmControlPlane' ? s.version : undefined;
  const specVersion = found.kind === 'KubeadmControlPlane' ? found.spec?.version : found.spec?.template?.spec?.version;
  const specDiffers = found.spec?.replicas !== replicas || (version !== undefined && specVersion !== version);
  const available = conditionWords(found, 'Available');
  const live = `${count(s.replicas)} replicas${liveVersion ? ` at ${liveVersion}` : ''}: ${count(s.readyReplicas)} ready, ${count(s.upToDateReplicas)} up to date, ${available.words}${specDiffers ? `; spec ${found.spec?.replicas} replicas${specVersion ? ` at ${specVersion}` : ''}` : ''}`;
  const settled = count(s.replicas) === replicas && count(s.readyReplicas) === replicas && count(s.upToDateReplicas) === replicas && (found.kind !== 'KubeadmControlPlane' || liveVersion === version);
  if (!specDiffers && settled && available.ok) return compared(check, `${found.kind} ${objectName(found)}`, expected, live);
  const fix = specDiffers
    ? reconcile(input, want)
    : !settled
      ? `a rollout or scale is under way (see its RollingOut, ScalingUp and ScalingDown conditions): follow it with ${describeCluster(cluster)}, then verify again`
      : describeCluster(cluster);
  return compared(check, `${found.kind} ${objectName(found)}`, expected, live, fix);
}

/** Every live Machine of a cluster: Running and Ready. */
function machineLines(cluster: TreeObject, machines: readonly Record<string, any>[]): VerifyLine[] {
  const namespace = cluster.doc.metadata.namespace ?? 'default';
  const own = machines.filter((m) => m.metadata?.namespace === namespace && m.metadata?.labels?.[CLUSTER_NAME_LABEL] === cluster.doc.metadata.name);
  return byName(own).map((m) => {
    const ready = conditionWords(m, 'Ready');
    const phase = String(m.status?.phase ?? '(no phase)');
    const node = m.status?.nodeRef?.name ? `, node ${m.status.nodeRef.name}` : ', no node yet';
    const deleting = m.metadata?.deletionTimestamp ? `, deleting since ${m.metadata.deletionTimestamp}` : '';
    const ok = phase === 'Running' && ready.ok && !deleting;
    return compared('workloads.machine', `Machine ${objectName(m)}`, 'Running, Ready True', `${phase}, ${ready.words}${node}${deleting}`, ok ? undefined : `${describeCluster(cluster)}; kubectl -n ${namespace} describe machine ${m.metadata.name}`);
  });
}

/** The lines of one workload cluster of the tree. */
function clusterLines(input: VerifyInput, cluster: TreeObject, lists: Map<LiveKind, readonly Record<string, any>[]>): VerifyLine[] {
  const namespace = cluster.doc.metadata.namespace ?? 'default';
  const live = (kind: LiveKind, doc: Record<string, any>) => lists.get(kind)?.find((o) => o.metadata?.namespace === namespace && o.metadata?.name === doc.metadata?.name);
  const inTree = (group: string, kind: string) => treeObjectsOf(input.tree.objects, group, kind).filter((o) => o.file.includes('/kubernetes/') && (o.doc.metadata?.namespace ?? 'default') === namespace);
  const cpRef = cluster.doc.spec?.controlPlaneRef;
  const controlPlane = inTree(KCP_GROUP, 'KubeadmControlPlane').find((o) => o.doc.metadata.name === cpRef?.name);
  const deployments = inTree(CAPI_GROUP, 'MachineDeployment').filter((o) => o.doc.spec?.clusterName === cluster.doc.metadata.name);
  return [
    ...(lists.has(CLUSTERS) ? [clusterLine(input, cluster, live(CLUSTERS, cluster.doc))] : []),
    ...(controlPlane && lists.has(KUBEADM_CONTROL_PLANES) ? [setLine(input, 'workloads.control-plane', cluster, controlPlane, live(KUBEADM_CONTROL_PLANES, controlPlane.doc), controlPlane.doc.spec?.version)] : []),
    ...(lists.has(MACHINE_DEPLOYMENTS) ? byName(deployments.map((d) => d.doc)).map((doc) => setLine(input, 'workloads.machine-deployment', cluster, deployments.find((d) => d.doc === doc)!, live(MACHINE_DEPLOYMENTS, doc), doc.spec?.template?.spec?.version)) : []),
    ...(lists.has(MACHINES) ? machineLines(cluster, lists.get(MACHINES)!) : []),
  ];
}

/**
 * The workload clusters a management environment's Cluster API runs: for each Cluster of its tree,
 * the Cluster Available, its KubeadmControlPlane and MachineDeployments with every replica ready
 * and up to date at the tree's version, and each of its Machines Running and Ready. Reads the four
 * kinds in the clusters' namespaces (all namespaces when they differ), gets and lists only.
 */
export const workloadsCheck: VerifyCheck = {
  area: 'workloads',
  reads: (env: Environment) => env.workloads.flatMap((w) => WORKLOAD_KINDS.map((k) => ({ ...k, namespace: w.namespace }))),
  run: (input) => {
    const clusters = treeObjectsOf(input.tree.objects, CAPI_GROUP, 'Cluster').filter((o) => o.file.includes('/kubernetes/'));
    if (clusters.length === 0) return [];
    const lists = new Map<LiveKind, readonly Record<string, any>[]>();
    const unreadable: VerifyLine[] = [];
    for (const kind of WORKLOAD_KINDS) {
      const list = listed(input.live, kind, `workloads.${kind.resource}`, INSTALL);
      if (list.line) unreadable.push(list.line);
      else lists.set(kind, list.items);
    }
    return [...unreadable, ...byName(clusters.map((c) => c.doc)).flatMap((doc) => clusterLines(input, clusters.find((c) => c.doc === doc)!, lists))];
  },
};
