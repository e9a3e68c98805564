/**
 * A Helm chart declared once: where it comes from, its pinned version and its values. The
 * environment decides how it is installed (Flux HelmRelease, k3s HelmChart, bootstrap `helm
 * install`); every one of those reads this same object, so their values cannot drift apart.
 */
export interface ChartRelease {
  /** Release name, also the name of the objects that install it. */
  readonly name: string;
  /** Namespace the chart's workloads run in. */
  readonly namespace: string;
  /** The classic (HTTP) Helm repository; a chart published only as OCI has none. */
  readonly repo?: string;
  /**
   * The chart's OCI location (`oci://…/<chart>`, no tag) where upstream publishes one: Flux pulls
   * it through an OCIRepository, as Flux recommends; `repo` then serves k3s's helm-controller only.
   */
  readonly oci?: string;
  readonly chart: string;
  readonly version: string;
  readonly values: Readonly<Record<string, unknown>>;
  /**
   * Helm's timeout for each action of the release (a Go duration): under Flux it bounds the hooks
   * and the wait for every object to be ready, under k3s the hooks (its jobs do not wait). A
   * release slower than that to come up on a cold cluster sets its own.
   * @default HELM_TIMEOUT ('5m')
   */
  readonly timeout?: string;
}
