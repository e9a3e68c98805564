import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { CONTAINERS_EXPRESSION, POD_TEMPLATES, POLICY_RULES } from './policy-rules';

/** What a failing validation does: `Enforce` refuses the object (`Deny`), `Audit` admits it and reports it. */
export const VALIDATION_ACTIONS = { Enforce: 'Deny', Audit: 'Audit' } as const;
export type FailureAction = keyof typeof VALIDATION_ACTIONS;

/** The namespace label the API server sets on every namespace (its name): what the exclusion selects on. */
export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

/** The part of Kyverno's ValidatingPolicy (policies.kyverno.io/v1) this project writes; validated against its vendored schema. */
export interface ValidatingPolicySpec {
  readonly validationActions: readonly (typeof VALIDATION_ACTIONS)[FailureAction][];
  readonly evaluation: { readonly background: { readonly enabled: boolean } };
  readonly matchConstraints: {
    readonly resourceRules: readonly { readonly apiGroups: readonly string[]; readonly apiVersions: readonly string[]; readonly operations: readonly string[]; readonly resources: readonly string[] }[];
    readonly namespaceSelector: { readonly matchExpressions: readonly { readonly key: string; readonly operator: 'NotIn'; readonly values: readonly string[] }[] };
  };
  readonly autogen: { readonly podControllers: { readonly controllers: readonly string[] } };
  readonly variables: readonly { readonly name: string; readonly expression: string }[];
  readonly validations: readonly { readonly expression: string; readonly message: string }[];
}

export interface ProjectPoliciesProps {
  readonly failureAction: FailureAction;
  /** Namespaces the policies leave alone: the cluster's and the platform components'. */
  readonly exclude: readonly string[];
}

/**
 * The project's admission rules for the apps' namespaces (everything but the platform's), one
 * ValidatingPolicy per policy of the rule table, one validation per row: no image without a tag
 * or with `latest`, resource requests on every container. Synth checks the apps' objects against
 * the same rows.
 *
 * The policy matches Pods only, by a namespace selector rather than exclusions: Kyverno v1.19.0
 * writes the pod controllers' rules only for such a match (pkg/cel/autogen/support.go
 * `CanAutoGen`: no `excludeResourceRules`, one rule on v1 `pods`), keeping the selector
 * (match.go `CreateMatchConstraints`). Its CLI, without a cluster, gives a namespace that one label
 * (pkg/cel/matching/predicates/namespace `GetNamespace`), so `kyverno apply` selects the same way.
 */
export class ProjectPolicies extends Construct {
  public constructor(scope: Construct, id: string, props: ProjectPoliciesProps) {
    super(scope, id);
    const controllers = Object.values(POD_TEMPLATES).flatMap((t) => (t.autogen ? [t.autogen] : [])).sort();
    for (const name of [...new Set(POLICY_RULES.map((r) => r.policy))]) {
      const spec: ValidatingPolicySpec = {
        validationActions: [VALIDATION_ACTIONS[props.failureAction]],
        evaluation: { background: { enabled: true } },
        matchConstraints: {
          resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['pods'] }],
          namespaceSelector: { matchExpressions: [{ key: NAMESPACE_NAME_LABEL, operator: 'NotIn', values: props.exclude }] },
        },
        autogen: { podControllers: { controllers } },
        variables: [{ name: 'containers', expression: CONTAINERS_EXPRESSION }],
        validations: POLICY_RULES.filter((r) => r.policy === name).map((r) => ({ expression: `variables.containers.all(container, ${r.condition})`, message: r.message })),
      };
      new ApiObject(this, name, { apiVersion: 'policies.kyverno.io/v1', kind: 'ValidatingPolicy', metadata: { name }, spec });
    }
  }
}
