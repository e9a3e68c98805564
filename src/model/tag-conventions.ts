/**
 * How each pin's upstream names its releases: with a leading `v` or without. A release written
 * the other way names a tag no registry or release page has, so the pull (or the download) fails.
 * Keys are the catalogue's (`charts.cilium.version`); `capiProviders.*` stands for every provider.
 */
export interface TagConvention {
  readonly key: string;
  /** Whether upstream's release names start with `v`. */
  readonly v: boolean;
  /** A release named that way (the tool's pin). */
  readonly example: string;
  /** Where that naming is upstream's: the registry, the release page, the file that sets it. */
  readonly source: string;
}

// Chart versions are what each chart's Chart.yaml `version` says at release, which is also the
// OCI tag `helm push` writes; images and GitHub releases are tagged as their project tags them.
export const TAG_CONVENTIONS: readonly TagConvention[] = [
  { key: 'k3s.tested', v: true, example: 'v1.36.4+k3s1', source: "k3s-io/k3s release tags" },
  { key: 'charts.cilium.version', v: false, example: '1.20.0', source: "cilium/cilium install/kubernetes/cilium/Chart.yaml, helm.cilium.io, quay.io/cilium/charts/cilium; the image is v1.20.0, the chart is not" },
  { key: 'charts.certManager.version', v: true, example: 'v1.21.2', source: "cert-manager publishes its chart under its release tag: charts.jetstack.io, quay.io/jetstack/charts/cert-manager" },
  { key: 'charts.longhorn.version', v: false, example: '1.12.1', source: "longhorn/charts charts/longhorn/Chart.yaml, charts.longhorn.io" },
  { key: 'charts.kyverno.version', v: false, example: '3.9.0', source: "kyverno/kyverno charts/kyverno/Chart.yaml, ghcr.io/kyverno/charts/kyverno" },
  { key: 'charts.kubePrometheusStack.version', v: false, example: '88.5.3', source: "prometheus-community/helm-charts charts/kube-prometheus-stack/Chart.yaml" },
  { key: 'charts.loki.version', v: false, example: '18.11.0', source: "grafana-community/helm-charts charts/loki/Chart.yaml" },
  { key: 'charts.alloy.version', v: false, example: '1.11.1', source: "grafana/helm-charts charts/alloy/Chart.yaml" },
  { key: 'charts.fluxOperator.version', v: false, example: '0.58.1', source: "controlplaneio-fluxcd/charts charts/flux-operator/Chart.yaml, ghcr.io/controlplaneio-fluxcd/charts/flux-operator" },
  { key: 'charts.clusterApiOperator.version', v: false, example: '0.28.0', source: "kubernetes-sigs/cluster-api-operator Makefile at v0.28.0: HELM_CHART_TAG is the release tag without its v" },
  { key: 'capiProviders.*', v: true, example: 'v1.12.11', source: "cluster-api-operator fetches a provider's components from the GitHub release spec.version names, and the providers tag releases with a v" },
  { key: 'gatewayApi.version', v: true, example: 'v1.6.1', source: "kubernetes-sigs/gateway-api release tags: the ref Flux checks out, releases/download/<tag>/standard-install.yaml" },
  { key: 'images.kubeVip.tag', v: true, example: 'v1.0.1', source: "ghcr.io/kube-vip/kube-vip, tagged as kube-vip/kube-vip releases" },
  { key: 'images.conformanceBusybox.tag', v: false, example: '1.37.0-1', source: "registry.k8s.io/e2e-test-images/busybox, kubernetes test/utils/image/manifest.go configs[BusyBox]" },
  { key: 'tools.helm.version', v: true, example: 'v4.3.0', source: "helm/helm release tags: get.helm.sh/helm-<tag>-linux-<arch>.tar.gz" },
];

/**
 * Pins the real program takes either way, so no convention is enforced: flux-operator reads the
 * Flux version with Masterminds semver (internal/builder/semver.go at v0.58.1), which takes a `v`.
 */
export const EITHER_WAY: readonly string[] = ['flux.version'];

/** The convention of a catalogue key, undefined where none is kept (the proving ground's, the tool's own). */
export function conventionOf(key: string): TagConvention | undefined {
  return TAG_CONVENTIONS.find((c) => c.key === key || (c.key.endsWith('.*') && key.startsWith(c.key.slice(0, -1)) && key.endsWith('.version')));
}

/** Whether `version` is written as its convention writes releases. */
export const follows = (version: string, convention: TagConvention) => version.startsWith('v') === convention.v;

/** What a convention says, for a message: `named without a leading v, as 1.20.0 (…)`. */
export const namedAs = (c: TagConvention) => `named ${c.v ? 'with' : 'without'} a leading v, as ${c.example} (${c.source})`;

/** `version` written the convention's way: the `v` added or dropped. */
export const written = (version: string, convention: TagConvention) => (convention.v ? `v${version}` : version.slice(1));
