import { shown } from '../../model/violation';

/** A container of a pod spec, as the project's policies read it. */
export interface Container {
  readonly name?: unknown;
  readonly image?: unknown;
  readonly resources?: { readonly requests?: Readonly<Record<string, unknown>> };
}

/** What one rule finds wrong with one container: the value at fault, what is wrong, and the fix. */
export interface ContainerProblem {
  readonly value: string;
  readonly problem: string;
  readonly fix: string;
}

/**
 * One rule of the project's admission policies, in both of its forms: the Kyverno rule the
 * `kyverno-policies` component renders, and the check synth runs on the apps' objects with the
 * same meaning. Both forms are built from this row and nothing else.
 */
export interface PolicyRule {
  /** The ClusterPolicy holding the rule. */
  readonly policy: string;
  /** The rule's name inside it. */
  readonly rule: string;
  /**
   * `match.any[].resources.kinds`: the table holds container rules on pods, which reach the pod
   * controllers too through Kyverno's autogen (POD_TEMPLATES); another kind would need a check of its own.
   */
  readonly kinds: readonly ['Pod'];
  /** `validate.message`: what Kyverno answers at admission. */
  readonly message: string;
  /** The pattern each container and init container must match (the pod pattern is `podPattern` of it). */
  readonly container: Readonly<Record<string, unknown>>;
  /** The pattern's meaning at synth: what is wrong with one container, or undefined where it matches. */
  readonly check: (container: Container) => ContainerProblem | undefined;
}

/**
 * Kyverno's string patterns used here, as its engine reads them (v1.19.0
 * pkg/engine/pattern/pattern.go `compareString`, ext/wildcard over IGLOU-EU/go-wildcard): `*`
 * is any run of characters, empty included, `?` exactly one; a leading `!` negates; a value that
 * is not a string, number or bool (absent, null) matches neither. Numbers are compared as their
 * text, and the API server has turned a quantity into text before admission anyway.
 */
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;

/** A request as a fix suggests it. */
const REQUEST_EXAMPLES = { cpu: '50m', memory: '64Mi' } as const;

/** The rules, in the order the policies list them. */
export const POLICY_RULES: readonly PolicyRule[] = [
  {
    policy: 'disallow-latest-tag',
    rule: 'require-image-tag',
    kinds: ['Pod'],
    message: 'Every image names its tag: an image without one is latest.',
    container: { image: '*:*' },
    // `*:*` asks for a colon anywhere, as Kyverno matches it (a registry port counts too).
    check: ({ image }) =>
      text(image)?.includes(':')
        ? undefined
        : { value: shown(image), problem: `image ${shown(image)} names no tag, so it runs whatever latest is`, fix: `pin a version: ${shown(image)}:<version>` },
  },
  {
    policy: 'disallow-latest-tag',
    rule: 'disallow-latest',
    kinds: ['Pod'],
    message: 'The tag latest moves under a running workload: pin a version.',
    container: { image: '!*:latest' },
    check: ({ image }) => {
      const value = text(image);
      return value !== undefined && !value.endsWith(':latest')
        ? undefined
        : { value: shown(image), problem: `image ${shown(image)} ${value === undefined ? 'is not set' : 'runs the tag latest, which moves under a running workload'}`, fix: `pin a version instead: ${value === undefined ? '<image>' : value.slice(0, -':latest'.length)}:<version>` };
    },
  },
  {
    policy: 'require-requests',
    rule: 'cpu-and-memory',
    kinds: ['Pod'],
    message: 'Every container requests CPU and memory, so the scheduler and the memory budget can count it.',
    container: { resources: { requests: { cpu: '?*', memory: '?*' } } },
    // `?*` is one character or more: a request that is absent, null or empty fails.
    check: ({ resources }) => {
      const missing = (['cpu', 'memory'] as const).filter((key) => !text(resources?.requests?.[key]));
      return missing.length === 0
        ? undefined
        : {
            value: shown(resources?.requests),
            problem: `its resources.requests set no ${missing.join(' and no ')}`,
            fix: `set ${missing.map((key) => `resources.requests.${key}`).join(' and ')} to what the container uses (e.g. ${missing.map((key) => REQUEST_EXAMPLES[key]).join(', ')})`,
          };
    },
  },
];

/** The pod pattern of a container rule: every container and, where there are any, every init container. */
export const podPattern = (container: Readonly<Record<string, unknown>>) => ({
  spec: { '=(initContainers)': [container], containers: [container] },
});

/** Where a kind keeps the pod spec the rules read. */
export interface PodTemplate {
  /** The path to the pod spec inside the object. */
  readonly spec: readonly string[];
  /**
   * Kyverno's chart leaves the kind itself alone (`config.resourceFilters`, chart 3.9.0
   * values.yaml: `[ReplicaSet,*,*]`): the pods it creates are what is refused.
   */
  readonly filtered?: boolean;
}

/**
 * The kinds whose pods a rule matching `Pod` reaches: the Pod itself, and the controllers Kyverno
 * v1.19.0 writes autogen rules for when a policy carries no `pod-policies.kyverno.io/autogen-controllers`
 * annotation and matches only `Pod` by kind (pkg/autogen/v1/autogen.go `PodControllers`, `CanAutoGen`).
 * The autogen rule wraps the pattern in `spec.template` (pkg/autogen/v1/rule.go
 * `generateRuleForControllers`), and a CronJob's in `spec.jobTemplate.spec.template` (`generateCronJobRule`).
 */
export const POD_TEMPLATES: Readonly<Record<string, PodTemplate>> = {
  Pod: { spec: ['spec'] },
  Deployment: { spec: ['spec', 'template', 'spec'] },
  StatefulSet: { spec: ['spec', 'template', 'spec'] },
  DaemonSet: { spec: ['spec', 'template', 'spec'] },
  Job: { spec: ['spec', 'template', 'spec'] },
  ReplicaSet: { spec: ['spec', 'template', 'spec'], filtered: true },
  ReplicationController: { spec: ['spec', 'template', 'spec'] },
  CronJob: { spec: ['spec', 'jobTemplate', 'spec', 'template', 'spec'] },
};
