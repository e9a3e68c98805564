import type { HealthCheck } from '../k8s/flux-layer';
import type { Environment } from '../model/resolve';
import { certManager } from './cert-manager';
import { cilium } from './cilium';
import { clusterApi } from './cluster-api';
import { clusterApiOperator } from './cluster-api-operator';
import type { ComponentEntry, EnabledComponent } from './entry';
import { defaultDeny } from './default-deny';
import { gatewayApi } from './gateway-api';
import { ingressGateway } from './ingress-gateway';
import { kyverno, kyvernoPolicies } from './kyverno';
import { longhorn } from './longhorn';

/**
 * The component table: every component the generator can install, in the order they render.
 * A new component is one line here (and its folder, and its pin in src/versions.ts).
 */
export const COMPONENTS: readonly ComponentEntry[] = [gatewayApi, cilium, ingressGateway, longhorn, defaultDeny, kyverno, kyvernoPolicies, certManager, clusterApiOperator, clusterApi];

/** The components this environment switches on, with their settings and layer. */
export function enabledComponents(env: Environment, table: readonly ComponentEntry[] = COMPONENTS): EnabledComponent[] {
  return table.flatMap((entry) => {
    const config = entry.configure(env);
    return config === undefined ? [] : [{ entry, config, placement: entry.placement(config) }];
  });
}

/** What each layer must see ready before the layers depending on it start, by layer name. */
export function layerHealthChecks(enabled: readonly EnabledComponent[]): Map<string, HealthCheck[]> {
  const checks = new Map<string, HealthCheck[]>();
  for (const { entry, config, placement } of enabled) {
    const own = entry.healthChecks?.(config) ?? [];
    if (own.length > 0) checks.set(placement.layer, [...(checks.get(placement.layer) ?? []), ...own]);
  }
  return checks;
}

/** Every namespace the tree creates, with the layer creating it: the layers' lists, then the components' own. */
export function namespaceLayers(env: Environment, enabled: readonly EnabledComponent[]): Map<string, string> {
  return new Map([
    ...env.flux.layers.flatMap((l) => l.namespaces.map((ns) => [ns, l.name] as const)),
    ...enabled.flatMap(({ entry, config, placement }) => (entry.creates?.(config) ?? []).map((ns) => [ns, placement.layer] as const)),
  ]);
}

/** Namespaces every cluster has, owned by Kubernetes, k3s or Flux. */
export const CLUSTER_NAMESPACES: readonly string[] = ['default', 'kube-system', 'kube-public', 'kube-node-lease', 'flux-system'];

/** Namespaces the enabled components run in, with the component that owns each. */
export function componentNamespaces(enabled: readonly EnabledComponent[]): Map<string, string> {
  return new Map(enabled.flatMap(({ entry, config }) => entry.namespaces(config).map((ns) => [ns, entry.name] as const)));
}
