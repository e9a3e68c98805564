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
