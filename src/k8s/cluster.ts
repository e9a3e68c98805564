import { Construct } from 'constructs';
import type { AppFailure } from './app-chart';
import type { ChartRelease } from '../charts/chart';
import type { Environment } from '../model/resolve';
import { ChartInstall } from './chart-install';
import { KustomizationFolder } from './kustomization-folder';
import { VerifyInspector } from './verify-inspector';
import type { VerifyInspectorProps } from './verify-inspector';
import { FluxLayer } from './flux-layer';
import { layerTimeout } from './layer-timeout';
import type { HealthCheck } from './flux-layer';
import { FluxOperator } from './flux-instance';
import { FluxSync } from './flux-sync';
import { fluxClusterSize, fluxReleaseCount } from './flux-cluster-size';
import { Namespaces } from './namespaces';
import { SopsFile } from './sops-file';
import { managementPatches } from './sops-age-fallback';
import { secretFileName } from '../tree/paths';
import { handoverPending } from '../model/workload';

/** A reference to a HelmRelease another one waits for. */
export interface ReleaseRef {
  readonly name: string;
  readonly namespace: string;
}

/** One thing placed in a layer: a component of the table or an app of the user's. */
export interface ClusterUnit {
  /** Its folder under the layer. */
  readonly name: string;
  readonly layer: string;
  /** A chart it installs into its folder. */
  readonly chart?: ChartRelease;
  /** How the chart is installed. @default the environment's helmInstaller */
  readonly installer?: 'flux' | 'k3s';
  readonly protectFromPrune?: boolean;
  /** HelmReleases its own waits for (Flux installer only). @default [] */
  readonly dependsOn?: readonly ReleaseRef[];
  /** Its HelmRelease is written suspended (Flux installer only): a workload cluster's CNI until the handover. @default false */
  readonly suspend?: boolean;
  /** Its folder brings its own kustomization.yaml (a user's manifests). @default false */
  readonly ownKustomization?: boolean;
  /** Objects besides the chart: `own` is its folder, `folder(name, layer)` a folder of its layer (or of another). */
  readonly build?: (own: () => Construct, folder: (name: string, layer?: string) => Construct) => void;
}

export interface ClusterProps {
  readonly env: Environment;
  /** What goes into the layers, in render order. */
  readonly units: readonly ClusterUnit[];
  /** What each layer must see ready before dependent layers start, by layer name. */
  readonly healthChecks: ReadonlyMap<string, readonly HealthCheck[]>;
  /** Encrypted sources by repository path (`secrets/<env>/…`), copied into the tree as-is. */
  readonly secretSources?: ReadonlyMap<string, string>;
  /** Where the apps' construct failures are collected (the render goes on, to report them all). @default discarded */
  readonly appFailures?: AppFailure[];
  /** verify's read-only role, in `flux-system/verify-inspector/`. @default none */
  readonly inspector?: VerifyInspectorProps;
}

/**
 * One environment's Kubernetes tree: Flux sync in `flux-system/`, one Flux Kustomization per
 * layer at the root, and each layer's units in `<layer>/<unit>/`.
 */
export class Cluster extends Construct {
  public constructor(scope: Construct, id: string, props: ClusterProps) {
    super(scope, id);
    const { env } = props;

    const root = new KustomizationFolder(this, 'root', { folder: '', fileNaming: 'name' });
    const fluxSystem = new KustomizationFolder(root, 'flux-system', {
      // Flux's own controllers, committed by `flux bootstrap`: listed until the migration to flux-operator.
      extraResources: env.flux.bootstrapped ? ['gotk-components.yaml'] : [],
    });
    // A bootstrapped cluster keeps bootstrap's sync until the operator has taken over; every other
    // cluster gets Flux from flux-operator, whose FluxInstance creates the same sync objects.
    if (env.flux.bootstrapped) new FluxSync(fluxSystem, 'sync', { env });
    else {
      // A workload cluster's operator release is its management environment's until the handover.
      new FluxOperator(fluxSystem, 'flux', { env, size: fluxClusterSize(fluxReleaseCount(env, props.units)), patches: managementPatches(env), suspendRelease: handoverPending(env) });
    }
    // Applied with the sync, before any layer: verify can read a cluster whose layers are failing.
    if (props.inspector) new VerifyInspector(new KustomizationFolder(fluxSystem, 'verify-inspector'), 'inspector', props.inspector);

    const layers = new Map<string, KustomizationFolder>();
    for (const layer of env.flux.layers) {
      const folder = new KustomizationFolder(root, layer.name, { detached: true });
      layers.set(layer.name, folder);
      if (layer.namespaces.length > 0) {
        new Namespaces(new KustomizationFolder(folder, 'namespaces'), 'namespaces', { names: layer.namespaces });
      }
    }
    // A unit whose layer is missing is reported by flux.layer-missing / app.layer-missing; nothing renders then.
    const folders = new Map<string, KustomizationFolder>();
    const place = (layer: string, folder: string, unit?: ClusterUnit) => {
      const key = `${layer}/${folder}`;
      if (!folders.has(key)) {
        folders.set(key, new KustomizationFolder(layers.get(layer)!, folder, { ownKustomization: unit?.ownKustomization }));
      }
      return folders.get(key)!;
    };

    for (const unit of props.units) {
      const own = () => place(unit.layer, unit.name, unit);
      if (unit.chart) {
        new ChartInstall(own(), unit.name, {
          release: unit.chart,
          installer: unit.installer ?? env.helmInstaller,
          protectFromPrune: unit.protectFromPrune,
          dependsOn: unit.dependsOn,
          suspend: unit.suspend,
        });
      }
      unit.build?.(own, (name, layer = unit.layer) => place(layer, name));
    }

    // Each Secret goes, still encrypted, into the folder of what uses it (a component or an app).
    // One another environment's Flux delivers (a workload cluster's SOPS identity) stays out of this tree.
    for (const ref of env.secrets.filter((s) => s.deliveredBy === undefined)) {
      const content = props.secretSources?.get(ref.source);
      if (content === undefined) continue; // `secret.missing` stops synth before this matters
      new SopsFile(place(ref.layer, ref.folder), `secret-${ref.namespace}-${ref.name}`, {
        fileName: secretFileName(ref.namespace, ref.name),
        content,
      });
    }

    // Last, once every layer holds its objects: a layer's timeout is read from the HelmReleases it applies.
    for (const layer of env.flux.layers) {
      const decrypt = env.secrets.some((ref) => ref.layer === layer.name);
      const timeout = layerTimeout(layers.get(layer.name)!);
      new FluxLayer(root, `layer-${layer.name}`, { layer, healthChecks: props.healthChecks.get(layer.name), decrypt, timeout });
    }
  }
}
