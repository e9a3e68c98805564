import { distinct } from '../model/duplicates';
import { dependOn, findCycle, layersBefore, withAction } from '../model/invariants/flux';
import { didYouMean } from '../model/spec-check';
import type { Environment } from '../model/resolve';
import { counted } from '../model/quorum';
import { shown } from '../model/violation';
import type { Rule } from '../model/violation';
import type { RenderedTree } from '../model/rendered-tree';
import type { ComponentEntry, EnabledComponent } from './entry';
import { gatewayApiCatalogueRules } from './gateway-api/rules';
import type { Catalogue } from './gateway-api/rules';
import { CLUSTER_NAMESPACES } from '../tree/kinds';
import { COMPONENTS, gib, memoryFigures, PLATFORM_SHARE, RESERVED_PER_NODE_MIB, componentNamespaces, enabledComponents, layerHealthChecks, namespaceLayers } from './table';
import { policyLayer, UNCOVERED } from './default-deny';
import { handoverRules } from './handover';
import { storageRenderedRules, storageRules } from './storage-rules';
import { withoutEffectRules } from './without-effect';


/**
 * The declared layers the components placed at `path` could go into without breaking
 * component.layer-order: after every component they need, before every one that needs them.
 */
function acceptedLayers(env: Environment, on: readonly EnabledComponent[], path: string): string[] {
  const moved = (c: EnabledComponent) => c.placement.path === path;
  const layerOf = (c: EnabledComponent, candidate: string) => (moved(c) ? candidate : c.placement.layer);
  return distinct(env.flux.layers.map((l) => l.name)).filter((candidate) =>
    on.every((c) =>
      (c.entry.after ?? [])
        .map((name) => on.find((first) => first.entry.name === name))
        .every((first) => first === undefined || (!moved(c) && !moved(first)) || layersBefore(env, layerOf(c, candidate)).has(layerOf(first, candidate))),
    ),
  );
}

/** A namespace for an app in a platform one: its own name, or `<name>-app` where the name is that namespace. */
const ownNamespace = (app: { readonly name: string; readonly namespace: string }) => (app.name === app.namespace ? `${app.name}-app` : app.name);

/** Rules over the table as a whole, then each entry's own rules. */
export function componentRules(table: readonly ComponentEntry[] = COMPONENTS): Rule[] {
  const enabled = (env: Environment) => enabledComponents(env, table);
  const switchable = table.filter((e) => e.switchable).map((e) => e.name);
  return [
    {
      code: 'flux.layer-missing',
      severity: 'error',
      summary: 'components are placed in a layer that exists',
      check: (env) => {
        const missing = enabled(env).filter(({ placement }) => !env.flux.layers.some((l) => l.name === placement.layer));
        // One field places every component it names: one finding for it, not one per component.
        return distinct(missing.map(({ placement }) => placement.path)).map((path) => {
          const names = missing.filter((c) => c.placement.path === path).map((c) => c.entry.name);
          const layer = missing.find((c) => c.placement.path === path)!.placement.layer;
          // Only the layers component.layer-order then accepts: another would trade this error for that one.
          const accepted = acceptedLayers(env, enabled(env), path);
          return {
            path,
            value: layer,
            message: `${names.join(' and ')} ${names.length > 1 ? 'go' : 'goes'} into layer ${layer}, which the environment does not declare`,
            fix: accepted.length > 0
              ? `add a layer named ${layer} to flux.layers, or set ${path} to one of: ${accepted.join(', ')}`
              : `add a layer named ${layer} to flux.layers, ordered after the layers of what ${names.join(' and ')} ${names.length > 1 ? 'need' : 'needs'} first (no declared layer is)`,
            ...(accepted.length > 0 && { action: { set: path, to: accepted[0] } }),
          };
        });
      },
    },
    {
      code: 'flux.wait-ignores-health-checks',
      severity: 'error',
      summary: 'a layer gated by health checks does not set wait (Flux would skip the checks)',
      check: (env) => {
        const checks = layerHealthChecks(enabled(env));
        return env.flux.layers
          .map((l, i) => ({ l, i }))
          .filter(({ l }) => l.wait && (checks.get(l.name) ?? []).length > 0)
          .map(({ l, i }) => ({
            path: `flux.layers[${i}].wait`,
            value: 'true',
            message: `layer ${l.name} has health checks on what its charts create, but wait: true${env.spec.flux.layers[i]?.wait === undefined ? " (a layer's default)" : ''} makes Flux ignore them; dependent layers would start before the CRDs exist`,
            fix: `set wait: false on layer ${l.name}`,
            action: { set: `flux.layers[${i}].wait`, to: false },
          }));
      },
    },
    {
      code: 'component.unknown',
      severity: 'error',
      summary: 'every name under components is a component of the table that is switched on that way',
      check: (env) =>
        Object.keys(env.components)
          .filter((name) => !switchable.includes(name))
          .map((name) => {
            const guess = didYouMean(name, switchable);
            return {
              path: `components.${name}`,
              value: name,
              message: `${name} is no component that components can switch on${guess ? `; did you mean ${guess}?` : ''}`,
              fix: guess ? `rename it to ${guess}` : switchable.length > 0 ? `use one of: ${switchable.join(', ')}` : 'remove it: no component of the table is switched on this way',
              ...(switchable.length === 0 && { action: { unset: `components.${name}` } }),
            };
          }),
    },
    {
      code: 'app.platform-namespace',
      severity: 'error',
      summary: "no app runs in a namespace of the cluster or of a platform component (its prune or RBAC would reach the platform's)",
      check: (env) => {
        const owners = componentNamespaces(enabled(env));
        for (const ns of CLUSTER_NAMESPACES) if (!owners.has(ns)) owners.set(ns, 'the cluster');
        return env.apps
          .filter((app) => owners.has(app.namespace))
          .map((app) => ({
            path: `apps[${app.index}].namespace`,
            value: app.namespace,
            message: `app ${app.name} would run in ${app.namespace}, which belongs to ${owners.get(app.namespace)}`,
            fix: `give the app a namespace of its own, e.g. namespace: '${ownNamespace(app)}'`,
            action: { set: `apps[${app.index}].namespace`, to: ownNamespace(app) },
          }));
      },
    },
    {
      code: 'app.name-taken',
      severity: 'error',
      summary: "no app takes a folder of its layer a component or synth uses, or a component's chart source name",
      check: (env) => {
        // Every component's name is its chart source's name in flux-system, in any layer.
        const sources = enabled(env).map(({ entry }) => entry.name);
        const folders = (layer: string) => [
          'namespaces',
          ...(env.secrets.some((s) => s.layer === layer) ? ['secrets', ...env.secrets.filter((s) => s.layer === layer).map((s) => s.folder)] : []),
          ...enabled(env).filter(({ placement }) => placement.layer === layer).flatMap(({ entry }) => [entry.name, ...(entry.folders ?? [])]),
        ];
        return env.apps
          .filter((app) => sources.includes(app.name) || folders(app.layer).includes(app.name))
          .map((app) => ({
            path: `apps[${app.index}].name`,
            value: app.name,
            message: sources.includes(app.name)
              ? `${app.name} is the name of a platform component (its chart source in flux-system)`
              : `layer ${app.layer} already has a folder ${app.name}/ that synth writes`,
            fix: `rename the app, e.g. ${app.name}-app`,
            action: { set: `apps[${app.index}].name`, to: `${app.name}-app` },
          }));
      },
    },
    {
      code: 'namespace.created-by-component',
      severity: 'error',
      summary: 'no layer lists a namespace a component creates itself (two Namespace objects of one name would break the build)',
      check: (env) => {
        const created = new Map(enabled(env).flatMap(({ entry, config }) => (entry.creates?.(config) ?? []).map((ns) => [ns, entry.name] as const)));
        return env.spec.flux.layers.flatMap((l, i) =>
          (l.namespaces ?? [])
            .map((ns, j) => ({ ns, j }))
            .filter(({ ns }) => created.has(ns))
            .map(({ ns, j }) => ({
              path: `flux.layers[${i}].namespaces[${j}]`,
              value: ns,
              message: `${ns} is created by the ${created.get(ns)} component; listed here too, it would be created twice`,
              fix: `remove ${ns} from the namespaces of layer ${l.name}`,
              action: { unset: `flux.layers[${i}].namespaces[${j}]` },
            })),
        );
      },
    },
    {
      code: 'component.layer-order',
      severity: 'error',
      summary: "a component's layer depends on the layers of the components it needs first (their CRDs, their webhooks)",
      check: (env) => {
        // Within a cycle every order is wrong: flux.dependency-cycle reports that once.
        if (findCycle(env.flux.layers)) return [];
        const on = enabled(env);
        return on.flatMap(({ entry, placement }) =>
          (entry.after ?? [])
            .map((name) => on.find((c) => c.entry.name === name))
            .filter((first): first is EnabledComponent => first !== undefined)
            // A layer that does not exist is flux.layer-missing's to report.
            .filter((first) => [placement.layer, first.placement.layer].every((l) => env.flux.layers.some((x) => x.name === l)))
            .filter((first) => !layersBefore(env, placement.layer).has(first.placement.layer))
            .map((first) => ({ first, action: dependOn(env, placement.layer, first.placement.layer) }))
            .map(({ first, action }) => ({
              path: placement.path,
              value: placement.layer,
              message: first.placement.layer === placement.layer
                ? `${entry.name} shares layer ${placement.layer} with ${first.entry.name}, which it needs applied first; one dry run would see kinds that do not exist yet`
                : `${entry.name} needs ${first.entry.name} applied first, but its layer ${placement.layer} does not depend on ${first.entry.name}'s layer ${first.placement.layer}`,
              fix: first.placement.layer === placement.layer
                ? `give ${entry.name} a layer of its own that depends on ${placement.layer} (${placement.path})`
                : action
                  ? `add '${first.placement.layer}' to the dependsOn of layer ${placement.layer}`
                  : `set ${placement.path} to a layer that depends on ${first.placement.layer} (${placement.layer} cannot: ${first.placement.layer} depends on it)`,
              ...(first.placement.layer !== placement.layer && action && { action }),
            })),
        );
      },
    },
    {
      code: 'default-deny.unordered',
      severity: 'error',
      summary: "every namespace under the baseline is created by a layer ordered with Cilium's custom-resource layer (its policy needs one)",
      check: (env) => {
        const on = enabled(env);
        const baseline = on.find((c) => c.entry.name === 'default-deny');
        if (!baseline || !env.defaultDeny || !env.flux.layers.some((l) => l.name === baseline.placement.layer)) return [];
        const network = baseline.placement.layer;
        return [...namespaceLayers(env, on)]
          .filter(([ns, layer]) => !UNCOVERED.includes(ns) && !env.defaultDeny!.exempt.includes(ns) && env.flux.layers.some((l) => l.name === layer))
          .filter(([, layer]) => policyLayer(env, layer, network) === undefined)
          .map(([ns, layer]) => ({
            path: `flux.layers[${env.flux.layers.findIndex((l) => l.name === layer)}].dependsOn`,
            value: layer,
            message: `layer ${layer} creates ${ns}, but neither it nor layer ${network} depends on the other: the baseline policy of ${ns} has no layer to go into`,
            fix: `add '${network}' to the dependsOn of layer ${layer} (or the reverse), or list ${ns} in defaultDeny.exempt`,
            ...withAction(dependOn(env, layer, network)),
          }));
      },
    },
    {
      code: 'default-deny.exempt-unknown',
      severity: 'error',
      // An error, not a warning: the baseline covers only the namespaces the tree creates, so any other name changes nothing.
      summary: 'each namespace defaultDeny.exempt lists is one the baseline covers: a namespace the tree creates',
      check: (env) => {
        // Without Cilium no baseline is written at all: default-deny.without-cilium says so once.
        if (!env.defaultDeny || !env.cilium) return [];
        const covered = [...namespaceLayers(env, enabled(env)).keys()].filter((ns) => !UNCOVERED.includes(ns)).sort();
        const exempt = env.defaultDeny.exempt;
        return exempt
          .map((ns, i) => ({ ns, i }))
          .filter(({ ns }) => !covered.includes(ns) && !UNCOVERED.includes(ns))
          .map(({ ns, i }) => {
            const near = didYouMean(ns.trim(), covered.filter((c) => !exempt.includes(c)));
            return {
              path: `defaultDeny.exempt[${i}]`,
              value: shown(ns),
              message: `the tree creates no namespace ${ns}, and the baseline covers only those it creates (${covered.join(', ') || 'none'}): the entry exempts nothing`,
              fix: near === undefined ? 'remove it, or list the namespace in the namespaces of the layer that creates it' : `write ${near}`,
              action: near === undefined ? { unset: `defaultDeny.exempt[${i}]` } : { set: `defaultDeny.exempt[${i}]`, to: near },
            };
          });
      },
    },
    {
      code: 'secret.namespace-unordered',
      severity: 'error',
      summary: "a declared secret is applied by the layer that creates its namespace, or one after it (Flux fails on a namespace that does not exist yet)",
      check: (env) => {
        const created = namespaceLayers(env, enabled(env));
        const creator = (ns: string) => created.get(ns) ?? env.apps.find((a) => a.namespace === ns)?.layer;
        return env.secrets
          .map((secret) => ({ secret, layer: creator(secret.namespace) }))
          .filter(({ secret, layer }) => layer !== undefined && layer !== secret.layer && env.flux.layers.some((l) => l.name === secret.layer) && !layersBefore(env, secret.layer).has(layer))
          .map(({ secret, layer }) => {
            const message = `Secret ${secret.namespace}/${secret.name} is applied by layer ${secret.layer}, but its namespace ${secret.namespace} is created by layer ${layer}, which ${secret.layer} does not depend on: Flux would fail on the missing namespace`;
            if (secret.declaredAt.startsWith('secrets[')) {
              return { path: `${secret.declaredAt}.layer`, value: secret.layer, message, fix: `set layer: '${layer}' on ${secret.declaredAt}`, action: { set: `${secret.declaredAt}.layer`, to: layer } };
            }
            // A component's Secret has no layer field of its own (it goes with the component): the
            // field to change is the dependsOn of the layer that applies it.
            const i = env.flux.layers.findIndex((l) => l.name === secret.layer);
            const action = dependOn(env, secret.layer, layer!);
            return {
              path: `flux.layers[${i}].dependsOn`,
              value: shown(env.flux.layers[i]!.dependsOn),
              message: `${message} (${secret.declaredAt} declares it)`,
              // Where that dependency would close a cycle, the component has to move instead: a decision, not a value.
              fix: action
                ? `add '${layer}' to the dependsOn of layer ${secret.layer}`
                : `apply the component that declares ${secret.declaredAt} in layer ${layer} or one after it: ${layer} already depends on ${secret.layer}, so ${secret.layer} cannot depend on it`,
              ...withAction(action),
            };
          });
      },
    },
    {
      code: 'secret.layer-unknown',
      severity: 'error',
      summary: "the layer a declared secret names is one of flux.layers (no Kustomization applies another's secrets/ folder)",
      check: (env) => {
        const layers = env.flux.layers.map((l) => l.name);
        return (env.spec.secrets ?? [])
          .map((s, i) => ({ ...s, i }))
          .filter(({ layer }) => layer !== undefined && !layers.includes(layer))
          .map(({ layer, namespace, name, i }) => {
            const near = didYouMean(layer!.trim(), layers);
            return {
              path: `secrets[${i}].layer`,
              value: shown(layer),
              message: `flux.layers declares no layer ${layer}, so no Flux Kustomization would apply Secret ${namespace}/${name}`,
              fix: `${near === undefined ? 'use one of' : `write ${near}, one of`} ${layers.join(', ')}, or leave it unset (the layer that creates the namespace)`,
              action: near === undefined ? { unset: `secrets[${i}].layer` } : { set: `secrets[${i}].layer`, to: near },
            };
          });
      },
    },
    {
      code: 'secret.namespace-unknown',
      severity: 'error',
      summary: "a declared secret's namespace is the cluster's or one the tree creates (a layer's list, an app's, a component's)",
      check: (env) => {
        const created = namespaceLayers(env, enabled(env));
        return env.secrets
          .filter((s) => !CLUSTER_NAMESPACES.includes(s.namespace) && !created.has(s.namespace) && !env.apps.some((a) => a.namespace === s.namespace))
          .map((s) => ({
            path: `${s.declaredAt}.namespace`,
            value: s.namespace,
            message: `no layer, app or component creates namespace ${s.namespace}: Flux would fail to apply Secret ${s.namespace}/${s.name}, and with it layer ${s.layer}`,
            fix: `use the namespace of the app that needs it, or list ${s.namespace} in a layer's namespaces`,
          }));
      },
    },
    {
      code: 'platform.memory-exceeds-nodes',
      severity: 'error',
      summary: "the platform's memory requests fit the memory of the nodes it runs on (live servers, or a workload cluster's worker machines), less what the OS and k3s or kubelet keep, with headroom",
      check: (env) => {
        const figures = memoryFigures(env, enabled(env));
        if (figures.budgetMiB === undefined || figures.totalMiB <= figures.budgetMiB) return [];
        const biggest = figures.requests.slice(0, 3).map((r) => `${r.what} ${r.mib} MiB`).join(', ');
        const headroom = `${Math.round((1 - PLATFORM_SHARE) * 100)} % headroom`;
        return [env.workload
          ? {
              path: 'infrastructure.workers',
              value: `${gib(figures.totalMiB)} requested`,
              message: `the platform requests ${gib(figures.totalMiB)}, more than the ${gib(figures.budgetMiB)} the worker machines leave it (${counted(env.nodeMemoryMiB.size, 'machine')}, ${RESERVED_PER_NODE_MIB} MiB each for the OS and kubelet, ${headroom}; kubeadm taints the control plane NoSchedule); the biggest: ${biggest}`,
              fix: "use monitoring.profile: 'small', or give the worker pools more memoryMiB or replicas",
            }
          : {
              path: 'nodes',
              value: `${gib(figures.totalMiB)} requested`,
              message: `the platform requests ${gib(figures.totalMiB)}, more than the ${gib(figures.budgetMiB)} the live nodes leave it (${env.nodeMemoryMiB.size} nodes, ${RESERVED_PER_NODE_MIB} MiB each for the OS and k3s, ${headroom}); the biggest: ${biggest}`,
              fix: "use monitoring.profile: 'small', give the nodes more memory, or bring planned servers live",
            }];
      },
    },
    {
      code: 'flux.cni-suspended',
      severity: 'error',
      summary: "neither the CNI's layer nor a layer it depends on is suspended (a suspended layer is never applied, and Flux holds back what depends on it)",
      check: (env) => {
        const cni = enabled(env).find(({ entry }) => entry.cni);
        // Within a cycle every layer comes before every other: flux.dependency-cycle reports that once.
        if (!cni || findCycle(env.flux.layers)) return [];
        const layer = cni.placement.layer;
        const after = (name: string) => env.flux.layers.filter((x) => layersBefore(env, x.name).has(name)).map((x) => x.name);
        const held = (name: string) => enabled(env).filter(({ placement }) => placement.layer === name).map(({ entry }) => entry.name);
        return env.flux.layers
          .map((l, i) => ({ l, i }))
          .filter(({ l }) => l.suspend && (l.name === layer || layersBefore(env, layer).has(l.name)))
          .map(({ l, i }) => ({
            path: `flux.layers[${i}].suspend`,
            value: 'true',
            message: l.name === layer
              ? `layer ${layer} holds ${cni.entry.name}, the cluster's CNI: suspended, Flux never applies it, so ${cni.entry.name} stays as the bootstrap installed it (no upgrade, no drift corrected)${after(layer).length > 0 ? `, and on a new cluster ${layer} never reports ready, so the layers depending on it (${after(layer).join(', ')}) are never applied` : ''}`
              : `layer ${l.name}${held(l.name).length > 0 ? `, which holds ${held(l.name).join(', ')},` : ''} is suspended, and layer ${layer}, which holds ${cni.entry.name}, the cluster's CNI, depends on it: on a new cluster Flux never applies ${l.name}, so it never reports ready and ${layer} is never applied`,
            fix: `remove suspend: true from layer ${l.name}; to hold back a layer, suspend one that comes after ${layer}`,
            action: { unset: `flux.layers[${i}].suspend` },
          }));
      },
    },
    ...withoutEffectRules(enabled, table),
    ...handoverRules(enabled),
    ...storageRules(enabled),
    ...table.flatMap((entry) => entry.rules ?? []),
  ];
}

/** Every entry's rules on the rendered tree, in table order. */
export function componentRenderedRules(table: readonly ComponentEntry[] = COMPONENTS): Rule<RenderedTree>[] {
  return [...table.flatMap((entry) => entry.renderedRules ?? []), ...storageRenderedRules((env) => enabledComponents(env, table))];
}

/** The table's rules on src/versions.ts itself, run once per command (pins of components against each other). */
export const componentCatalogueRules: readonly Rule<Catalogue>[] = [...gatewayApiCatalogueRules];
