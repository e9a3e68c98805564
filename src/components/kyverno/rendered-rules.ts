import { appObjects } from '../../model/app-objects';
import type { AppObject } from '../../model/app-objects';
import type { Finding, Rule } from '../../model/violation';
import { documents } from '../../model/rendered-tree';
import type { RenderedTree } from '../../model/rendered-tree';
import { NAMESPACE_NAME_LABEL, VALIDATION_ACTIONS } from './policies';
import type { FailureAction, ValidatingPolicySpec } from './policies';
import { POD_TEMPLATES, POLICY_RULES } from './policy-rules';
import type { Container, PolicyRule } from './policy-rules';

/** The project's policies as the tree enforces them: the action and the excluded namespaces of each. */
interface EnforcedPolicy {
  readonly name: string;
  readonly rows: readonly PolicyRule[];
  readonly action: FailureAction;
  readonly exclude: ReadonlySet<string>;
}

/**
 * The table's policies the environment enforces, read from the ValidatingPolicies the tree holds:
 * none where Kyverno is off, and exactly the rendered action and exclusions where it is on.
 */
function enforcedPolicies(tree: RenderedTree): EnforcedPolicy[] {
  const policies = documents(tree.files, 'kubernetes/').filter(({ doc }) => doc.apiVersion === 'policies.kyverno.io/v1' && doc.kind === 'ValidatingPolicy');
  return [...new Set(POLICY_RULES.map((r) => r.policy))].flatMap((name) => {
    const spec = policies.find(({ doc }) => doc.metadata?.name === name)?.doc.spec as ValidatingPolicySpec | undefined;
    if (!spec) return [];
    const action = (Object.keys(VALIDATION_ACTIONS) as FailureAction[]).find((a) => spec.validationActions.includes(VALIDATION_ACTIONS[a]))!;
    const exclude = spec.matchConstraints.namespaceSelector.matchExpressions.filter((e) => e.key === NAMESPACE_NAME_LABEL && e.operator === 'NotIn').flatMap((e) => e.values);
    return [{ name, rows: POLICY_RULES.filter((r) => r.policy === name), action, exclude: new Set(exclude) }];
  });
}

const child = (value: unknown, key: string): unknown => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined);

/** Every container of the pod an object runs (a Pod's own, a controller's template), with its place in the object. */
function containers(object: AppObject): { at: string; container: Container }[] {
  const template = POD_TEMPLATES[object.kind];
  if (!template) return [];
  const spec = template.spec.reduce<unknown>(child, object.doc);
  return (['initContainers', 'containers'] as const).flatMap((field) => {
    const list = child(spec, field);
    return Array.isArray(list) ? list.map((container, i) => ({ at: `${template.spec.join('.')}.${field}[${i}]`, container: (container ?? {}) as Container })) : [];
  });
}

/** What the apps' objects break of the rules the tree enforces with `action`. */
function violations(tree: RenderedTree, action: FailureAction): Finding[] {
  const policies = enforcedPolicies(tree).filter((p) => p.action === action);
  if (policies.length === 0) return [];
  return appObjects(tree).objects.flatMap((object) =>
    policies
      // An object that names no namespace is app.manifest-namespace's to report.
      .filter(({ exclude }) => object.namespace !== undefined && !exclude.has(object.namespace))
      .flatMap(({ rows }) => rows)
      .flatMap((row) =>
        containers(object).flatMap(({ at, container }): Finding[] => {
          const problem = row.check(container);
          if (!problem) return [];
          const subject = POD_TEMPLATES[object.kind]!.podsOnly ? 'the pods it creates' : 'it';
          return [{
            path: object.file,
            value: problem.value,
            message:
              `app ${object.app.name}: ${object.kind} ${object.namespace}/${object.name}, container ${String(container.name)} (${at}): ${problem.problem}; ` +
              `Kyverno's policy ${row.policy} (rule ${row.rule}) ${action === 'Enforce' ? `refuses ${subject} at admission` : `reports ${subject} (Audit)`}`,
            fix: problem.fix,
          }];
        }),
      ),
  );
}

/** One policy's verdict on one object: the rule of its first failing validation, as Kyverno reports its index. */
export interface PolicyVerdict {
  readonly policy: string;
  readonly result: 'pass' | 'fail';
  /** The failing rule (the table's name of the validation at Kyverno's `cel.validationIndex`). */
  readonly rule?: string;
}

/**
 * What Kyverno's engine says of one object, policy by policy, as `kyverno apply` computes it
 * (v1.19.0 pkg/cel/policies/vpol/compiler/policy.go: the validations in order, the first false one
 * fails the policy): nothing from a policy that does not match it (a kind neither a Pod nor an
 * autogen controller, a namespace in `exclude`). A ReplicaSet gets its verdict here though the
 * chart's resource filter admits it in a cluster (PodTemplate.podsOnly). An object that names no
 * namespace is judged in `default`, where `kyverno apply` puts it as kubectl does (v1.19.0
 * cmd/cli/kubectl-kyverno/resource/resource.go `YamlToUnstructured`).
 */
export function policyVerdicts(doc: Record<string, unknown>, exclude: readonly string[]): PolicyVerdict[] {
  const kind = String(doc.kind);
  const template = POD_TEMPLATES[kind];
  const namespace = child(doc.metadata, 'namespace') || 'default';
  if (!template || (kind !== 'Pod' && !template.autogen) || (typeof namespace === 'string' && exclude.includes(namespace))) return [];
  const all = containers({ kind, doc } as AppObject).map((c) => c.container);
  return [...new Set(POLICY_RULES.map((r) => r.policy))].map((policy) => {
    const failing = POLICY_RULES.filter((r) => r.policy === policy).find((row) => all.some((c) => row.check(c) !== undefined));
    return failing ? { policy, result: 'fail', rule: failing.rule } : { policy, result: 'pass' };
  });
}

/** Kyverno's rules on the rendered tree: the apps' objects synth knows, against the project's policies. */
export const kyvernoRenderedRules: readonly Rule<RenderedTree>[] = [
  {
    code: 'kyverno.app-refused',
    severity: 'error',
    summary: "the objects of the apps' constructs and manifests folders pass the project's Kyverno policies where they enforce (Kyverno would refuse them at admission)",
    check: (tree) => violations(tree, 'Enforce'),
  },
  {
    code: 'kyverno.app-audited',
    severity: 'warning',
    summary: "the same, where the policies audit: Kyverno would admit the objects and report them",
    check: (tree) => violations(tree, 'Audit'),
  },
];

/** What synth says it did not check: the apps whose objects it cannot see, where the policies are enforced. */
export function uncheckedApps(tree: RenderedTree): string[] {
  if (enforcedPolicies(tree).length === 0) return [];
  const { unseen } = appObjects(tree);
  const helm = unseen.filter((u) => u.app.helm).map((u) => u.app.name);
  return [
    ...(helm.length > 0 ? [`the Kyverno policies are not checked at synth on the Helm apps ${helm.join(', ')}: their objects are rendered only in the cluster`] : []),
    ...unseen.filter((u) => !u.app.helm).map((u) => `the Kyverno policies are not checked at synth on app ${u.app.name}: ${u.reason}`),
  ];
}
