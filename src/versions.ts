/**
 * Every pinned version in one place: the one file a version bump edits. Plain data with one
 * `key: 'value'` per line, each under a `// renovate:` comment naming its datasource, so
 * Renovate's custom manager (renovate.json) can find and bump every entry.
 */

/**
 * The k3s release this tool is tested with: what `init` pins a new environment to. From then on
 * the fleet owns its environments' k3s pins (its environments/versions.ts).
 */
export const k3s = {
  // renovate: datasource=github-releases depName=k3s-io/k3s versioning=regex:^v(?<major>\d+)\.(?<minor>\d+)\.(?<patch>\d+)\+k3s(?<build>\d+)$
  tested: 'v1.36.4+k3s1',
} as const;

/**
 * k3s's installer (the script get.k3s.io serves, which then checks the k3s binary it downloads
 * against the release's sha256sum file), taken at one commit of k3s-io/k3s and checked against
 * its sha256 before it runs. The commit is the one the Go module proxy serves
 * (v1.35.1-0.20260211145931-c5b158798933); the sha256 is that commit's own install.sh.sha256sum.
 * Update the two together.
 */
export const k3sInstaller = {
  commit: 'c5b158798933',
  sha256: 'f6dd79c73ff9823378e92cfc0855e725e5dea26c91e2b0c3f80d1d59c05d5f02',
} as const;

/**
 * Helm charts: HTTP repository, OCI location where upstream publishes one (Cilium since 2026-01,
 * cert-manager's official method since 2025), chart name and exact chart version. The OCI tag is
 * the chart version as written here (cert-manager's carry the `v`).
 */
export const charts = {
  // renovate: datasource=docker depName=quay.io/cilium/charts/cilium
  cilium: { repo: 'https://helm.cilium.io', oci: 'oci://quay.io/cilium/charts/cilium', chart: 'cilium', version: '1.20.0' },
  // renovate: datasource=docker depName=quay.io/jetstack/charts/cert-manager
  certManager: { repo: 'https://charts.jetstack.io', oci: 'oci://quay.io/jetstack/charts/cert-manager', chart: 'cert-manager', version: 'v1.21.2' },
  // renovate: datasource=helm depName=longhorn registryUrl=https://charts.longhorn.io
  longhorn: { repo: 'https://charts.longhorn.io', chart: 'longhorn', version: '1.12.1' },
  // renovate: datasource=docker depName=ghcr.io/kyverno/charts/kyverno
  kyverno: { repo: 'https://kyverno.github.io/kyverno/', oci: 'oci://ghcr.io/kyverno/charts/kyverno', chart: 'kyverno', version: '3.9.0' },
  // renovate: datasource=docker depName=ghcr.io/prometheus-community/charts/kube-prometheus-stack
  kubePrometheusStack: { repo: 'https://prometheus-community.github.io/helm-charts', oci: 'oci://ghcr.io/prometheus-community/charts/kube-prometheus-stack', chart: 'kube-prometheus-stack', version: '88.5.3' },
  // renovate: datasource=docker depName=ghcr.io/grafana-community/helm-charts/loki
  loki: { repo: 'https://grafana-community.github.io/helm-charts', oci: 'oci://ghcr.io/grafana-community/helm-charts/loki', chart: 'loki', version: '18.11.0' },
  // renovate: datasource=helm depName=alloy registryUrl=https://grafana.github.io/helm-charts
  alloy: { repo: 'https://grafana.github.io/helm-charts', chart: 'alloy', version: '1.11.1' },
  // renovate: datasource=docker depName=ghcr.io/controlplaneio-fluxcd/charts/flux-operator
  fluxOperator: { oci: 'oci://ghcr.io/controlplaneio-fluxcd/charts/flux-operator', chart: 'flux-operator', version: '0.58.1' },
  // renovate: datasource=helm depName=cluster-api-operator registryUrl=https://kubernetes-sigs.github.io/cluster-api-operator
  clusterApiOperator: { repo: 'https://kubernetes-sigs.github.io/cluster-api-operator', chart: 'cluster-api-operator', version: '0.28.0' },
} as const;

/**
 * Cluster API providers installed through cluster-api-operator. The contract each declares, and
 * what the charts above support, are the vendored data of schemas/compat/ (src/model/compatibility.ts).
 */
export const capiProviders = {
  // renovate: datasource=github-releases depName=kubernetes-sigs/cluster-api
  clusterApi: { version: 'v1.12.11' },
  // renovate: datasource=github-releases depName=kubernetes-sigs/cluster-api
  kubeadmBootstrap: { version: 'v1.12.11' },
  // renovate: datasource=github-releases depName=kubernetes-sigs/cluster-api
  kubeadmControlPlane: { version: 'v1.12.11' },
  // renovate: datasource=github-releases depName=ionos-cloud/cluster-api-provider-proxmox
  proxmox: { version: 'v0.9.1' },
  // renovate: datasource=github-releases depName=kubernetes-sigs/cluster-api-ipam-provider-in-cluster
  ipamInCluster: { version: 'v1.1.1' },
} as const;

/**
 * Gateway API CRDs (standard channel), pulled by Flux from the upstream repository at this tag and
 * applied before Cilium: its operator checks for them once, at start.
 */
export const gatewayApi = {
  repo: 'https://github.com/kubernetes-sigs/gateway-api',
  // renovate: datasource=github-releases depName=kubernetes-sigs/gateway-api
  version: 'v1.6.1',
} as const;

/** Container images that are not installed through a chart. */
export const images = {
  // renovate: datasource=docker depName=ghcr.io/kube-vip/kube-vip
  kubeVip: { repository: 'ghcr.io/kube-vip/kube-vip', tag: 'v1.0.1' },
  // Kubernetes' own e2e busybox (kubernetes/kubernetes test/utils/image/manifest.go, configs[BusyBox]):
  // the conformance suites' server and clients (httpd, wget, nslookup, timeout).
  // renovate: datasource=docker depName=registry.k8s.io/e2e-test-images/busybox
  conformanceBusybox: { repository: 'registry.k8s.io/e2e-test-images/busybox', tag: '1.37.0-1' },
} as const;


/** The cloud image every VM boots from, verified by its checksum before use. */
export const cloudImage = {
  name: 'ubuntu-noble',
  /** The Ubuntu release; the image URL is built from it and the serial (src/infra/image-cache.ts). */
  release: 'noble',
  // renovate: datasource=custom.ubuntu-cloud-images depName=noble
  serial: '20260926',
  /** SHA-256 of that serial's image (its SHA256SUMS): update it in the same change as the serial. */
  sha256: '6a81c37564db9b1ee84e141922625e1d7c5b389b99bb3c572e0243607d5bb4d2',
} as const;

/** Terraform providers of the VM layer, pinned exactly (our L1 bindings match one schema). */
export const terraformProviders = {
  // renovate: datasource=terraform-provider depName=dmacvicar/libvirt
  libvirt: { source: 'dmacvicar/libvirt', version: '0.9.7' },
  // renovate: datasource=terraform-provider depName=bpg/proxmox
  proxmox: { source: 'bpg/proxmox', version: '0.111.1' },
} as const;

/**
 * The real programs `npm run prove` runs the VM layer and the Kubernetes side against, each built
 * from its Go module at its tag (never a release binary), into a cache outside the repository. The provider the stack
 * pins is `terraformProviders.libvirt`; `commit` is its tag's commit, checked when the source comes
 * from a git snapshot. 0.8.3 writes the count-era state the migration starts from.
 */
export const provingGround = {
  // renovate: datasource=go depName=github.com/opentofu/opentofu
  opentofu: { module: 'github.com/opentofu/opentofu', version: 'v1.12.6' },
  libvirtProvider: {
    module: 'github.com/dmacvicar/terraform-provider-libvirt/v2',
    repository: 'dmacvicar/terraform-provider-libvirt',
    commit: '1c5c001600ba2b787970aff286f2fbfef7376060',
  },
  // The 0.8 line's last release: versioning keeps Renovate inside it.
  // renovate: datasource=terraform-provider depName=dmacvicar/libvirt versioning=regex:^(?<major>0)\.(?<minor>8)\.(?<patch>\d+)$
  libvirtLegacy: { module: 'github.com/dmacvicar/terraform-provider-libvirt', version: '0.8.3' },
  // The Kubernetes half. Each version below follows from another pin, so it is recorded against
  // that pin (no Renovate comment: a bump of the pin it follows names the row it needs).
  /** kube-apiserver: Kubernetes' own release of `k3s.tested` (v1.36.4 for v1.36.4+k3s1), staging modules at v0.<minor>.<patch>. */
  kubernetes: { module: 'k8s.io/kubernetes' },
  /** The etcd each Kubernetes release names (kubernetes <tag> build/dependencies.yaml, `etcd`). */
  etcd: { module: 'go.etcd.io/etcd/server/v3', byKubernetes: { 'v1.36.4': 'v3.6.8' } },
  /** The controllers each Flux distribution ships (flux2 v<flux> manifests/bases/<controller>/kustomization.yaml). */
  fluxControllers: {
    sourceController: { module: 'github.com/fluxcd/source-controller', byFlux: { '2.9.4': 'v1.9.4' } },
    kustomizeController: { module: 'github.com/fluxcd/kustomize-controller', byFlux: { '2.9.4': 'v1.9.4' } },
    helmController: { module: 'github.com/fluxcd/helm-controller', byFlux: { '2.9.4': 'v1.6.3' } },
    notificationController: { module: 'github.com/fluxcd/notification-controller', byFlux: { '2.9.4': 'v1.9.3' } },
  },
  /**
   * Modules a program requires that a module proxy may refuse (the one this tool is built on
   * refuses github.com/fluxcd/pkg/artifact v0.18.2, which source-controller v1.9.4 requires), each
   * a folder of a multi-module repository tagged `<folder>/<version>`: the commit of that tag for
   * each required version, taken from a git snapshot (PROVE_SOURCES) when the proxy refuses it.
   */
  moduleSnapshots: {
    fluxArtifact: { module: 'github.com/fluxcd/pkg/artifact', repository: 'fluxcd/pkg', folder: 'artifact', commitOf: { 'v0.18.2': 'a101e277508563dfc3b6e038658a094d504ba213' } },
  },
  /**
   * Flux's forks a controller's go.mod replaces an upstream module with (`replace helm.sh/helm/v4
   * => github.com/fluxcd/helm/v4 v4.2.4-flux.1` in helm-controller v1.6.3). Where a module proxy
   * refuses the fork and no snapshot has it, the build takes the upstream release the fork is cut
   * from (v4.2.4 of v4.2.4-flux.1) and the program's source says the fork's changes are missing.
   */
  forks: {
    fluxHelm: { module: 'github.com/fluxcd/helm/v4', upstream: 'helm.sh/helm/v4' },
  },
  /** The Kyverno CLI: the appVersion of each kyverno chart release (kyverno <tag> charts/kyverno/Chart.yaml). */
  kyverno: { module: 'github.com/kyverno/kyverno', byChart: { '3.9.0': 'v1.19.0' } },
} as const;

/**
 * The Flux distribution the FluxInstance installs (exact, so a bump is a reviewed change), from
 * the manifests embedded in the flux-operator image (no `distribution.artifact`: works offline).
 */
export const flux = {
  registry: 'ghcr.io/fluxcd',
  // renovate: datasource=github-releases depName=fluxcd/flux2
  version: '2.9.4',
} as const;

/**
 * Tools the generated runbook installs on the workstation that runs it (bootstrap/run.sh), each
 * checked against the SHA-256 of its release before use.
 */
export const tools = {
  helm: {
    // renovate: datasource=github-releases depName=helm/helm
    version: 'v4.3.0',
    /** From the v4.3.0 release notes (get.helm.sh/helm-v4.3.0-linux-<arch>.tar.gz.sha256sum): update with the version. */
    sha256: {
      amd64: '86584a54def73570558f66f5111cc53dfed56689637ae32c1201205d494f54fb',
      arm64: '31c5794dd55c66a51e6b7d2e2ac7a114ae8b1de41ff1d9ba51748ac973b06a08',
    },
  },
  /** The CDKTF CLI for `npx cdktf-cli deploy <env>`, the optional path beside `npm run deploy` (cdktf.json): the release of the cdktf library in package.json. */
  cdktfCli: {
    // renovate: datasource=npm depName=cdktf-cli
    version: '0.21.0',
  },
} as const;
