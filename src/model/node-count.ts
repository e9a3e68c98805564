import type { Environment } from './resolve';
import { allMachines } from './workload';

/** The nodes a cluster runs: its live servers, or a workload cluster's control-plane and worker machines. */
export const clusterNodeCount = (env: Environment): number =>
  env.workload ? allMachines(env.workload) : env.liveNodes.length;
