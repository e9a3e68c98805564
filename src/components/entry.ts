import type { Construct } from 'constructs';
import type { ChartRelease } from '../charts/chart';
import type { HealthCheck } from '../k8s/flux-layer';
import type { Environment } from '../model/resolve';
import type { Rule } from '../model/violation';
import type { RenderedTree } from '../model/rendered-tree';

/** Where a component goes: a layer of `flux.layers`, and the spec path that chose it (for messages). */
export interface Placement {
  readonly layer: string;
  readonly path: string;
}

/** What a component's `objects` may use: its settings, the environment, and folders of its layer. */
export interface RenderContext<Config> {
  readonly config: Config;
  readonly env: Environment;
  /**
   * A folder under the component's layer: its own (its name) or one it declares in `folders`.
   * `layer` places it in another layer (objects that must follow a namespace created there).
   */
  readonly folder: (name: string, layer?: string) => Construct;
  /** Every namespace the tree creates, with the layer that creates it (layers' lists, components' `creates`). */
  readonly namespaceLayers: ReadonlyMap<string, string>;
  /** The namespaces of the cluster and of every enabled component: the platform's, not the apps'. */
  readonly platformNamespaces: readonly string[];
  /** The enabled components' traffic beyond the default-deny baseline. */
  readonly networkNeeds: readonly NetworkNeeds[];
}

/**
 * One row of the component table: everything the generator knows about one component. Adding a
 * component is a pin in `src/versions.ts`, one file exporting an entry, and its line in
 * `src/components/table.ts`; one with a section of the spec of its own also has its `settings.ts`
 * (its fields and defaults) and its line in `src/components/sections.ts`.
 */
export interface ComponentEntry<Config = unknown> {
  /** Its folder under the layer, and its name in messages. */
  readonly name: string;
  /**
   * Reads the resolved environment: the component's settings, or undefined where it is off.
   * This is the only place a component looks at the environment's spec-derived values.
   */
  readonly configure: (env: Environment) => Config | undefined;
  /**
   * The spec fields its objects are made from (`monitoring`), which check names when a file of
   * its folders differs from synth's. @default [`components.<name>`]
   */
  readonly fields?: readonly string[];
  /** Switched on by listing it under `spec.components` (its configure is `fromSwitch`). @default false */
  readonly switchable?: boolean;
  readonly placement: (config: Config) => Placement;
  /**
   * Components whose layer must be applied before this one's (their CRDs or webhooks must exist):
   * its layer must depend on theirs, directly or not (`component.layer-order`). @default []
   */
  readonly after?: readonly string[];
  /** Its pins in src/versions.ts (`charts.cilium`, …): checked to exist and to be exact. */
  readonly versions: readonly string[];
  /** The chart it installs, the way the environment installs charts (Flux or k3s). */
  readonly chart?: (config: Config, env: Environment) => ChartRelease;
  /**
   * The cluster's network: installed by the bootstrap runbook before Flux (whose pods need it),
   * from the same release and values Flux then adopts. At most one component is. @default false
   */
  readonly cni?: boolean;
  /** Never let Flux prune the chart's objects (the CNI: pruning it cuts every pod off). @default false */
  readonly protectFromPrune?: boolean;
  /** Objects whose readiness gates the layers that depend on this component's layer. */
  readonly healthChecks?: (config: Config) => readonly HealthCheck[];
  /** Namespaces the component's workloads run in: no user app may take one. */
  readonly namespaces: (config: Config) => readonly string[];
  /** Those of its namespaces it creates itself (Namespace objects in its folder): no layer may list them too. @default [] */
  readonly creates?: (config: Config) => readonly string[];
  /** Folders of its layer its objects use besides its own (`name`): no app may take them. @default [] */
  readonly folders?: readonly string[];
  /**
   * Memory its pods request (MiB), by what requests it, where this project sets the requests:
   * summed by the check that the platform fits the nodes' memory. @default none
   */
  readonly memory?: (config: Config, env: Environment) => readonly { readonly what: string; readonly mib: number }[];
  /**
   * What its pods need through the default-deny baseline beyond every namespace's allowances:
   * the nodes (kubelets, host-network exporters), or every pod of the cluster (a metrics scraper,
   * which every covered namespace then lets in). @default nothing more
   */
  readonly networkNeeds?: (config: Config) => NetworkNeeds | readonly NetworkNeeds[];
  /** The StorageClasses it creates (Longhorn's): what claims may name where it is on. @default none */
  readonly storageClasses?: (config: Config) => readonly string[];
  /**
   * The volumes its chart claims (a StatefulSet's volumeClaimTemplates), each naming its class:
   * the class must exist, and the component providing it must be installed first
   * (`storage.*` rules; its HelmRelease waits for that one's where they share a layer). @default none
   */
  readonly claims?: (config: Config) => readonly VolumeClaim[];
  /** Objects besides the chart. */
  readonly objects?: (context: RenderContext<Config>) => void;
  /** Invariants of this component, run on every environment (they return nothing where it is off). */
  readonly rules?: readonly Rule[];
  /** Its rules on the rendered tree, run on every environment after rendering (nothing where it is off). @default none */
  readonly renderedRules?: readonly Rule<RenderedTree>[];
  /** Notes synth prints after writing the tree: what it computed but is no violation (what it could not check). @default none */
  readonly notes?: (config: Config, tree: RenderedTree) => readonly string[];
}

/** A component's traffic beyond the baseline, from its namespace. */
export interface NetworkNeeds {
  readonly namespace: string;
  /** Out to the nodes (the `host` and `remote-node` entities). */
  readonly toNodes?: boolean;
  /** Out to every pod of the cluster, and in to every covered namespace from this one. */
  readonly scrapesEverything?: boolean;
  /**
   * Out to addresses outside the cluster (Cilium's `world` entity), on these ports only: an ACME
   * server, a DNS provider's API, a mail relay, a chat webhook. @default none
   */
  readonly toWorld?: readonly WorldPort[];
}

/** One volume a component's chart claims. */
export interface VolumeClaim {
  /** What holds it, in messages: `Prometheus`. */
  readonly what: string;
  /** The StorageClass it names: never none, so it cannot fall to whichever class is default. */
  readonly storageClass: string;
  /** Where the chart's values set that class (`singleBinary.persistence.storageClass`). */
  readonly valuesPath: string;
  /** The StatefulSet whose volumeClaimTemplate makes it (one replica), in the component's namespace. */
  readonly statefulSet: { readonly namespace: string; readonly name: string; readonly template: string };
  /**
   * What puts the StatefulSet back once it is deleted: its operator, at once, or the chart's next
   * Helm upgrade (a Day 2 move of the claim depends on it).
   */
  readonly recreatedBy: 'operator' | 'helm';
  /**
   * For a StatefulSet its operator makes: the object it is made from and the field there naming
   * the class. The HelmRelease's values change first and Helm applies them later: a Day 2 move
   * deletes the StatefulSet only once this object names the new class. @default none
   */
  readonly madeFrom?: { readonly resource: string; readonly name: string; readonly classField: string };
}

/** The claim a one-replica StatefulSet makes from a template: `<template>-<statefulSet>-0` (Kubernetes' naming). */
export const claimName = ({ statefulSet }: VolumeClaim) => `${statefulSet.template}-${statefulSet.name}-0`;

/** One port a component dials outside the cluster. */
export interface WorldPort {
  readonly port: number;
  readonly protocol: 'TCP' | 'UDP';
}

/** An entry bound to one environment: the settings resolved, ready to render. */
export interface EnabledComponent {
  readonly entry: ComponentEntry;
  readonly config: unknown;
  readonly placement: Placement;
}

/** Keeps an entry's Config type while it sits in a table of differently typed entries. */
export function defineComponent<Config>(entry: ComponentEntry<Config>): ComponentEntry {
  return entry as ComponentEntry;
}
