import type { WorkloadCluster } from '../../model/workload';

/**
 * The names of mgmt's handover objects of one workload cluster. Several clusters may share a
 * namespace (`default`), so each name starts with the cluster's; names are API (STYLE rule 7):
 * a renamed object is a deleted one, and a deleted unsuspended HelmRelease uninstalls its chart.
 */
export function handoverNames(cluster: WorkloadCluster) {
  const of = (what: string) => `${cluster.name}-${what}`;
  return {
    /** GitRepository and remote Kustomization of the Gateway API CRDs. */
    gatewayApi: of('gateway-api'),
    /** The local Kustomization applying the remote HelmReleases (and their sources). */
    releases: of('releases'),
    /** The remote Kustomization applying what the workload's Flux needs from mgmt. */
    flux: of('flux'),
    /** A chart's source and remote HelmRelease, by the chart's release name. */
    release: (name: string) => of(name),
  };
}
