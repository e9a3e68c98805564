import { Construct } from 'constructs';
import { k8s } from 'cdk8s-plus-31';
import type { InspectorAccount } from '../model/inspector-account';

/** One rule of an RBAC role, as the construct takes it (verify computes them: src/verify/inspection-rules.ts). */
export interface PolicyRule {
  readonly apiGroups: readonly string[];
  readonly resources: readonly string[];
  readonly verbs: readonly string[];
}

export interface VerifyInspectorProps {
  /** Who is bound: `verify-inspector` in flux-system, or mgmt's existing `capi-inspector`. */
  readonly account: InspectorAccount;
  /** verify's reads as RBAC rules (src/verify/inspection-rules.ts). */
  readonly rules: readonly PolicyRule[];
}

/**
 * The read-only role `verify` runs as: a ClusterRole of exactly the resources it reads, bound to
 * the inspector's ServiceAccount. Asking the API server what the credentials can do
 * (SelfSubjectAccessReview) needs no rule: the built-in system:basic-user ClusterRole grants it to
 * every authenticated user (kubernetes/kubernetes plugin/pkg/auth/authorizer/rbac/bootstrappolicy/policy.go:
 * `create` on authorization.k8s.io selfsubjectaccessreviews, bound to system:authenticated).
 */
export class VerifyInspector extends Construct {
  public constructor(scope: Construct, id: string, props: VerifyInspectorProps) {
    super(scope, id);
    const { account } = props;
    if (account.created) {
      new k8s.KubeServiceAccount(this, 'ServiceAccount', { metadata: { name: account.name, namespace: account.namespace } });
    }
    new k8s.KubeClusterRole(this, 'ClusterRole', {
      metadata: { name: account.role },
      rules: props.rules.map((r) => ({ apiGroups: [...r.apiGroups], resources: [...r.resources], verbs: [...r.verbs] })),
    });
    new k8s.KubeClusterRoleBinding(this, 'Binding', {
      metadata: { name: account.role },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: account.role },
      subjects: [{ kind: 'ServiceAccount', name: account.name, namespace: account.namespace }],
    });
  }
}
