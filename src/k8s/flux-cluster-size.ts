import { FluxInstanceSpecClusterSize } from '../imports/flux-instance-fluxcd.controlplane.io';
import type { Environment } from '../model/resolve';
import type { ClusterUnit } from './cluster';

/**
 * flux-operator v0.58.1's sizes (internal/builder/profiles.go), by the reconciles
 * helm-controller and kustomize-controller run at once (`--concurrent`): `small` also halves
 * their memory limit (512Mi, Flux's own is 1Gi) and `medium` keeps 1Gi with 2 CPUs. `large`
 * (20, 3Gi) is upstream's profile for about 3000 apps: no fleet of this tool comes near it.
 */
const SIZES: readonly { readonly size: FluxInstanceSpecClusterSize; readonly concurrent: number }[] = [
  { size: FluxInstanceSpecClusterSize.SMALL, concurrent: 5 },
  { size: FluxInstanceSpecClusterSize.MEDIUM, concurrent: 10 },
];

/**
 * The size for a tree of `releases` Flux HelmReleases: the smallest whose workers let every release
 * install at once on a cold build, where a slow one holds its worker for up to its timeout;
 * `medium` above that.
 */
export function fluxClusterSize(releases: number): FluxInstanceSpecClusterSize {
  return (SIZES.find((s) => releases <= s.concurrent) ?? SIZES[SIZES.length - 1]!).size;
}

/** The HelmReleases Flux reconciles in the tree: each chart a unit installs through Flux, and the operator's own. */
export function fluxReleaseCount(env: Pick<Environment, 'helmInstaller' | 'flux'>, units: readonly ClusterUnit[]): number {
  const charts = units.filter((u) => u.chart && (u.installer ?? env.helmInstaller) === 'flux').length;
  return charts + (env.flux.bootstrapped ? 0 : 1);
}
