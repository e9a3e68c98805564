import { Construct } from 'constructs';
import type { ChartRelease } from '../charts/chart';
import * as instance from '../imports/flux-instance-fluxcd.controlplane.io';
import type { Environment } from '../model/resolve';
import type { FluxOperatorValues } from '../values/flux-operator';
import { FluxHelmRelease } from './flux-helm-release';
import { FLUX_NAMESPACE } from './flux-sync';
import type { Catalogue } from '../model/version-overrides';

/** The only name flux-operator accepts for a FluxInstance (a CEL rule of its CRD). */
export const FLUX_INSTANCE_NAME = 'flux';

/** Never pruned: deleting the FluxInstance makes the operator uninstall Flux itself. */
const NEVER_PRUNE = { 'kustomize.toolkit.fluxcd.io/prune': 'disabled' };

/** The flux-operator chart, installed by the bootstrap's `helm install` and then by Flux. */
export function fluxOperatorRelease(pins: Catalogue): ChartRelease {
  const pin = pins.charts.fluxOperator;
  // The chart's defaults; `satisfies` keeps a value set here to the chart's own keys.
  return { name: pin.chart, namespace: FLUX_NAMESPACE, oci: pin.oci, chart: pin.chart, version: pin.version, values: {} satisfies FluxOperatorValues };
}

/**
 * The FluxInstance of an environment: the pinned Flux distribution from the manifests inside the
 * operator image (no artifact: nothing else to pull), the four controllers the tree needs, and the
 * sync of `clusters/<env>/kubernetes` under bootstrap's names (`flux-system`), so a cluster that
 * ran `flux bootstrap` is taken over without a second sync. `size` is the controllers' profile
 * for the tree (fluxClusterSize); `patches` change the controllers' manifests (a management
 * environment's kustomize-controller gets the SOPS fallback of src/workload/handover).
 */
export function fluxInstanceProps(
  env: Environment,
  size: instance.FluxInstanceSpecClusterSize,
  patches: readonly instance.FluxInstanceSpecKustomizePatches[] = [],
): instance.FluxInstanceProps {
  const { flux } = env;
  return {
    metadata: {
      name: FLUX_INSTANCE_NAME,
      namespace: FLUX_NAMESPACE,
      annotations: { ...NEVER_PRUNE, 'fluxcd.controlplane.io/reconcileEvery': '1h', 'fluxcd.controlplane.io/reconcileTimeout': '5m' },
    },
    spec: {
      distribution: { version: env.versions.flux.version, registry: env.versions.flux.registry },
      components: [
        instance.FluxInstanceSpecComponents.SOURCE_HYPHEN_CONTROLLER,
        instance.FluxInstanceSpecComponents.KUSTOMIZE_HYPHEN_CONTROLLER,
        instance.FluxInstanceSpecComponents.HELM_HYPHEN_CONTROLLER,
        instance.FluxInstanceSpecComponents.NOTIFICATION_HYPHEN_CONTROLLER,
      ],
      cluster: { type: instance.FluxInstanceSpecClusterType.KUBERNETES, networkPolicy: true, domain: 'cluster.local', size },
      sync: {
        kind: instance.FluxInstanceSpecSyncKind.GIT_REPOSITORY,
        url: flux.url,
        ref: `refs/heads/${flux.branch}`,
        path: flux.path,
        interval: flux.interval,
        pullSecret: flux.pullSecret,
      },
      kustomize: patches.length > 0 ? { patches: patches.map((p) => ({ ...p })) } : undefined,
    },
  };
}

export interface FluxOperatorProps {
  readonly env: Environment;
  /** The controllers' profile (fluxClusterSize of the tree's releases). */
  readonly size: instance.FluxInstanceSpecClusterSize;
  /** Patches of the controllers' manifests (fluxInstanceProps). @default [] */
  readonly patches?: readonly instance.FluxInstanceSpecKustomizePatches[];
  /** The operator's own HelmRelease is written suspended (a workload cluster's until the handover). @default false */
  readonly suspendRelease?: boolean;
}

/**
 * Flux as flux-operator runs it: the operator's own release (its OCIRepository and HelmRelease,
 * under the bootstrap's release name so Flux adopts it) and the FluxInstance. Both are kept from
 * pruning; Flux upgrades the operator, and the operator upgrades Flux.
 */
export class FluxOperator extends Construct {
  public constructor(scope: Construct, id: string, props: FluxOperatorProps) {
    super(scope, id);
    new FluxHelmRelease(this, 'operator', { release: fluxOperatorRelease(props.env.versions), protectFromPrune: true, suspend: props.suspendRelease });
    new instance.FluxInstance(this, 'instance', fluxInstanceProps(props.env, props.size, props.patches));
  }
}
