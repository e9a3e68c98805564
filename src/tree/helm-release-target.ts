/**
 * The Helm release a Flux HelmRelease reconciles, as helm-controller v1.6.3 finds it: the release
 * name (`spec.releaseName`, else `<targetNamespace>-<name>` with a target namespace, else its own
 * name) in the storage namespace (`spec.storageNamespace`, else its own namespace) (api/v2
 * `GetReleaseName`, `GetStorageNamespace`), on the cluster its `spec.kubeConfig` names (Cluster
 * API's `<cluster>-kubeconfig` Secret) or its own. `DetermineReleaseState`
 * (internal/reconcile/state.go) looks the release up by exactly that name and namespace, and nothing
 * else marks whose it is: two HelmReleases with the same target both act on one release.
 */
export interface HelmReleaseTarget {
  /** The cluster the release is on: the kubeconfig Secret's cluster, else `own`. */
  readonly cluster: string;
  readonly storageNamespace: string;
  readonly releaseName: string;
  /** `spec.suspend` is not true: helm-controller acts on the release. */
  readonly active: boolean;
}

/** What a HelmRelease document reconciles; `own` is the cluster whose tree applies it locally. */
export function helmReleaseTarget(doc: { metadata?: { name?: string; namespace?: string }; spec?: Record<string, any> }, own: string): HelmReleaseTarget {
  const spec = doc.spec ?? {};
  const name = doc.metadata?.name ?? '';
  const secret = spec.kubeConfig?.secretRef?.name as string | undefined;
  return {
    cluster: secret ? secret.replace(/-kubeconfig$/, '') : own,
    storageNamespace: (spec.storageNamespace as string | undefined) ?? doc.metadata?.namespace ?? 'default',
    releaseName: (spec.releaseName as string | undefined) ?? (spec.targetNamespace ? `${spec.targetNamespace}-${name}` : name),
    active: spec.suspend !== true,
  };
}

/** `namespace/name` of a release, as Helm's storage keys it. */
export const releaseId = (t: { readonly storageNamespace: string; readonly releaseName: string }) => `${t.storageNamespace}/${t.releaseName}`;
