import type { Environment } from '../model/resolve';
import type { Rule } from '../model/violation';
import type { FluxOwnedObject, HandoverPlan } from '../bootstrap/handover-step';
import type { EnabledComponent } from './entry';
import { enabledComponents } from './table';

export type { FluxOwnedObject, HandoverPlan } from '../bootstrap/handover-step';

// What the runbook checks Flux owns before it retires an earlier install (environment.handover):
// the tree's k3s HelmCharts that install named and the Cluster API provider objects, each with the
// layer (the Flux Kustomization) that applies it.

/** The k3s HelmCharts the tree holds (kube-system, named after the release), by name. */
function treeHelmCharts(env: Environment, enabled: readonly EnabledComponent[]): Map<string, FluxOwnedObject> {
  if (env.helmInstaller !== 'k3s') return new Map();
  return new Map(
    enabled.flatMap(({ entry, config, placement }) => {
      const release = entry.chart?.(config, env);
      return release ? [[release.name, { resource: 'helmchart.helm.cattle.io', namespace: 'kube-system', name: release.name, layer: placement.layer, version: release.version }] as const] : [];
    }),
  );
}

/** The provider objects of the tree: cluster-api-operator's kinds, one per provider. */
function treeProviders(env: Environment, enabled: readonly EnabledComponent[]): FluxOwnedObject[] {
  const layer = enabled.find(({ entry }) => entry.name === 'cluster-api')?.placement.layer;
  if (!env.clusterApi || layer === undefined) return [];
  return env.clusterApi.providers.map((p) => ({ resource: `${p.kind.toLowerCase()}.operator.cluster.x-k8s.io`, namespace: p.namespace, name: p.name, layer }));
}

/** The runbook's view of the hand-over, or undefined when the environment has nothing to retire. */
export function handoverPlan(env: Environment, enabled: readonly EnabledComponent[] = enabledComponents(env)): HandoverPlan | undefined {
  if (!env.handover) return undefined;
  const charts = treeHelmCharts(env, enabled);
  const helmCharts = env.handover.helmCharts.flatMap((name) => charts.get(name) ?? []);
  return { helmCharts, owned: [...helmCharts, ...treeProviders(env, enabled)] };
}

/** Rules that need the component table: a named HelmChart must be one the tree holds. */
export function handoverRules(enabled: (env: Environment) => readonly EnabledComponent[]): Rule[] {
  return [
    {
      code: 'handover.helmchart-unknown',
      severity: 'error',
      summary: "each HelmChart handed over is one the tree holds: Flux must own it before k3s's file goes",
      check: (env) => {
        const charts = treeHelmCharts(env, enabled(env));
        return (env.handover?.helmCharts ?? [])
          .map((name, i) => ({ name, i }))
          .filter(({ name }) => !charts.has(name))
          .map(({ name, i }) => ({
            path: `handover.helmCharts[${i}]`,
            value: name,
            message:
              charts.size === 0
                ? `the tree holds no k3s HelmChart (helmInstaller: ${env.helmInstaller}), so nothing would own ${name} once its manifest file goes`
                : `the tree holds no HelmChart kube-system/${name}, so nothing would own it once its manifest file goes`,
            fix: charts.size === 0 ? "set helmInstaller: 'k3s' while the cluster's charts are k3s HelmCharts, or remove the entry" : `use one of: ${[...charts.keys()].join(', ')}`,
          }));
      },
    },
  ];
}
