import { isDeepStrictEqual } from 'node:util';
import { capmoxCitation } from './capmox-source';

// What a change of one field of a Cluster API object does to a workload cluster's machines, per
// kind, read from the pinned releases' source: Cluster API v1.12.11 (8f5479b7, `CAPI`) and CAPMOX
// v0.9.0 (eb2360a7, standing in for the pin v0.9.1, `CAPMOX`). The first rule whose path holds the
// field decides; a field no rule names is `unknown`, never reported as harmless.

/**
 * `rolls`: the set's machines are replaced; `scales`: machines are added or deleted; `in-place`:
 * propagated to the running machines, none replaced; `no-rollout`: no machine changes now;
 * `rejected`: the API server refuses the update.
 */
export type FieldEffect = 'rolls' | 'scales' | 'in-place' | 'no-rollout' | 'rejected' | 'unknown';

interface Rule {
  readonly paths: readonly string[];
  readonly effect: FieldEffect;
  readonly source: string;
}

const CAPI = 'Cluster API v1.12.11';
const KCP_FILTERS = `${CAPI} controlplane/kubeadm/internal/filters.go`;
const MD_UTIL = `${CAPI} internal/controllers/machinedeployment/mdutil/util.go`;

/** What decides a KubeadmControlPlane Machine's rollout: UpToDate (filters.go:50-111) and nothing else. */
const KCP_RULES: readonly Rule[] = [
  { paths: ['spec.replicas'], effect: 'scales', source: `${CAPI} controlplane/kubeadm/internal/controllers/controller.go:535-559` },
  { paths: ['spec.version'], effect: 'rolls', source: `${KCP_FILTERS}:144-148 (a Machine's version differs from spec.version)` },
  { paths: ['spec.machineTemplate.spec.infrastructureRef'], effect: 'rolls', source: `${KCP_FILTERS}:215-221 (the infrastructure template rotated)` },
  { paths: ['spec.kubeadmConfigSpec.clusterConfiguration.dns'], effect: 'in-place', source: `${KCP_FILTERS}:329-330 (DNS is left out of the comparison: KCP updates it on the running cluster)` },
  {
    paths: ['spec.kubeadmConfigSpec.joinConfiguration.discovery', 'spec.kubeadmConfigSpec.initConfiguration.timeouts.controlPlaneComponentHealthCheckSeconds', 'spec.kubeadmConfigSpec.joinConfiguration.timeouts.controlPlaneComponentHealthCheckSeconds'],
    effect: 'no-rollout',
    source: `${KCP_FILTERS}:339-354 (left out of the comparison: applies at the next join)`,
  },
  { paths: ['spec.kubeadmConfigSpec'], effect: 'rolls', source: `${KCP_FILTERS}:150-159, 226-299 (a Machine's KubeadmConfig no longer matches spec.kubeadmConfigSpec)` },
  { paths: ['spec.machineTemplate.metadata', 'spec.machineTemplate.spec.deletion', 'spec.machineTemplate.spec.readinessGates'], effect: 'in-place', source: `${KCP_FILTERS}:113-120; docs/book/src/tasks/control-plane/kubeadm-control-plane.md "In-place propagation"` },
  { paths: ['spec.rollout.after'], effect: 'rolls', source: `${KCP_FILTERS}:85-91 (every Machine created before that time, once it has passed)` },
  { paths: ['spec.rollout.before'], effect: 'rolls', source: `${KCP_FILTERS}:78-83 (Machines whose certificates expire within that many days)` },
  { paths: ['spec.rollout.strategy', 'spec.remediation', 'spec.machineNaming', 'metadata'], effect: 'no-rollout', source: `${KCP_FILTERS}:50-111 (UpToDate: version, KubeadmConfig, infrastructure template and rollout.before/after decide a rollout, nothing else)` },
];

/** What decides a MachineDeployment's rollout: its template compared without the in-place fields. */
const MD_RULES: readonly Rule[] = [
  { paths: ['spec.replicas'], effect: 'scales', source: `${CAPI} internal/controllers/machinedeployment/machinedeployment_sync.go:116 (scale)` },
  {
    paths: ['spec.template.spec.version', 'spec.template.spec.bootstrap', 'spec.template.spec.infrastructureRef', 'spec.template.spec.failureDomain'],
    effect: 'rolls',
    source: `${MD_UTIL}:361-414 (MachineTemplateUpToDate: version, bootstrap, infrastructureRef, failureDomain)`,
  },
  {
    paths: ['spec.template.metadata', 'spec.template.spec.minReadySeconds', 'spec.template.spec.readinessGates', 'spec.template.spec.deletion', 'spec.template.spec.taints'],
    effect: 'in-place',
    source: `${MD_UTIL}:416-446 (MachineTemplateDeepCopyRolloutFields: mutated in place); docs/book/src/developer/core/controllers/machine-deployment.md "In-place propagation"`,
  },
  { paths: ['spec.rollout.after'], effect: 'rolls', source: `${MD_UTIL}:480 (MachineSets created before that time, once it has passed)` },
  { paths: ['spec.rollout.strategy', 'spec.remediation', 'spec.deletion', 'spec.machineNaming', 'metadata'], effect: 'no-rollout', source: `${MD_UTIL}:361-414 (only the template decides a rollout)` },
];

const TEMPLATE_RULES: Readonly<Record<string, readonly Rule[]>> = {
  ProxmoxMachineTemplate: [
    { paths: ['spec'], effect: 'rejected', source: capmoxCitation('internal/webhook/proxmoxmachinetemplate_webhook.go ValidateUpdate ("ProxmoxMachineTemplate is immutable")') },
    { paths: ['metadata'], effect: 'no-rollout', source: `${CAPI} docs/book/src/tasks/updating-machine-templates.md (machines are cloned from a template)` },
  ],
  KubeadmConfigTemplate: [
    { paths: ['spec', 'metadata'], effect: 'no-rollout', source: `${CAPI} docs/book/src/tasks/updating-machine-templates.md:45-50 ("changes to those templates do not trigger rollouts of already existing Machines"); bootstrap/kubeadm/internal/webhooks/kubeadmconfigtemplate.go ValidateUpdate validates only` },
  ],
  MachineHealthCheck: [
    { paths: ['spec', 'metadata'], effect: 'no-rollout', source: `${CAPI} internal/controllers/machinehealthcheck (it marks machines unhealthy; their owner replaces them, no template of theirs changes)` },
  ],
  Cluster: [
    { paths: ['spec.paused'], effect: 'no-rollout', source: `${CAPI} api/core/v1beta2/cluster_types.go:482 ("paused can be used to prevent controllers from processing the Cluster and all its associated objects")` },
    { paths: ['metadata'], effect: 'no-rollout', source: `${CAPI} (labels and annotations of the Cluster object)` },
  ],
  ProxmoxCluster: [{ paths: ['metadata'], effect: 'no-rollout', source: capmoxCitation('(labels and annotations of the ProxmoxCluster object)') }],
};

const RULES: Readonly<Record<string, readonly Rule[]>> = { KubeadmControlPlane: KCP_RULES, MachineDeployment: MD_RULES, ...TEMPLATE_RULES };

/** One changed field: its dotted path and its values before and after. */
export interface ChangedField {
  readonly path: string;
  readonly before: unknown;
  readonly after: unknown;
}

const plain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields a JSON merge patch from `before` to `after` touches, as the KCP webhook reads them
 * (kubeadmcontrolplane.go:567-582 `paths`): objects are descended (an added one too), anything
 * else (a list, a scalar, a removed object) is one field. `status` is not the tree's.
 */
export function changedFields(before: unknown, after: unknown, prefix = ''): ChangedField[] {
  if (plain(after) && (plain(before) || before === undefined)) {
    const was: Record<string, unknown> = before ?? {};
    return [...new Set([...Object.keys(was), ...Object.keys(after)])]
      .filter((k) => prefix !== '' || k !== 'status')
      .sort()
      .flatMap((k) => changedFields(was[k], after[k], prefix === '' ? k : `${prefix}.${k}`));
  }
  return isDeepStrictEqual(before, after) ? [] : [{ path: prefix, before, after }];
}

const holds = (rule: string, path: string) => path === rule || path.startsWith(`${rule}.`);

/** The effect of a change at `path` of an object of `kind`, and the source it is read from. */
export function fieldEffect(kind: string, path: string): { effect: FieldEffect; source: string } {
  const rule = (RULES[kind] ?? []).find((r) => r.paths.some((p) => holds(p, path)));
  return rule ?? { effect: 'unknown', source: `no rule of ${kind} names ${path}` };
}

/**
 * The paths of a KubeadmControlPlane update the webhook accepts (v1.12.11
 * controlplane/kubeadm/internal/webhooks/kubeadmcontrolplane.go:139-214 `allowedPaths`, 246-260, matched
 * by `pathsMatch`: a `*` accepts everything below it); every other path is rejected with
 * "cannot be modified".
 */
const KCP_ALLOWED: readonly string[] = [
  'metadata.*',
  ...['etcd', 'etcd.*', 'etcd.local', 'etcd.local.*', 'etcd.external.*', 'dns', 'dns.*', 'imageRepository', 'featureGates', 'featureGates.*', 'apiServer', 'apiServer.*', 'controllerManager', 'controllerManager.*', 'scheduler', 'scheduler.*', 'certificateValidityPeriodDays', 'encryptionAlgorithm'].map((p) => `spec.kubeadmConfigSpec.clusterConfiguration.${p}`),
  ...['nodeRegistration', 'nodeRegistration.*', 'patches.directory', 'patches', 'skipPhases', 'bootstrapTokens', 'localAPIEndpoint', 'localAPIEndpoint.*', 'timeouts', 'timeouts.*'].map((p) => `spec.kubeadmConfigSpec.initConfiguration.${p}`),
  ...['nodeRegistration', 'nodeRegistration.*', 'patches.directory', 'patches', 'skipPhases', 'caCertPath', 'controlPlane', 'controlPlane.*', 'discovery', 'discovery.*', 'timeouts', 'timeouts.*'].map((p) => `spec.kubeadmConfigSpec.joinConfiguration.${p}`),
  ...['bootCommands', 'preKubeadmCommands', 'postKubeadmCommands', 'files', 'verbosity', 'users', 'ntp', 'ntp.*', 'ignition', 'ignition.*', 'diskSetup', 'diskSetup.*', 'format', 'mounts'].map((p) => `spec.kubeadmConfigSpec.${p}`),
  'spec.machineTemplate.metadata', 'spec.machineTemplate.metadata.*', 'spec.machineTemplate.spec', 'spec.machineTemplate.spec.*',
  'spec.replicas', 'spec.version', 'spec.remediation', 'spec.remediation.*', 'spec.machineNaming', 'spec.machineNaming.*', 'spec.rollout', 'spec.rollout.*',
];

/** kubeadmcontrolplane.go `pathsMatch`, on dotted paths. */
function pathsMatch(allowed: string, path: string): boolean {
  const [a, p] = [allowed.split('.'), path.split('.')];
  for (let i = 0; i < p.length; i++) {
    if (i > a.length - 1) return false;
    if (a[i] === '*') return true;
    if (p[i] !== a[i]) return false;
  }
  return p.length - 1 >= a.length - 1;
}

/** Whether the KCP webhook accepts an update of `path`. */
export const kcpUpdateAllowed = (path: string): boolean => KCP_ALLOWED.some((a) => pathsMatch(a, path));
