import type { ClusterUnit } from '../k8s/cluster';
import type { Environment } from '../model/resolve';
import type { EnabledComponent } from './entry';
import { CLUSTER_NAMESPACES } from '../tree/kinds';
import { componentNamespaces, namespaceLayers } from './table';

/** The enabled components as units of the tree: each chart in its folder, its objects beside it. */
export function componentUnits(env: Environment, enabled: readonly EnabledComponent[]): ClusterUnit[] {
  return enabled.map(({ entry, config, placement }) => ({
    name: entry.name,
    layer: placement.layer,
    chart: entry.chart?.(config, env),
    protectFromPrune: entry.protectFromPrune,
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
        networkNeeds: enabled.flatMap((c) => (c.entry.networkNeeds ? [c.entry.networkNeeds(c.config)].flat() : [])),
        platformNamespaces: [...new Set([...CLUSTER_NAMESPACES, ...componentNamespaces(enabled).keys()])].sort(),
      }),
  }));
}
