import type { Finding } from './findings';
import { describeObject } from './findings';
import type { TreeObject } from './tree-objects';

interface CelRule {
  readonly apiVersion: string;
  readonly kind: string;
  /** The upstream CEL rule this re-implements (cel-rules-not-enforced.json). */
  readonly rule: string;
  readonly holds: (doc: Record<string, any>) => boolean;
  readonly message: string;
}

const has = (value: unknown) => value !== undefined && value !== null;
const exactlyOne = (a: unknown, b: unknown) => has(a) !== has(b);
/** The value at a dotted path, undefined where any step is missing. */
const at = (doc: Record<string, any>, path: string): any => path.split('.').reduce<any>((v, key) => v?.[key], doc);
const uniqueNames = (list: unknown) => !Array.isArray(list) || new Set(list.map((x) => x?.name)).size === list.length;

/**
 * kubeadm's `{name, value}` argument lists (v1beta2), each name once: KubeadmControlPlane's
 * kubeadmConfigSpec and KubeadmConfigTemplate's template spec hold the same six lists.
 */
const kubeadmArgLists = (apiVersion: string, kind: string, spec: string): CelRule[] =>
  [
    ...['apiServer', 'controllerManager', 'etcd.local', 'scheduler'].map((c) => [`clusterConfiguration.${c}.extraArgs`, 'extraArgs'] as const),
    ...['initConfiguration', 'joinConfiguration'].map((c) => [`${c}.nodeRegistration.kubeletExtraArgs`, 'kubeletExtraArgs'] as const),
  ].map(([list, field]) => ({
    apiVersion,
    kind,
    rule: 'self.all(x, self.exists_one(y, x.name == y.name))',
    holds: (doc) => uniqueNames(at(doc, `${spec}.${list}`)),
    message: `${spec}.${list}: ${field} name must be unique`,
  }));

const PROXMOX = 'infrastructure.cluster.x-k8s.io/v1alpha2';
/** ProxmoxMachineTemplate's machine spec, `full` as the API server defaults it (true). */
const machineSpec = (doc: Record<string, any>) => ({ full: true, ...doc.spec?.template?.spec });

/**
 * The upstream CEL validations that JSON Schema cannot express and that matter for what we
 * generate: the API server enforces them, so a violation only shows at apply time otherwise.
 */
export const CEL_RULES: readonly CelRule[] = [
  {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    rule: '(has(self.chart) && !has(self.chartRef)) || (!has(self.chart) && has(self.chartRef))',
    holds: (doc) => exactlyOne(doc.spec?.chart, doc.spec?.chartRef),
    message: 'spec: either chart or chartRef must be set, not both',
  },
  {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    rule: "!has(self.retryInterval) || self.name != 'RemediateOnFailure'",
    holds: (doc) => !has(doc.spec?.install?.strategy?.retryInterval) || doc.spec.install.strategy.name !== 'RemediateOnFailure',
    message: "spec.install.strategy: retryInterval cannot be set when name is 'RemediateOnFailure'",
  },
  {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    rule: "!has(self.retryInterval) || self.name == 'RetryOnFailure'",
    holds: (doc) => !has(doc.spec?.upgrade?.strategy?.retryInterval) || doc.spec.upgrade.strategy.name === 'RetryOnFailure',
    message: "spec.upgrade.strategy: retryInterval can only be set when name is 'RetryOnFailure'",
  },
  {
    apiVersion: 'fluxcd.controlplane.io/v1',
    kind: 'FluxInstance',
    rule: "self.metadata.name == 'flux'",
    holds: (doc) => doc.metadata?.name === 'flux',
    message: "metadata.name: the only accepted name for a FluxInstance is 'flux'",
  },
  {
    apiVersion: 'notification.toolkit.fluxcd.io/v1',
    kind: 'Receiver',
    rule: "self.type == 'generic-oidc' || has(self.secretRef)",
    holds: (doc) => doc.spec?.type === 'generic-oidc' || has(doc.spec?.secretRef),
    message: 'spec: secretRef is required when type is not generic-oidc',
  },
  // A workload cluster's objects (CAPMOX v0.9.0 api/v1alpha2, Cluster API v1.12.11 v1beta2 CRDs).
  ...kubeadmArgLists('controlplane.cluster.x-k8s.io/v1beta2', 'KubeadmControlPlane', 'spec.kubeadmConfigSpec'),
  ...kubeadmArgLists('bootstrap.cluster.x-k8s.io/v1beta2', 'KubeadmConfigTemplate', 'spec.template.spec'),
  {
    apiVersion: PROXMOX,
    kind: 'ProxmoxCluster',
    rule: 'self.ipv4Config != null || self.ipv6Config != null',
    holds: (doc) => has(doc.spec?.ipv4Config) || has(doc.spec?.ipv6Config),
    message: 'spec: at least one ip config must be set, either ipv4Config or ipv6Config',
  },
  ...(['ipv4Config', 'ipv6Config'] as const).map((config): CelRule => ({
    apiVersion: PROXMOX,
    kind: 'ProxmoxCluster',
    rule: 'self.addresses.size() > 0',
    holds: (doc) => !has(at(doc, `spec.${config}`)) || (at(doc, `spec.${config}.addresses`) ?? []).length > 0,
    message: `spec.${config}: addresses must be provided`,
  })),
  {
    apiVersion: PROXMOX,
    kind: 'ProxmoxMachineTemplate',
    rule: 'has(self.templateSelector) || (has(self.templateID) && has(self.sourceNode))',
    holds: (doc) => has(machineSpec(doc).templateSelector) || (has(machineSpec(doc).templateID) && has(machineSpec(doc).sourceNode)),
    message: 'spec.template.spec: must specify either templateID (with sourceNode) or templateSelector',
  },
  ...(['format', 'storage'] as const).map((field): CelRule => ({
    apiVersion: PROXMOX,
    kind: 'ProxmoxMachineTemplate',
    rule: `self.full || !has(self.${field})`,
    holds: (doc) => machineSpec(doc).full === true || !has(machineSpec(doc)[field]),
    message: `spec.template.spec: must set full=true when specifying ${field}`,
  })),
  ...(['helm.toolkit.fluxcd.io/v2/HelmRelease', 'kustomize.toolkit.fluxcd.io/v1/Kustomization'] as const).map((gvk): CelRule => ({
    apiVersion: gvk.slice(0, gvk.lastIndexOf('/')),
    kind: gvk.slice(gvk.lastIndexOf('/') + 1),
    rule: 'has(self.configMapRef) != has(self.secretRef)',
    holds: (doc) => !has(doc.spec?.kubeConfig) || exactlyOne(doc.spec.kubeConfig.configMapRef, doc.spec.kubeConfig.secretRef),
    message: 'spec.kubeConfig: exactly one of configMapRef or secretRef must be specified',
  })),
];

export function checkCelRules(objects: readonly TreeObject[]): Finding[] {
  return objects.flatMap(({ file, doc }) =>
    CEL_RULES.filter((r) => r.apiVersion === doc.apiVersion && r.kind === doc.kind && !r.holds(doc)).map((r) => ({
      check: 'cel' as const,
      where: `${file} (${describeObject(doc)})`,
      message: r.message,
    })),
  );
}
