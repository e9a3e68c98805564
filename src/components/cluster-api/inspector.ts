import { Construct } from 'constructs';
import { k8s } from 'cdk8s-plus-31';

export const READONLY_VERBS = ['get', 'list', 'watch'] as const;

export interface CapiInspectorProps {
  /** Namespace of the `capi-inspector` ServiceAccount. */
  readonly namespace: string;
}

/**
 * `capi-readonly`: read of the operator's provider objects, k3s HelmCharts, nodes and
 * namespaces, bound with the built-in `view` to `capi-inspector`. Resources are listed one by
 * one (no wildcard) and nothing reads Secrets or writes.
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
