import type { TreeObject } from './flux-diff';

// A management tree's Cluster API objects, grouped by the workload cluster they make, as the
// committed files hold them (the review never re-synthesizes). Objects are matched as Cluster API
// matches them: a Cluster names its control plane (`spec.controlPlaneRef`), MachineDeployments and
// MachineHealthChecks name their Cluster (`spec.clusterName`), all in the Cluster's namespace.

export const CLUSTER_GROUP = 'cluster.x-k8s.io';
export const CONTROL_PLANE_GROUP = 'controlplane.cluster.x-k8s.io';

/** The API group of an object: `cluster.x-k8s.io` of `cluster.x-k8s.io/v1beta2`. */
export const groupOf = (o: TreeObject): string => {
  const apiVersion = String(o.doc.apiVersion ?? '');
  return apiVersion.includes('/') ? apiVersion.split('/')[0]! : '';
};

const is = (o: TreeObject, group: string, kind: string) => o.kind === kind && groupOf(o) === group;

/** Whether an object is one of Cluster API's (any of its groups, the providers' included). */
export const isClusterApi = (o: TreeObject): boolean => groupOf(o) === CLUSTER_GROUP || groupOf(o).endsWith(`.${CLUSTER_GROUP}`);

/** One workload cluster's objects in one tree. */
export interface WorkloadObjects {
  /** `namespace/name` of the Cluster. */
  readonly key: string;
  readonly cluster: TreeObject;
  readonly controlPlane?: TreeObject;
  readonly deployments: readonly TreeObject[];
}

/** A reference of a machine set to a template: who refers, by which field, to what. */
export interface TemplateRef {
  /** `KubeadmControlPlane lab1/lab1-control-plane`. */
  readonly from: string;
  readonly field: string;
  readonly kind: string;
  /** The template's id in a tree: `Kind/namespace/name`. */
  readonly id: string;
  readonly name: string;
}

/** `Kind namespace/name`, as the review names an object. */
export const subjectOf = (o: TreeObject): string => `${o.kind} ${o.namespace ? `${o.namespace}/` : ''}${o.name}`;

/** Every Cluster of a tree with the control plane and MachineDeployments that belong to it, by `namespace/name`. */
export function workloadClusters(objects: ReadonlyMap<string, TreeObject>): Map<string, WorkloadObjects> {
  const all = [...objects.values()];
  const found = new Map<string, WorkloadObjects>();
  for (const cluster of all.filter((o) => is(o, CLUSTER_GROUP, 'Cluster'))) {
    const namespace = cluster.namespace ?? 'default';
    const ref = cluster.doc.spec?.controlPlaneRef;
    const controlPlane = ref?.kind === 'KubeadmControlPlane' ? all.find((o) => is(o, CONTROL_PLANE_GROUP, 'KubeadmControlPlane') && (o.namespace ?? 'default') === namespace && o.name === ref.name) : undefined;
    const deployments = all
      .filter((o) => is(o, CLUSTER_GROUP, 'MachineDeployment') && (o.namespace ?? 'default') === namespace && o.doc.spec?.clusterName === cluster.name)
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    found.set(`${namespace}/${cluster.name}`, { key: `${namespace}/${cluster.name}`, cluster, controlPlane, deployments });
  }
  return found;
}

/** The templates a machine set refers to: the control plane's infrastructure template, a pool's two. */
export function templateRefs(set: TreeObject): TemplateRef[] {
  const namespace = set.namespace ?? 'default';
  const refs: [string, Record<string, any> | undefined][] = set.kind === 'KubeadmControlPlane'
    ? [['spec.machineTemplate.spec.infrastructureRef', set.doc.spec?.machineTemplate?.spec?.infrastructureRef]]
    : [
        ['spec.template.spec.infrastructureRef', set.doc.spec?.template?.spec?.infrastructureRef],
        ['spec.template.spec.bootstrap.configRef', set.doc.spec?.template?.spec?.bootstrap?.configRef],
      ];
  return refs
    .filter((r): r is [string, Record<string, any>] => typeof r[1]?.kind === 'string' && typeof r[1]?.name === 'string')
    .map(([field, ref]) => ({ from: subjectOf(set), field, kind: ref.kind, name: ref.name, id: `${ref.kind}/${namespace}/${ref.name}` }));
}

/**
 * The replicas a set asks for. An unset count reads as 1: KCP's webhook defaults it so, and the
 * MachineDeployment webhook too when no autoscaler annotation is set (v1.12.11
 * controlplane/kubeadm/internal/webhooks/kubeadmcontrolplane.go defaultKubeadmControlPlaneSpec,
 * internal/webhooks/machinedeployment.go calculateMachineDeploymentReplicas).
 */
export const replicasOf = (set: TreeObject | undefined): number => (set === undefined ? 0 : typeof set.doc.spec?.replicas === 'number' ? set.doc.spec.replicas : 1);
