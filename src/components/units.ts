import type { ClusterUnit, ReleaseRef } from '../k8s/cluster';
import type { Environment } from '../model/resolve';
import { handoverPending } from '../model/workload';
import type { EnabledComponent } from './entry';
import { CLUSTER_NAMESPACES } from '../tree/kinds';
import { componentNamespaces, namespaceLayers, networkNeedsOf } from './table';
import { providedClasses } from './storage-classes';

/**
 * The HelmReleases a component's own waits for: those of its layer that provide the classes its
 * claims name (a claim made before its class exists stays Pending, and the release times out).
 * Another layer's are ordered by the layers (`storage.claim-unordered`).
 */
function claimDependsOn(env: Environment, enabled: readonly EnabledComponent[], { entry, config, placement }: EnabledComponent): ReleaseRef[] {
  const classes = providedClasses(env, enabled);
  const refs = (entry.claims?.(config) ?? [])
    .map((claim) => classes.get(claim.storageClass))
    .flatMap((provider) => (provider && provider !== 'k3s' && provider.entry !== entry && provider.placement.layer === placement.layer ? [provider.entry.chart?.(provider.config, env)] : []))
    .flatMap((release) => (release ? [{ name: release.name, namespace: release.namespace }] : []));
  return refs.filter((r, i) => refs.findIndex((o) => o.name === r.name && o.namespace === r.namespace) === i);
}

/** The enabled components as units of the tree: each chart in its folder, its objects beside it. */
export function componentUnits(env: Environment, enabled: readonly EnabledComponent[]): ClusterUnit[] {
  return enabled.map((component) => {
    const { entry, config, placement } = component;
    return {
      name: entry.name,
      layer: placement.layer,
      chart: entry.chart?.(config, env),
      protectFromPrune: entry.protectFromPrune,
      // The CNI of a workload cluster is released by its management environment until the handover.
      suspend: entry.cni === true && handoverPending(env),
      dependsOn: claimDependsOn(env, enabled, component),
      build: (_own, folder) =>
        entry.objects?.({
          config,
          env,
          folder: (name, layer) => {
            // Declared folders only, so the rules that keep apps out of them see every one.
            if (name !== entry.name && !(entry.folders ?? []).includes(name)) throw new Error(`component ${entry.name} uses folder ${name} without declaring it in folders`);
            return folder(name, layer);
          },
          namespaceLayers: namespaceLayers(env, enabled),
          networkNeeds: networkNeedsOf(enabled),
          platformNamespaces: [...new Set([...CLUSTER_NAMESPACES, ...componentNamespaces(enabled).keys()])].sort(),
        }),
    };
  });
}
