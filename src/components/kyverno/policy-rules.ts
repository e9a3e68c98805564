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
 * One rule of the project's admission policies, in both of its forms: the validation the
 * `kyverno-policies` component renders into a ValidatingPolicy, and the check synth runs on the
 * apps' objects with the same meaning. Both forms are built from this row and nothing else.
 */
export interface PolicyRule {
  /** The ValidatingPolicy holding the rule: its validations are the policy's rows, in table order. */
  readonly policy: string;
  /** The rule's name: the table's, since a validation has none (Kyverno reports the failing one's index). */
  readonly rule: string;
  /** `validations[].message`: what Kyverno answers at admission. */
  readonly message: string;
  /**
   * The CEL condition one container (the variable `container`) must meet, in the subset the
   * check reads the same way: optional fields (`.?x.orValue(…)`) so an absent field is a verdict,
   * never an evaluation error (which Kyverno reports as neither pass nor fail).
   */
  readonly condition: string;
  /** The condition's meaning at synth: what is wrong with one container, or undefined where it holds. */
  readonly check: (container: Container) => ContainerProblem | undefined;
}

/**
 * A value as CEL's `string()` turns it into text (a number or bool too, as a YAML request `cpu: 1`
 * arrives at `kyverno apply`); the API server has turned a quantity into text before admission anyway.
 */
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
/** `c.?image.orValue('')`: an absent image is the empty string. */
const image = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A request as a fix suggests it. */
const REQUEST_EXAMPLES = { cpu: '50m', memory: '64Mi' } as const;

/** The rules, in the order the policies list them. */
export const POLICY_RULES: readonly PolicyRule[] = [
  {
    policy: 'disallow-latest-tag',
    rule: 'require-image-tag',
    message: 'Every image names its tag: an image without one is latest.',
    // A colon anywhere, as the ClusterPolicy's `*:*` read it: a registry port counts too, a digest (`@sha256:`) pins.
    condition: "container.?image.orValue('').contains(':')",
    check: (container) =>
      image(container.image).includes(':')
        ? undefined
        : { value: shown(container.image), problem: `image ${shown(container.image)} names no tag, so it runs whatever latest is`, fix: `pin a version: ${shown(container.image)}:<version>` },
  },
  {
    policy: 'disallow-latest-tag',
    rule: 'disallow-latest',
    message: 'The tag latest moves under a running workload: pin a version.',
    // An absent image is require-image-tag's to refuse (the rule before this one).
    condition: "!container.?image.orValue('').endsWith(':latest')",
    check: (container) => {
      const value = image(container.image);
      return !value.endsWith(':latest')
        ? undefined
        : { value: shown(container.image), problem: `image ${shown(container.image)} runs the tag latest, which moves under a running workload`, fix: `pin a version instead: ${value.slice(0, -':latest'.length)}:<version>` };
    },
  },
  {
    policy: 'require-requests',
    rule: 'cpu-and-memory',
    message: 'Every container requests CPU and memory, so the scheduler and the memory budget can count it.',
    // An absent or empty request fails.
    condition: (['cpu', 'memory'] as const).map((key) => `string(container.?resources.?requests.?${key}.orValue('')) != ''`).join(' && '),
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

/**
 * The containers a pod's rules read: its containers and init containers. Not its ephemeral
 * containers: they come through the `pods/ephemeralcontainers` subresource, which a rule on `pods`
 * does not match, and may set no resources at all. Written on `object.spec`, which Kyverno's autogen
 * rewrites for each pod controller (v1.19.0 pkg/cel/autogen/data.go `ReplacementsMap`, replacement.go).
 */
export const CONTAINERS_EXPRESSION = 'object.spec.containers + object.spec.?initContainers.orValue([])';

/** Where a kind keeps the pod spec the rules read. */
export interface PodTemplate {
  /** The path to the pod spec inside the object. */
  readonly spec: readonly string[];
  /** The controller's name in `spec.autogen.podControllers.controllers` (Kyverno's autogen config key); none for the Pod itself. */
  readonly autogen?: string;
  /**
   * The kind itself is admitted, and the pods it creates are refused: Kyverno's chart filters
   * ReplicaSets out of every webhook (`config.resourceFilters`, chart 3.9.0 values.yaml:
   * `[ReplicaSet,*,*]`; v1.19.0 pkg/webhooks/server.go puts `WithFilter` on the ValidatingPolicy
   * handler too), and autogen has no ReplicationController.
   */
  readonly podsOnly?: boolean;
}

/**
 * The kinds whose pods a policy on `pods` reaches: the Pod itself, the controllers Kyverno v1.19.0
 * writes autogen rules for (pkg/cel/autogen/data.go `ConfigsMap`, the policy's `autogen` naming
 * them all) with the spec moved to `spec.template.spec` (`spec.jobTemplate.spec.template.spec` for a
 * CronJob), and the ReplicationController, whose pods only are checked.
 */
export const POD_TEMPLATES: Readonly<Record<string, PodTemplate>> = {
  Pod: { spec: ['spec'] },
  Deployment: { spec: ['spec', 'template', 'spec'], autogen: 'deployments' },
  StatefulSet: { spec: ['spec', 'template', 'spec'], autogen: 'statefulsets' },
  DaemonSet: { spec: ['spec', 'template', 'spec'], autogen: 'daemonsets' },
  Job: { spec: ['spec', 'template', 'spec'], autogen: 'jobs' },
  ReplicaSet: { spec: ['spec', 'template', 'spec'], autogen: 'replicasets', podsOnly: true },
  ReplicationController: { spec: ['spec', 'template', 'spec'], podsOnly: true },
  CronJob: { spec: ['spec', 'jobTemplate', 'spec', 'template', 'spec'], autogen: 'cronjobs' },
};
