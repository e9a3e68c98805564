import { Construct } from 'constructs';
import { k8s } from 'cdk8s-plus-31';

export const READONLY_VERBS = ['get', 'list', 'watch'] as const;

export interface CapiInspectorProps {
  /** Namespace of the `capi-inspector` ServiceAccount. */
  readonly namespace: string;
}

/**
 * What `clusterctl describe cluster` reads (cmd/clusterctl/client/tree/discovery.go, Cluster API
 * v1.12): the Cluster, its infrastructure and control plane (and that kind's CRD, for its contract
 * version), its MachineDeployments, MachineSets, MachinePools and Machines with their bootstrap
 * and infrastructure objects, and with `--show-resourcesets` its ClusterResourceSetBinding.
 * Built-in `view` grants none of them: Cluster API's roles aggregate to its managers only.
 */
const DESCRIBE_READS = [
  { apiGroups: ['cluster.x-k8s.io'], resources: ['clusters', 'machines', 'machinesets', 'machinedeployments', 'machinepools', 'machinehealthchecks'] },
  { apiGroups: ['controlplane.cluster.x-k8s.io'], resources: ['kubeadmcontrolplanes'] },
  { apiGroups: ['bootstrap.cluster.x-k8s.io'], resources: ['kubeadmconfigs', 'kubeadmconfigtemplates'] },
  { apiGroups: ['infrastructure.cluster.x-k8s.io'], resources: ['proxmoxclusters', 'proxmoxmachines', 'proxmoxmachinetemplates'] },
  { apiGroups: ['addons.cluster.x-k8s.io'], resources: ['clusterresourcesets', 'clusterresourcesetbindings'] },
  { apiGroups: ['ipam.cluster.x-k8s.io'], resources: ['ipaddresses', 'ipaddressclaims', 'inclusterippools'] },
  { apiGroups: ['apiextensions.k8s.io'], resources: ['customresourcedefinitions'] },
] as const;

/**
 * `capi-readonly`: read of the operator's provider objects, what `clusterctl describe cluster`
 * reads, k3s HelmCharts, nodes and namespaces, bound with the built-in `view` to `capi-inspector`.
 * Resources are listed one by one (no wildcard) and nothing reads Secrets or writes.
 */
export class CapiInspector extends Construct {
  public constructor(scope: Construct, id: string, props: CapiInspectorProps) {
    super(scope, id);
    const verbs = [...READONLY_VERBS];
    const subjects = [{ kind: 'ServiceAccount', name: 'capi-inspector', namespace: props.namespace }];
    new k8s.KubeServiceAccount(this, 'ServiceAccount', { metadata: { name: 'capi-inspector', namespace: props.namespace } });
    new k8s.KubeClusterRole(this, 'ClusterRole', {
      metadata: { name: 'capi-readonly' },
      rules: [
        {
          apiGroups: ['operator.cluster.x-k8s.io'],
          resources: ['coreproviders', 'bootstrapproviders', 'controlplaneproviders', 'infrastructureproviders', 'ipamproviders', 'addonproviders', 'runtimeextensionproviders'],
          verbs,
        },
        ...DESCRIBE_READS.map((r) => ({ apiGroups: [...r.apiGroups], resources: [...r.resources], verbs })),
        { apiGroups: ['helm.cattle.io'], resources: ['helmcharts', 'helmchartconfigs'], verbs },
        { apiGroups: [''], resources: ['nodes', 'namespaces'], verbs },
      ],
    });
    new k8s.KubeClusterRoleBinding(this, 'Binding', {
      metadata: { name: 'capi-readonly' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'capi-readonly' },
      subjects,
    });
    new k8s.KubeClusterRoleBinding(this, 'ViewBinding', {
      metadata: { name: 'capi-inspector-view' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' },
      subjects,
    });
  }
}
