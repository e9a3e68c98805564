import type { Environment } from './resolve';

/** A Flux health check: an object whose readiness gates the layers that depend on this one. */
export interface HealthCheck {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
}

/** Where a component goes, and the spec path that decides it (for error messages). */
export interface ComponentLayer {
  readonly component: string;
  readonly layer: string;
  readonly path: string;
}

const crd = (name: string): HealthCheck => ({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name });

const PROVIDER_CRDS: Record<string, string> = {
  CoreProvider: 'coreproviders.operator.cluster.x-k8s.io',
  BootstrapProvider: 'bootstrapproviders.operator.cluster.x-k8s.io',
  ControlPlaneProvider: 'controlplaneproviders.operator.cluster.x-k8s.io',
  InfrastructureProvider: 'infrastructureproviders.operator.cluster.x-k8s.io',
  IPAMProvider: 'ipamproviders.operator.cluster.x-k8s.io',
};

/** Every component the environment installs and the layer it goes into. */
export function componentLayers(env: Environment): ComponentLayer[] {
  const list: ComponentLayer[] = [];
  if (env.cilium) list.push({ component: 'cilium', layer: env.cilium.layer, path: 'cilium.layer' });
  if (env.clusterApi) {
    const { layers } = env.clusterApi;
    list.push(
      { component: 'cert-manager', layer: layers.certManager, path: 'clusterApi.layers.certManager' },
      { component: 'cluster-api-operator', layer: layers.operator, path: 'clusterApi.layers.operator' },
      { component: 'cluster-api providers', layer: layers.providers, path: 'clusterApi.layers.providers' },
    );
  }
  return list;
}

/**
 * What each layer must see ready before the layers depending on it start. A k3s HelmChart reports
 * no install progress, so the checks name what the chart creates: its CRDs (Established) and,
 * for cert-manager, the webhook that admits every later certificate.
 */
export function layerHealthChecks(env: Environment): Map<string, HealthCheck[]> {
  const checks = new Map<string, HealthCheck[]>();
  const add = (layer: string, items: HealthCheck[]) => checks.set(layer, [...(checks.get(layer) ?? []), ...items]);
  if (env.clusterApi) {
    add(env.clusterApi.layers.certManager, [
      crd('certificates.cert-manager.io'),
      crd('issuers.cert-manager.io'),
      { apiVersion: 'apps/v1', kind: 'Deployment', name: 'cert-manager-webhook', namespace: 'cert-manager' },
    ]);
    const kinds = [...new Set(env.clusterApi.providers.map((p) => p.kind))].sort();
    add(env.clusterApi.layers.operator, kinds.map((kind) => crd(PROVIDER_CRDS[kind]!)));
  }
  return checks;
}
