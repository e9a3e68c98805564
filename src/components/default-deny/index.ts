import { layersBefore } from '../../model/invariants/flux';
import type { Environment } from '../../model/resolve';
import { CLUSTER_NAMESPACES } from '../../tree/kinds';
import { defineComponent } from '../entry';
import type { NetworkNeeds } from '../entry';
import { INGRESS_NAMESPACE } from '../ingress-gateway';
import { BaselinePolicy } from './policy';
import type { BaselinePolicyProps, CiliumRule } from './policy';

/**
 * Namespaces the baseline leaves alone: the cluster's own (Cilium, CoreDNS, k3s and Flux live
 * there and reach the world and the nodes), and the Gateway's, which holds no pods.
 */
export const UNCOVERED: readonly string[] = [...CLUSTER_NAMESPACES, INGRESS_NAMESPACE];

/** Egress to the world on the ports the namespace's components dial, one rule for all of them, ports sorted. */
function worldRules(needs: readonly NetworkNeeds[]): CiliumRule[] {
  const ports = [...new Map(needs.flatMap((n) => n.toWorld ?? []).map((p) => [`${p.port}/${p.protocol}`, p] as const)).values()]
    .sort((a, b) => a.port - b.port || (a.protocol < b.protocol ? -1 : 1));
  return ports.length === 0 ? [] : [{ toEntities: ['world'], toPorts: [{ ports: ports.map((p) => ({ port: String(p.port), protocol: p.protocol })) }] }];
}

/**
 * Where a namespace's policy goes: the layer creating the namespace when that layer comes after
 * Cilium's custom-resource layer (the policy's kind exists only once Cilium runs), else that
 * layer; undefined when the two are not ordered.
 */
export function policyLayer(env: Pick<Environment, 'flux'>, creating: string, network: string): string | undefined {
  if (creating === network || layersBefore(env, creating).has(network)) return creating;
  return layersBefore(env, network).has(creating) ? network : undefined;
}

/**
 * The baseline rules of one covered namespace: what its own components need beyond every
 * namespace's allowances, and the scrapers let in. A namespace nothing declares anything for (an
 * app's, or a conformance suite's) gets the scrapers alone.
 */
export function namespaceBaseline(namespace: string, networkNeeds: readonly NetworkNeeds[]): BaselinePolicyProps {
  const own = networkNeeds.filter((n) => n.namespace === namespace);
  const egress: CiliumRule[] = [
    ...(own.some((n) => n.toNodes) ? [{ toEntities: ['host', 'remote-node'] }] : []),
    ...(own.some((n) => n.scrapesEverything) ? [{ toEntities: ['cluster'] }] : []),
    ...worldRules(own),
  ];
  const ingress: CiliumRule[] = networkNeeds
    .filter((n) => n.scrapesEverything && n.namespace !== namespace)
    .map((n) => n.namespace)
    .map((s) => ({ fromEndpoints: [{ matchLabels: { 'k8s:io.kubernetes.pod.namespace': s } }] }));
  return { namespace, ingress, egress };
}

/**
 * The default-deny baseline, where Cilium runs and `defaultDeny` is set: one policy per namespace
 * of the platform and the apps, in the layer that creates the namespace or, for namespaces made
 * before Cilium's custom resources can exist, in Cilium's custom-resource layer.
 */
export const defaultDeny = defineComponent({
  name: 'default-deny',
  fields: ['defaultDeny'],
  configure: (env) => env.cilium && env.defaultDeny && { network: env.cilium.layers.network, exempt: env.defaultDeny.exempt },
  placement: (config) => ({ layer: config.network, path: 'cilium.layers.network' }),
  after: ['cilium'],
  versions: [],
  namespaces: () => [],
  objects: ({ config, env, folder, namespaceLayers, networkNeeds }) => {
    for (const [namespace, creating] of [...namespaceLayers].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (UNCOVERED.includes(namespace) || config.exempt.includes(namespace)) continue;
      const layer = policyLayer(env, creating, config.network);
      // default-deny.unordered stops synth before an unplaceable policy matters.
      if (layer !== undefined) new BaselinePolicy(folder('default-deny', layer), namespace, namespaceBaseline(namespace, networkNeeds));
    }
  },
});
