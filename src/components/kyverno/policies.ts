import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';

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
 * The project's admission rules for the apps' namespaces (everything but the platform's): no
 * image without a tag or with `latest`, resource requests on every container, no Secret with
 * `stringData` (it would be committed in plaintext and shows up in `kubectl apply`'s annotation).
 */
export class ProjectPolicies extends Construct {
  public constructor(scope: Construct, id: string, props: ProjectPoliciesProps) {
    super(scope, id);
    const exclude = { any: [{ resources: { namespaces: props.exclude } }] };
    const pods = { any: [{ resources: { kinds: ['Pod'] } }] };
    const rule = (name: string, match: ClusterPolicyRule['match'], message: string, pattern: Record<string, unknown>): ClusterPolicyRule => ({
      name,
      match,
      exclude,
      validate: { failureAction: props.failureAction, message, pattern },
    });
    const policy = (name: string, rules: readonly ClusterPolicyRule[]) =>
      new ApiObject(this, name, { apiVersion: 'kyverno.io/v1', kind: 'ClusterPolicy', metadata: { name }, spec: { background: true, rules } satisfies ClusterPolicySpec });

    const everyContainer = (container: Record<string, unknown>) => ({
      spec: { '=(initContainers)': [container], containers: [container] },
    });
    policy('disallow-latest-tag', [
      rule('require-image-tag', pods, 'Every image names its tag: an image without one is latest.', everyContainer({ image: '*:*' })),
      rule('disallow-latest', pods, "The tag latest moves under a running workload: pin a version.", everyContainer({ image: '!*:latest' })),
    ]);
    policy('require-requests', [
      rule('cpu-and-memory', pods, 'Every container requests CPU and memory, so the scheduler and the memory budget can count it.', everyContainer({ resources: { requests: { cpu: '?*', memory: '?*' } } })),
    ]);
    policy('disallow-secret-stringdata', [
      rule(
        'no-stringdata',
        { any: [{ resources: { kinds: ['Secret'] } }] },
        'stringData is plaintext in Git and in the last-applied annotation: write data (base64) from an encrypted source (npm run secrets).',
        { 'X(stringData)': 'null' },
      ),
    ]);
  }
}
