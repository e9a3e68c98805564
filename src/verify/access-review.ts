import type { KubeConfig } from '@kubernetes/client-node';
import { apiRequest, ClusterUnreadable, serverOf, unexpected } from './api-request';

/** The credentials may write or read Secrets: verify refuses them (a usage mistake, exit 2). */
export class WritableCredentials extends Error {}

export interface AccessProbe {
  readonly verb: string;
  readonly group: string;
  readonly resource: string;
  /** Unset: all namespaces (and cluster-scoped kinds). */
  readonly namespace?: string;
}

const WRITE_VERBS = ['create', 'update', 'patch', 'delete'] as const;
/** Kinds a writer most likely reaches: the workloads, the nodes, and what Flux applies from Git. */
const WRITE_TARGETS = [
  { group: '', resource: 'pods' },
  { group: '', resource: 'nodes' },
  { group: '', resource: 'configmaps' },
  { group: 'apps', resource: 'deployments' },
  { group: 'helm.toolkit.fluxcd.io', resource: 'helmreleases' },
  { group: 'kustomize.toolkit.fluxcd.io', resource: 'kustomizations' },
] as const;

/**
 * What verify asks before reading anything, `kubectl auth can-i` style: write verbs on a few
 * kinds, and any read of Secrets (all namespaces, and the two namespaces holding the cluster's
 * own). The inspector role allows none of these.
 */
export const ACCESS_PROBES: readonly AccessProbe[] = [
  { verb: '*', group: '*', resource: '*' },
  ...WRITE_TARGETS.flatMap((t) => WRITE_VERBS.map((verb) => ({ verb, ...t }))),
  ...['get', 'list', 'watch'].map((verb) => ({ verb, group: '', resource: 'secrets' })),
  ...['kube-system', 'flux-system'].map((namespace) => ({ verb: 'get', group: '', resource: 'secrets', namespace })),
];

const describe = (p: AccessProbe) =>
  `${p.verb === '*' ? 'do anything to' : p.verb} ${p.resource === '*' ? 'every kind' : [p.group, p.resource].filter(Boolean).join('/')}${p.namespace ? ` in ${p.namespace}` : ''}`;

/**
 * Asks the API server, with SelfSubjectAccessReviews, whether the credentials can do any of
 * ACCESS_PROBES. Creating one is granted to every authenticated user by the built-in
 * system:basic-user ClusterRole, so the inspector role needs no rule for it.
 * Ref: kubernetes/kubernetes plugin/pkg/auth/authorizer/rbac/bootstrappolicy/policy.go (system:basic-user).
 */
export async function refuseWritableCredentials(kc: KubeConfig, fix: string, probes: readonly AccessProbe[] = ACCESS_PROBES): Promise<void> {
  const answers = await Promise.all(
    probes.map(async (probe) => {
      const review = {
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SelfSubjectAccessReview',
        spec: { resourceAttributes: { verb: probe.verb, group: probe.group, resource: probe.resource, ...(probe.namespace && { namespace: probe.namespace }) } },
      };
      const response = await apiRequest(kc, 'POST', 'apis/authorization.k8s.io/v1/selfsubjectaccessreviews', review);
      if (response.status === 403 || response.status === 404) {
        throw new ClusterUnreadable(
          `cannot read the cluster at ${serverOf(kc)}: it did not answer whether the credentials can write (SelfSubjectAccessReview: HTTP ${response.status}); verify reads nothing without that answer`,
        );
      }
      if (response.status !== 201 && response.status !== 200) throw unexpected(kc, 'SelfSubjectAccessReview', response);
      return { probe, allowed: response.body?.status?.allowed === true };
    }),
  );
  const allowed = answers.filter((a) => a.allowed).map((a) => describe(a.probe));
  if (allowed.length > 0) {
    throw new WritableCredentials(`the credentials of ${serverOf(kc)} can ${allowed.join(', ')}: verify runs only with read-only credentials; ${fix}`);
  }
}
