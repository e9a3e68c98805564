import type { ChartRelease } from '../charts/chart';
import type { ClusterUnit } from '../k8s/cluster';
import { fluxClusterSize, fluxReleaseCount } from '../k8s/flux-cluster-size';
import { fluxInstanceProps, fluxOperatorRelease } from '../k8s/flux-instance';
import type { Environment } from '../model/resolve';
import type { WorkloadCluster } from '../model/workload';
import { WorkloadClusterObjects } from '../workload/cluster-objects';
import { WorkloadHandover } from '../workload/handover';
import { retainedTemplates } from '../workload/retained-templates';
import { cniRelease, enabledComponents } from './table';
import { componentUnits } from './units';

/** What the management environment's render reads besides its spec. */
export interface WorkloadSources {
  /** Encrypted sources by repository path: its own, and its workload clusters' SOPS identities. */
  readonly secrets: ReadonlyMap<string, string>;
  /** Its committed tree (paths under `clusters/<env>/`): the retained template generations. */
  readonly previous?: ReadonlyMap<string, string>;
}

/**
 * The releases the management environment's handover makes on a workload cluster, as the
 * workload's own tree releases them: its CNI (none yet: the rules stop synth) and flux-operator.
 */
export function handoverReleases(workload: Environment, enabled = enabledComponents(workload)): { readonly cilium?: ChartRelease; readonly fluxOperator: ChartRelease } {
  return { cilium: cniRelease(workload, enabled), fluxOperator: fluxOperatorRelease(workload.versions) };
}

/** The workload cluster's own tree's Cilium, flux-operator and FluxInstance, as that tree renders them. */
function workloadReleases(workload: Environment) {
  const enabled = enabledComponents(workload);
  // The workload tree's apps' charts count too, but a Helm app's release needs no sources to be counted.
  const size = fluxClusterSize(fluxReleaseCount(workload, componentUnits(workload, enabled)) + workload.apps.filter((a) => a.helm).length);
  return { ...handoverReleases(workload, enabled), fluxInstance: fluxInstanceProps(workload, size) };
}

/**
 * One unit per workload cluster the environment manages, in `<clusters layer>/<cluster>/`: its
 * Cluster API objects and the handover to its own Flux. Nothing for a cluster whose CNI, SOPS
 * identity or layer is missing: the workload and secret rules stop synth before that matters.
 */
export function workloadUnits(env: Environment, sources: WorkloadSources): ClusterUnit[] {
  return env.workloads.flatMap((cluster: WorkloadCluster): ClusterUnit[] => {
    const workload = env.managed.find((w) => w.name === cluster.name);
    const identity = workload?.secrets.find((s) => s.deliveredBy?.environment === env.name);
    const sopsAge = identity && sources.secrets.get(identity.source);
    const pull = workload?.secrets.find((s) => s.deliveredBy?.environment === env.name && s.name === workload.flux.pullSecret);
    const pullSecret = pull && sources.secrets.get(pull.source);
    const releases = workload && workloadReleases(workload);
    const missing = sopsAge === undefined || (workload?.flux.pullSecret !== undefined && pullSecret === undefined);
    if (!workload || !releases?.cilium || missing || !env.flux.layers.some((l) => l.name === cluster.layer)) return [];
    const retained = retainedTemplates(cluster, sources.previous ?? new Map()).files;
    return [{
      name: cluster.name,
      layer: cluster.layer,
      build: (own) => {
        // kube-vip runs on the workload's machines: its own pin, as its README's version table says.
        new WorkloadClusterObjects(own(), 'objects', { cluster, kubeVipImage: workload.versions.images.kubeVip, retained });
        new WorkloadHandover(own(), 'handover', {
          cluster,
          cilium: releases.cilium!,
          gatewayApi: workload.versions.gatewayApi,
          fluxOperator: releases.fluxOperator,
          fluxInstance: releases.fluxInstance,
          sopsAge,
          pullSecret,
          managementRecipients: env.ageRecipients,
          handedOver: cluster.handedOver,
        });
      },
    }];
  });
}
