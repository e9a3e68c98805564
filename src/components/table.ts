import type { ChartRelease } from '../charts/chart';
import type { HealthCheck } from '../k8s/flux-layer';
import type { Environment } from '../model/resolve';
import type { RenderedTree } from '../model/rendered-tree';
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
import { alertRules, alloy, kubePrometheusStack, loki } from './monitoring';
import { notifications } from './notifications';
import { tls } from './tls';

/**
 * The component table: every component the generator can install, in the order they render.
 * A new component is one line here (and its folder, and its pin in src/versions.ts; with a
 * section of the spec of its own, its settings.ts and its line in sections.ts).
 */
export const COMPONENTS: readonly ComponentEntry[] = [gatewayApi, cilium, ingressGateway, longhorn, defaultDeny, kyverno, kyvernoPolicies, kubePrometheusStack, loki, alloy, alertRules, notifications, certManager, tls, clusterApiOperator, clusterApi];

/** The components this environment switches on, with their settings and layer. */
/** The CNI's release (the component table's), which the cluster needs before Flux runs; none with flannel. */
export function cniRelease(env: Environment, enabled: readonly EnabledComponent[] = enabledComponents(env)): ChartRelease | undefined {
  const cni = enabled.find((c) => c.entry.cni);
  return cni && cni.entry.chart?.(cni.config, env);
}

export function enabledComponents(env: Environment, table: readonly ComponentEntry[] = COMPONENTS): EnabledComponent[] {
  return table.flatMap((entry) => {
    const config = entry.configure(env);
    return config === undefined ? [] : [{ entry, config, placement: entry.placement(config) }];
  });
}

/** The enabled components' notes on a rendered tree, in table order. */
export function componentNotes(tree: RenderedTree): string[] {
  return enabledComponents(tree.env).flatMap(({ entry, config }) => entry.notes?.(config, tree) ?? []);
}

/** The enabled components' traffic beyond the default-deny baseline, in table order. */
export function networkNeedsOf(enabled: readonly EnabledComponent[]) {
  return enabled.flatMap((c) => (c.entry.networkNeeds ? [c.entry.networkNeeds(c.config)].flat() : []));
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

/** What the OS, k3s and the per-node agents whose requests are not set here keep of each node (MiB). */
export const RESERVED_PER_NODE_MIB = 1536;
/** The share of what is left that the platform's requests may take: the rest is headroom for the apps and bursts. */
export const PLATFORM_SHARE = 0.8;

export interface MemoryFigures {
  /** Every request, largest first. */
  readonly requests: readonly { readonly what: string; readonly mib: number }[];
  readonly totalMiB: number;
  /** What the platform may request, or undefined where the nodes' memory is unknown (bare metal without memoryMiB). */
  readonly budgetMiB?: number;
}

/** The platform's memory requests against what the live nodes can give it. */
export function memoryFigures(env: Environment, enabled: readonly EnabledComponent[] = enabledComponents(env)): MemoryFigures {
  const requests = enabled.flatMap(({ entry, config }) => entry.memory?.(config, env) ?? []).sort((a, b) => b.mib - a.mib || (a.what < b.what ? -1 : 1));
  const nodes = [...env.nodeMemoryMiB.values()];
  return {
    requests,
    totalMiB: requests.reduce((sum, r) => sum + r.mib, 0),
    budgetMiB: nodes.length === 0 ? undefined : Math.floor(nodes.reduce((sum, mib) => sum + Math.max(0, mib - RESERVED_PER_NODE_MIB), 0) * PLATFORM_SHARE),
  };
}

/** `1.2 GiB`: one decimal. */
export const gib = (mib: number) => `${(mib / 1024).toFixed(1)} GiB`;

/** Namespaces the enabled components run in, with the component that owns each. */
export function componentNamespaces(enabled: readonly EnabledComponent[]): Map<string, string> {
  return new Map(enabled.flatMap(({ entry, config }) => entry.namespaces(config).map((ns) => [ns, entry.name] as const)));
}
