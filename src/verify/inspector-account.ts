import type { Environment } from '../model/resolve';

/** Who verify should run as: a ServiceAccount of the inspection role, per environment. */
export interface InspectorAccount {
  readonly namespace: string;
  readonly name: string;
  /** The ClusterRole (and Roles) holding verify's reads. */
  readonly role: string;
}

/**
 * mgmt's existing `capi-inspector` (cluster-api's inspector, widened to verify's reads) where the
 * environment has it; every other environment gets `verify-inspector` in flux-system, beside the
 * sync that applies it (the one namespace every tree has).
 */
export function inspectorAccount(env: Environment): InspectorAccount {
  const capi = env.clusterApi;
  if (capi?.inspector) {
    const namespace = capi.providers.find((p) => p.kind === 'CoreProvider')?.namespace ?? capi.providers[0]!.namespace;
    return { namespace, name: 'capi-inspector', role: 'capi-readonly' };
  }
  return { namespace: 'flux-system', name: 'verify-inspector', role: 'verify-readonly' };
}

/** The fix verify prints for credentials it refuses. */
export const inspectorFix = (env: Environment) => {
  const a = inspectorAccount(env);
  return `use the inspector's kubeconfig (ServiceAccount ${a.namespace}/${a.name}, role ${a.role}; the runbook mints it)`;
};
