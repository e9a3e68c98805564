/**
 * The API groups, kinds and labels a workload cluster's objects refer to each other by. Cluster
 * API v1beta2 references are `{apiGroup, kind, name}`, in the referrer's namespace (Cluster API
 * v1.12.11 `api/core/v1beta2/common_types.go` ContractVersionedObjectReference).
 */

export const CLUSTER_API_GROUP = 'cluster.x-k8s.io';
export const CONTROL_PLANE_GROUP = 'controlplane.cluster.x-k8s.io';
export const BOOTSTRAP_GROUP = 'bootstrap.cluster.x-k8s.io';
export const INFRASTRUCTURE_GROUP = 'infrastructure.cluster.x-k8s.io';

/** On every object of a cluster, as CAPMOX's templates/cluster-template.yaml sets it. */
export const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name';
/** Set on a MachineDeployment's Machines (Cluster API v1.12.11 api/core/v1beta2/machine_types.go). */
export const DEPLOYMENT_NAME_LABEL = 'cluster.x-k8s.io/deployment-name';
/** Set on every KubeadmControlPlane Machine (controlplane/kubeadm/internal/desiredstate ControlPlaneMachineLabels). */
export const CONTROL_PLANE_LABEL = 'cluster.x-k8s.io/control-plane';

export interface ObjectRef {
  readonly apiGroup: string;
  readonly kind: string;
  readonly name: string;
}

export const proxmoxClusterRef = (name: string): ObjectRef => ({ apiGroup: INFRASTRUCTURE_GROUP, kind: 'ProxmoxCluster', name });
export const machineTemplateRef = (name: string): ObjectRef => ({ apiGroup: INFRASTRUCTURE_GROUP, kind: 'ProxmoxMachineTemplate', name });
export const controlPlaneRef = (name: string): ObjectRef => ({ apiGroup: CONTROL_PLANE_GROUP, kind: 'KubeadmControlPlane', name });
export const configTemplateRef = (name: string): ObjectRef => ({ apiGroup: BOOTSTRAP_GROUP, kind: 'KubeadmConfigTemplate', name });

/** The KubeadmControlPlane's name, as CAPMOX's templates name it. */
export const controlPlaneName = (cluster: string): string => `${cluster}-control-plane`;
/** A worker pool's MachineDeployment (and its health check). */
export const deploymentName = (cluster: string, pool: string): string => `${cluster}-${pool}`;
