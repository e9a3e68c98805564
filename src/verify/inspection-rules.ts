import type { PolicyRule } from '../k8s/verify-inspector';
import type { Environment } from '../model/resolve';
import { verifyReads } from './checks';
import type { LiveKind, VerifyCheck } from './types';

/** The inspector's only verbs: reads. */
export const READ_VERBS = ['get', 'list', 'watch'] as const;

/**
 * The inspection role's rules: exactly the resources verify's checks read in this environment,
 * one rule per API group, get/list/watch only. Cluster-wide (a ClusterRole): a Role in a namespace
 * a later layer creates could not be applied with flux-system. Secrets are never among them; a
 * check that reads them is a bug this refuses to turn into a role.
 */
export function inspectionRules(env: Environment, checks?: readonly VerifyCheck[]): PolicyRule[] {
  const reads: LiveKind[] = verifyReads(env, checks);
  const secret = reads.find((k) => k.group === '' && k.resource === 'secrets');
  if (secret) throw new Error('a verify check reads Secrets: the inspection role never grants them');
  const groups = [...new Set(reads.map((k) => k.group))].sort();
  return groups.map((group) => ({
    apiGroups: [group],
    resources: [...new Set(reads.filter((k) => k.group === group).map((k) => k.resource))].sort(),
    verbs: [...READ_VERBS],
  }));
}
