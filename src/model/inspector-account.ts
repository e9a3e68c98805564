import type { Environment } from './resolve';

/** Who verify should run as: a ServiceAccount of the inspection role, per environment. */
export interface InspectorAccount {
  readonly namespace: string;
  readonly name: string;
  /** The ClusterRole holding verify's reads (and its binding's name). */
  readonly role: string;
  /** Whether verify's RBAC creates the ServiceAccount (false: cluster-api's inspector does). */
  readonly created: boolean;
}

/** verify's own ClusterRole, in every environment. */
export const VERIFY_ROLE = 'verify-readonly';

/**
 * mgmt's existing `capi-inspector` (cluster-api's inspector, widened by a binding to verify's role)
 * where the environment has it; every other environment gets `verify-inspector` in flux-system,
 * beside the sync that applies it (the one namespace every tree has from the start).
 */
export function inspectorAccount(env: Environment): InspectorAccount {
  const capi = env.clusterApi;
  if (capi?.inspector) {
    const namespace = capi.providers.find((p) => p.kind === 'CoreProvider')?.namespace ?? capi.providers[0]!.namespace;
    return { namespace, name: 'capi-inspector', role: VERIFY_ROLE, created: false };
  }
  return { namespace: 'flux-system', name: 'verify-inspector', role: VERIFY_ROLE, created: true };
}

/** The fix verify prints for credentials it refuses. */
export const inspectorFix = (env: Environment) => {
  const a = inspectorAccount(env);
  // A workload cluster has no runbook: Cluster API's `<name>-kubeconfig` Secret on its management cluster is its admin's.
  const mint = env.workload
    ? `mint it with the cluster's admin kubeconfig (clusterctl get kubeconfig ${env.workload.name} -n ${env.workload.namespace}, on ${env.workload.management}): kubectl -n ${a.namespace} create token ${a.name}`
    : 'the runbook mints it';
  return `use the inspector's kubeconfig (ServiceAccount ${a.namespace}/${a.name}, role ${a.role}; ${mint})`;
};
