import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { podPattern, POLICY_RULES } from './policy-rules';

/** The part of Kyverno's ClusterPolicy (kyverno.io/v1) this project writes; validated against its vendored schema. */
export interface ClusterPolicyRule {
  readonly name: string;
  readonly match: { readonly any: readonly { readonly resources: { readonly kinds: readonly string[] } }[] };
  readonly exclude?: { readonly any: readonly { readonly resources: { readonly namespaces: readonly string[] } }[] };
  readonly validate: { readonly failureAction: 'Enforce' | 'Audit'; readonly message: string; readonly pattern: Readonly<Record<string, unknown>> };
}

export interface ClusterPolicySpec {
  readonly background: boolean;
  readonly rules: readonly ClusterPolicyRule[];
}

export interface ProjectPoliciesProps {
  readonly failureAction: 'Enforce' | 'Audit';
  /** Namespaces the policies leave alone: the cluster's and the platform components'. */
  readonly exclude: readonly string[];
}

/**
 * The project's admission rules for the apps' namespaces (everything but the platform's), one
 * ClusterPolicy per policy of the rule table: no image without a tag or with `latest`, resource
 * requests on every container. Synth checks the apps' objects against the same rows.
 */
export class ProjectPolicies extends Construct {
  public constructor(scope: Construct, id: string, props: ProjectPoliciesProps) {
    super(scope, id);
    const rows = POLICY_RULES;
    const exclude = { any: [{ resources: { namespaces: props.exclude } }] };
    for (const name of [...new Set(rows.map((r) => r.policy))]) {
      const rules = rows
        .filter((r) => r.policy === name)
        .map((r): ClusterPolicyRule => ({
          name: r.rule,
          match: { any: [{ resources: { kinds: r.kinds } }] },
          exclude,
          validate: { failureAction: props.failureAction, message: r.message, pattern: podPattern(r.container) },
        }));
      new ApiObject(this, name, { apiVersion: 'kyverno.io/v1', kind: 'ClusterPolicy', metadata: { name }, spec: { background: true, rules } satisfies ClusterPolicySpec });
    }
  }
}
