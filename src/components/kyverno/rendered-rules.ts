import { appObjects } from '../../apps/objects';
import type { AppObject } from '../../apps/objects';
import type { Finding, Rule } from '../../model/violation';
import { documents } from '../../tree/rendered-tree';
import type { RenderedTree } from '../../tree/rendered-tree';
import type { ClusterPolicyRule } from './policies';
import { POD_TEMPLATES, POLICY_RULES } from './policy-rules';
import type { Container, PolicyRule } from './policy-rules';

type FailureAction = ClusterPolicyRule['validate']['failureAction'];

/** One row of the rule table as the tree enforces it: its ClusterPolicy rule's action and excluded namespaces. */
interface EnforcedRule {
  readonly row: PolicyRule;
  readonly action: FailureAction;
  readonly exclude: ReadonlySet<string>;
}

/**
 * The table's rules the environment enforces, read from the ClusterPolicies the tree holds: none
 * where Kyverno is off, and exactly the rendered action and exclusions where it is on.
 */
function enforcedRules(tree: RenderedTree): EnforcedRule[] {
  const policies = documents(tree.files, 'kubernetes/').filter(({ doc }) => doc.apiVersion === 'kyverno.io/v1' && doc.kind === 'ClusterPolicy');
  return POLICY_RULES.flatMap((row) => {
    const policy = policies.find(({ doc }) => doc.metadata?.name === row.policy);
    const rule = (policy?.doc.spec?.rules as readonly ClusterPolicyRule[] | undefined)?.find((r) => r.name === row.rule);
    return rule ? [{ row, action: rule.validate.failureAction, exclude: new Set(rule.exclude?.any.flatMap((a) => a.resources.namespaces) ?? []) }] : [];
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
  const rules = enforcedRules(tree).filter((r) => r.action === action);
  if (rules.length === 0) return [];
  return appObjects(tree).objects.flatMap((object) =>
    rules
      // An object that names no namespace is app.manifest-namespace's to report.
      .filter(({ exclude }) => object.namespace !== undefined && !exclude.has(object.namespace))
      .flatMap(({ row }) =>
        containers(object).flatMap(({ at, container }): Finding[] => {
          const problem = row.check(container);
          if (!problem) return [];
          const subject = POD_TEMPLATES[object.kind]!.filtered ? 'the pods it creates' : 'it';
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
  if (enforcedRules(tree).length === 0) return [];
  const { unseen } = appObjects(tree);
  const helm = unseen.filter((u) => u.app.helm).map((u) => u.app.name);
  return [
    ...(helm.length > 0 ? [`the Kyverno policies are not checked at synth on the Helm apps ${helm.join(', ')}: their objects are rendered only in the cluster`] : []),
    ...unseen.filter((u) => !u.app.helm).map((u) => `the Kyverno policies are not checked at synth on app ${u.app.name}: ${u.reason}`),
  ];
}
