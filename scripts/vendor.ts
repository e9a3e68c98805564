/**
 * The upstream files this repository vendors, where each came from, and the refresh command:
 *
 *   npm run vendor -- --from <folder>     copy every listed file from a folder laid out like the
 *                                         source material (json/, crds/, values/, samples/,
 *                                         testvectors/sops/), then rewrite schemas/SOURCES.md
 *   npm run vendor -- --check             exit 1 when a listed file is missing, an unlisted one is
 *                                         present, or SOURCES.md is stale (a test runs the same check)
 *
 * Add a file here when the generator starts emitting a kind (or pins a chart with a values schema);
 * nothing is vendored that no command or test uses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import YAML from 'yaml';
import { CHARTS_WITHOUT_VALUES_SCHEMA } from '../src/tree/values-schema';

export interface Upstream {
  readonly repo: string;
  readonly tag: string;
  readonly path: string;
  readonly commit: string;
}

export interface VendoredFile {
  /** Where it lives in this repository. */
  readonly dest: string;
  /** Where it sits in the source-material folder `--from` names. */
  readonly from: string;
  readonly upstream: Upstream;
  /** How the file was derived from upstream, when it is not a byte copy. */
  readonly derived?: string;
  /** Written here from the upstream text (a table, a folder listing), not copied from `--from`. */
  readonly transcribed?: true;
}

const FLUX_SOURCE: Upstream = { repo: 'fluxcd/source-controller', tag: 'v1.9.1', path: 'config/crd/bases/', commit: '092bcff3c9c3f258a44310507201d295ff294ba6' };
const FLUX_KUSTOMIZE: Upstream = { repo: 'fluxcd/kustomize-controller', tag: 'v1.9.4', path: 'config/crd/bases/', commit: '1324b615da01038e2859cbcde604bd5434f21933' };
const FLUX_HELM: Upstream = { repo: 'fluxcd/helm-controller', tag: 'v1.6.3', path: 'config/crd/bases/', commit: '372c34e2b4a455d24ef6cbb8321c82c4533dbbd8' };
const K3S_HELM: Upstream = { repo: 'k3s-io/helm-controller', tag: 'v0.17.7', path: 'pkg/crds/yaml/generated/', commit: '21a911f86f912a79e06e4f1596c54d8237320e6e' };
const CAPI_OPERATOR: Upstream = { repo: 'kubernetes-sigs/cluster-api-operator', tag: 'v0.28.0', path: 'config/crd/bases/', commit: 'd32c1c2a0bd227e2a49e8c3db9c7ef6b131ec11f' };
const CILIUM_POOL: Upstream = { repo: 'cilium/cilium', tag: '(not determinable; v2 storage, v2alpha1 deprecated)', path: 'pkg/k8s/apis/cilium.io/client/crds/v2/ciliumloadbalancerippools.yaml', commit: '5575315f7bf596c39f75ab4bf852c3b5a6eada17' };
const CILIUM_L2: Upstream = { repo: 'cilium/cilium', tag: '(not determinable; v2alpha1)', path: 'pkg/k8s/apis/cilium.io/client/crds/v2alpha1/ciliuml2announcementpolicies.yaml', commit: 'bd8b48d7ae18a5d078bbc47c92d1aa6d251e9428' };
const CERT_MANAGER: Upstream = { repo: 'cert-manager/cert-manager', tag: 'v1.21.1 (the pin v1.21.2 is not in the snapshot; release-1.21 at 378ef0e2 has these CRDs unchanged)', path: 'deploy/crds/', commit: '24e33194fb39488eff2bbf10c6dc640f407cad44' };
const GATEWAY_API: Upstream = { repo: 'kubernetes-sigs/gateway-api', tag: 'v1.6.1', path: 'config/crd/standard/', commit: '8bb74df00e56ec8f944d48c25e6c1c9c2f6848e3' };
const KYVERNO: Upstream = { repo: 'kyverno/kyverno', tag: 'v1.19.0', path: 'config/crds/policies.kyverno.io/policies.kyverno.io_validatingpolicies.yaml', commit: 'ee97ce09538b09b6f1b03853cc41a62654d6a58f' };
const KPS: Upstream = { repo: 'prometheus-community/helm-charts', tag: 'kube-prometheus-stack-88.5.3', path: 'charts/kube-prometheus-stack/charts/crds/crds/crd-prometheusrules.yaml', commit: 'ea930baeebeba39f56d6b44e351f23b2a072a600' };
const CLIENT_GO: Upstream = { repo: 'kubernetes/client-go', tag: 'kubernetes-1.36.3', path: 'applyconfigurations/internal/internal.go + openapi/openapitest/testdata/', commit: '44a8af2fee834a8fc3523360e029cf7ea7104622' };
const FLUX_OPERATOR: Upstream = { repo: 'controlplaneio-fluxcd/flux-operator', tag: 'v0.58.1', path: 'config/crd/bases/', commit: 'b3b36020aca1f8d2172c76949c0bcb6bbf688dde' };
const FLUX_NOTIFICATION: Upstream = { repo: 'fluxcd/notification-controller', tag: 'v1.9.3 (= Flux v2.9.4)', path: 'config/crd/bases/', commit: '0b6fcb118ea64a36d7ca7d29904e4f5075be87bc' };
const CHAINSAW: Upstream = { repo: 'kyverno/chainsaw', tag: 'v0.2.12', path: '.schemas/json/', commit: '6459cd84a78f13d842e0ff0ad2f6a76c321fd579' };
// The workload clusters' Cluster API objects (CAPMOX's object set, templates/cluster-template.yaml).
const CAPI: Upstream = { repo: 'kubernetes-sigs/cluster-api', tag: 'v1.12.11', path: 'config/crd/bases/', commit: '8f5479b731c4b19411a31d4eafb9cc36e58f00f3' };
const CAPI_KCP: Upstream = { ...CAPI, path: 'controlplane/kubeadm/config/crd/bases/' };
const CAPI_KCT: Upstream = { ...CAPI, path: 'bootstrap/kubeadm/config/crd/bases/' };
const CAPMOX: Upstream = { repo: 'ionos-cloud/cluster-api-provider-proxmox', tag: 'v0.9.0 (the pin v0.9.1 is not in the snapshot; config/crd/bases/ is identical between v0.9.0 and main at 2026-08-18)', path: 'config/crd/bases/', commit: 'eb2360a723105450003fd7095616e3dd8cbe2b39' };
const FLUX_TESTDATA: Upstream = { repo: 'fluxcd/kustomize-controller', tag: '(main, test data)', path: 'internal/controller/testdata/sops/ + internal/decryptor/testdata/', commit: '(see test/fixtures/sops-vectors/SOURCES.md)' };

const CRD_JSON = 'kubeconform-style JSON schema generated from the CRD (see Conversion below)';
const BUILTIN_JSON = 'generated from client-go (see Built-in kinds below)';
const CHAINSAW_JSON = 'unchanged (Chainsaw\'s own schema, not the converter\'s: see Chainsaw below)';

/** CRD YAML: copied unchanged; the generated classes in src/imports/ come from these (cdk8s.yaml). */
const crds: VendoredFile[] = [
  ...['gitrepositories', 'helmrepositories', 'ocirepositories'].map((k) => ({ dest: `schemas/crds/flux/source.toolkit.fluxcd.io_${k}.yaml`, from: `crds/flux/source.toolkit.fluxcd.io_${k}.yaml`, upstream: FLUX_SOURCE })),
  { dest: 'schemas/crds/flux/kustomize.toolkit.fluxcd.io_kustomizations.yaml', from: 'crds/flux/kustomize.toolkit.fluxcd.io_kustomizations.yaml', upstream: FLUX_KUSTOMIZE },
  { dest: 'schemas/crds/flux/helm.toolkit.fluxcd.io_helmreleases.yaml', from: 'crds/flux/helm.toolkit.fluxcd.io_helmreleases.yaml', upstream: FLUX_HELM },
  // The FluxInstance that installs Flux (AGPL-3.0 upstream; the CRD is data here, read by npm run import).
  { dest: 'schemas/crds/flux-operator/fluxcd.controlplane.io_fluxinstances.yaml', from: 'crds/flux-operator/fluxcd.controlplane.io_fluxinstances.yaml', upstream: FLUX_OPERATOR },
  { dest: 'schemas/crds/k3s-helm-controller/helm.cattle.io_helmcharts.yaml', from: 'crds/k3s-helm-controller/helm.cattle.io_helmcharts.yaml', upstream: K3S_HELM },
  ...['core', 'bootstrap', 'controlplane', 'infrastructure', 'ipam'].map((k) => ({
    dest: `schemas/crds/cluster-api-operator/operator.cluster.x-k8s.io_${k}providers.yaml`,
    from: `crds/cluster-api-operator/operator.cluster.x-k8s.io_${k}providers.yaml`,
    upstream: CAPI_OPERATOR,
  })),
  { dest: 'schemas/crds/cilium/ciliumloadbalancerippools.yaml', from: 'crds/cilium/ciliumloadbalancerippools.yaml', upstream: CILIUM_POOL },
  { dest: 'schemas/crds/cilium/ciliuml2announcementpolicies.yaml', from: 'crds/cilium/ciliuml2announcementpolicies.yaml', upstream: CILIUM_L2 },
  // The alert rules the monitoring component emits.
  { dest: 'schemas/crds/prometheus-operator/crd-prometheusrules.yaml', from: 'crds/prometheus-operator/crd-prometheusrules.yaml', upstream: KPS },
  // The Gateway the network component emits (the CRDs themselves reach clusters from upstream Git).
  { dest: 'schemas/crds/gateway-api/gateway.networking.k8s.io_gateways.yaml', from: 'crds/gateway-api/gateway.networking.k8s.io_gateways.yaml', upstream: GATEWAY_API },
  // The apps' routes and the HTTP-to-HTTPS redirect the ingress Gateway carries.
  { dest: 'schemas/crds/gateway-api/gateway.networking.k8s.io_httproutes.yaml', from: 'crds/gateway-api/gateway.networking.k8s.io_httproutes.yaml', upstream: GATEWAY_API },
  // The issuers and the Gateway's certificate the tls component emits.
  ...['certificates', 'clusterissuers'].map((k) => ({ dest: `schemas/crds/cert-manager/cert-manager.io_${k}.yaml`, from: `crds/cert-manager/cert-manager.io_${k}.yaml`, upstream: CERT_MANAGER })),
  // A workload cluster's objects on its management cluster (src/workload/); every served version is in each CRD, the v1beta2 / v1alpha2 classes are used.
  ...['clusters', 'machinedeployments', 'machinehealthchecks'].map((k) => ({ dest: `schemas/crds/cluster-api/cluster.x-k8s.io_${k}.yaml`, from: `crds/cluster-api/cluster.x-k8s.io_${k}.yaml`, upstream: CAPI })),
  // The Machines verify reads on a management cluster (src/verify/checks/workloads.ts); its recorded objects are checked against it.
  { dest: 'schemas/crds/cluster-api/cluster.x-k8s.io_machines.yaml', from: 'crds/cluster-api/cluster.x-k8s.io_machines.yaml', upstream: CAPI },
  { dest: 'schemas/crds/cluster-api/controlplane.cluster.x-k8s.io_kubeadmcontrolplanes.yaml', from: 'crds/cluster-api/controlplane.cluster.x-k8s.io_kubeadmcontrolplanes.yaml', upstream: CAPI_KCP },
  { dest: 'schemas/crds/cluster-api/bootstrap.cluster.x-k8s.io_kubeadmconfigtemplates.yaml', from: 'crds/cluster-api/bootstrap.cluster.x-k8s.io_kubeadmconfigtemplates.yaml', upstream: CAPI_KCT },
  ...['proxmoxclusters', 'proxmoxmachinetemplates'].map((k) => ({
    dest: `schemas/crds/cluster-api-provider-proxmox/infrastructure.cluster.x-k8s.io_${k}.yaml`,
    from: `crds/cluster-api-provider-proxmox/infrastructure.cluster.x-k8s.io_${k}.yaml`,
    upstream: CAPMOX,
  })),
];

/** JSON schemas of every kind the generator emits (validate fails on an emitted kind without one). */
const json: VendoredFile[] = [
  ...['gitrepository-source-v1', 'helmrepository-source-v1', 'ocirepository-source-v1'].map((f) => ({ dest: `schemas/json/${f}.json`, from: `json/${f}.json`, upstream: FLUX_SOURCE, derived: CRD_JSON })),
  { dest: 'schemas/json/kustomization-kustomize-v1.json', from: 'json/kustomization-kustomize-v1.json', upstream: FLUX_KUSTOMIZE, derived: CRD_JSON },
  { dest: 'schemas/json/helmrelease-helm-v2.json', from: 'json/helmrelease-helm-v2.json', upstream: FLUX_HELM, derived: CRD_JSON },
  { dest: 'schemas/json/fluxinstance-fluxcd-v1.json', from: 'json/fluxinstance-fluxcd-v1.json', upstream: FLUX_OPERATOR, derived: CRD_JSON },
  { dest: 'schemas/json/helmchart-helm-v1.json', from: 'json/helmchart-helm-v1.json', upstream: K3S_HELM, derived: CRD_JSON },
  ...['core', 'bootstrap', 'controlplane', 'infrastructure', 'ipam'].map((k) => ({
    dest: `schemas/json/${k}provider-operator-v1alpha2.json`,
    from: `json/${k}provider-operator-v1alpha2.json`,
    upstream: CAPI_OPERATOR,
    derived: CRD_JSON,
  })),
  { dest: 'schemas/json/ciliumloadbalancerippool-cilium-v2.json', from: 'json/ciliumloadbalancerippool-cilium-v2.json', upstream: CILIUM_POOL, derived: CRD_JSON },
  { dest: 'schemas/json/ciliuml2announcementpolicy-cilium-v2alpha1.json', from: 'json/ciliuml2announcementpolicy-cilium-v2alpha1.json', upstream: CILIUM_L2, derived: CRD_JSON },
  // The Gateway the generator emits, and the HTTPRoutes users' apps attach to it.
  { dest: 'schemas/json/prometheusrule-monitoring-v1.json', from: 'json/prometheusrule-monitoring-v1.json', upstream: KPS, derived: CRD_JSON },
  // The Kyverno policies the admission component emits (typed by src/components/kyverno/policies.ts).
  { dest: 'schemas/json/validatingpolicy-policies-v1.json', from: 'json/validatingpolicy-policies-v1.json', upstream: KYVERNO, derived: CRD_JSON },
  ...['gateway-gateway-v1', 'httproute-gateway-v1'].map((f) => ({ dest: `schemas/json/${f}.json`, from: `json/${f}.json`, upstream: GATEWAY_API, derived: CRD_JSON })),
  // The notifications component: Flux's Providers, Alerts and push Receiver, the ReferenceGrant of its route.
  ...['alert-notification-v1beta3', 'provider-notification-v1beta3', 'receiver-notification-v1'].map((f) => ({ dest: `schemas/json/${f}.json`, from: `json/${f}.json`, upstream: FLUX_NOTIFICATION, derived: CRD_JSON })),
  { dest: 'schemas/json/referencegrant-gateway-v1.json', from: 'json/referencegrant-gateway-v1.json', upstream: GATEWAY_API, derived: CRD_JSON },
  // The tls component's issuers and certificates.
  ...['certificate-cert-manager-v1', 'clusterissuer-cert-manager-v1'].map((f) => ({ dest: `schemas/json/${f}.json`, from: `json/${f}.json`, upstream: CERT_MANAGER, derived: CRD_JSON })),
  // A workload cluster's objects (src/workload/): the served storage versions its templates use.
  ...['cluster-cluster-v1beta2', 'machinedeployment-cluster-v1beta2', 'machinehealthcheck-cluster-v1beta2'].map((f) => ({ dest: `schemas/json/${f}.json`, from: `json/${f}.json`, upstream: CAPI, derived: CRD_JSON })),
  { dest: 'schemas/json/machine-cluster-v1beta2.json', from: 'json/machine-cluster-v1beta2.json', upstream: CAPI, derived: CRD_JSON },
  { dest: 'schemas/json/kubeadmcontrolplane-controlplane-v1beta2.json', from: 'json/kubeadmcontrolplane-controlplane-v1beta2.json', upstream: CAPI_KCP, derived: CRD_JSON },
  { dest: 'schemas/json/kubeadmconfigtemplate-bootstrap-v1beta2.json', from: 'json/kubeadmconfigtemplate-bootstrap-v1beta2.json', upstream: CAPI_KCT, derived: CRD_JSON },
  ...['proxmoxcluster-infrastructure-v1alpha2', 'proxmoxmachinetemplate-infrastructure-v1alpha2'].map((f) => ({ dest: `schemas/json/${f}.json`, from: `json/${f}.json`, upstream: CAPMOX, derived: CRD_JSON })),
  // The conformance suites in clusters/<env>/tests/: Chainsaw's own schemas, which describe `spec` only.
  ...['test-chainsaw-v1alpha1', 'configuration-chainsaw-v1alpha2'].map((f) => ({ dest: `schemas/json/${f}.json`, from: `json/${f}.json`, upstream: CHAINSAW, derived: CHAINSAW_JSON })),
  // The built-ins a user's app is made of (construct and manifests apps) besides those the platform emits.
  ...['namespace-v1', 'secret-v1', 'serviceaccount-v1', 'clusterrole-rbac-v1', 'clusterrolebinding-rbac-v1', 'daemonset-apps-v1', 'configmap-v1', 'service-v1', 'deployment-apps-v1', 'role-rbac-v1', 'rolebinding-rbac-v1', 'networkpolicy-networking-v1', 'storageclass-storage-v1'].map((f) => ({
    dest: `schemas/json/${f}.json`,
    from: `json/${f}.json`,
    upstream: CLIENT_GO,
    derived: BUILTIN_JSON,
  })),  // The kinds verify's recorded objects are (test/fixtures/live/): generated here, not copied from --from.
  ...['node-v1', 'pod-v1', 'lease-coordination-v1'].map((f) => ({
    dest: `schemas/json/${f}.json`,
    from: `json/${f}.json`,
    upstream: CLIENT_GO,
    derived: 'generated by scripts/builtin-schemas.ts (see Built-in kinds below)',
    transcribed: true as const,
  })),
];

/** values.schema.json of the pinned charts that ship one (cluster-api-operator ships none). */
const values: VendoredFile[] = [
  {
    // The newest flux-operator chart schema available here (the pin is 0.58.1): the declared stand-in of src/tree/values-schema.ts.
    dest: 'schemas/values/flux-operator-0.49.0.values.schema.json',
    from: 'values/flux-operator-0.49.0.values.schema.json',
    upstream: { repo: 'controlplaneio-fluxcd/charts', tag: 'flux-operator-0.49.0', path: 'charts/flux-operator/values.schema.json', commit: 'fc87d3b3f55bc28becb11126dadcde2bedf648a0' },
  },
  {
    dest: 'schemas/values/loki-18.11.0.values.schema.json',
    from: 'values/loki-18.11.0.values.schema.json',
    upstream: { repo: 'grafana-community/helm-charts', tag: 'loki-18.11.0', path: 'charts/loki/values.schema.json', commit: '3386a1156177c6bcd7fdb1ad4c6b1dda094296e0' },
  },
  {
    dest: 'schemas/values/cilium-1.20.0.values.schema.json',
    from: 'values/cilium-1.20.0.values.schema.json',
    upstream: { repo: 'cilium/charts', tag: 'cilium-1.20.0.tgz', path: 'cilium/values.schema.json', commit: 'd5f3d1cc0ed8e94d6920996024fefe5a3857dc15' },
  },
  {
    // The pin's own: the Go module proxy's zip of github.com/cert-manager/cert-manager@v1.21.2 (the git snapshot ends at v1.21.1).
    dest: 'schemas/values/cert-manager-v1.21.2.values.schema.json',
    from: 'values/cert-manager-v1.21.2.values.schema.json',
    upstream: { repo: 'cert-manager/cert-manager', tag: 'v1.21.2 (from the Go module proxy: proxy.golang.org github.com/cert-manager/cert-manager/@v/v1.21.2.zip, published 2026-09-10)', path: 'deploy/charts/cert-manager/values.schema.json', commit: '(not in the proxy\'s answer; the file\'s sha256 is 47730ad9154f6cde7a081de7541f88e085ff92a5e5fd65a41a3d0223ff735bea)' },
  },
];

const TRANSCRIBED = 'transcribed into JSON (the table the compatibility rules read; the file names its source again)';

/** A table transcribed by hand from its upstream text (nothing to copy with --from). */
const transcribed = (dest: string, upstream: VendoredFile['upstream']): VendoredFile => ({ dest, from: '-', upstream, derived: TRANSCRIBED, transcribed: true });

/** What the pinned releases declare about each other (src/model/compatibility.ts reads them). */
const compat: VendoredFile[] = [
  transcribed('schemas/compat/cert-manager-kubernetes.json', { repo: 'cert-manager/website', tag: '(main; the website has no tags)', path: 'content/docs/releases/README.md (both release tables)', commit: '776e5dba56510fc9de84206b806b568447077f25' }),
  transcribed('schemas/compat/cluster-api-operator.json', { repo: 'kubernetes-sigs/cluster-api-operator', tag: 'v0.24.0 to v0.28.0 (each entry names its commit)', path: 'go.mod (sigs.k8s.io/cluster-api) + internal/controller/phase_load.go or phases.go (accepted contracts)', commit: 'd32c1c2a0bd227e2a49e8c3db9c7ef6b131ec11f (v0.28.0)' }),
  transcribed('schemas/compat/cluster-api-providers.json', { repo: 'kubernetes-sigs/cluster-api; ionos-cloud/cluster-api-provider-proxmox; kubernetes-sigs/cluster-api-ipam-provider-in-cluster', tag: 'v1.12.11; v0.9.0 (the pin v0.9.1 is not in the snapshot; releaseSeries is per minor); v1.1.0-rc.2 (the pin v1.1.1 is not in the snapshot; main at bc27dd72 holds the same file)', path: 'metadata.yaml', commit: '8f5479b731c4b19411a31d4eafb9cc36e58f00f3; eb2360a723105450003fd7095616e3dd8cbe2b39; 66b34b263a9e376b43293eb804f148beec4b3a23' }),
  transcribed('schemas/compat/cluster-api-kubernetes.json', { repo: 'kubernetes-sigs/cluster-api', tag: 'v1.12.11', path: 'docs/book/src/reference/versions.md (Core provider table of the supported versions matrix)', commit: '8f5479b731c4b19411a31d4eafb9cc36e58f00f3' }),
  transcribed('schemas/compat/cilium-gateway-api.json', { repo: 'cilium/cilium', tag: 'v1.20.0', path: 'Documentation/operations/upgrade.rst, 1.20 upgrade notes (the repository was too large to fetch: transcribed from the rendered https://docs.cilium.io/en/v1.20/operations/upgrade/)', commit: '(not read)' }),
  transcribed('schemas/compat/flux-operator-flux.json', { repo: 'controlplaneio-fluxcd/flux-operator', tag: 'v0.53.0 to v0.58.1 (each entry names its commit)', path: 'config/data/flux/ (the folder names)', commit: 'b3b36020aca1f8d2172c76949c0bcb6bbf688dde (v0.58.1)' }),
];

/** Test data: the pass/fail samples of the vendored schemas, and files written by the real sops. */
const testData: VendoredFile[] = [
  {
    dest: 'test/fixtures/schema-samples/validation-samples.yaml',
    from: 'samples/validation-samples.yaml',
    upstream: { repo: '(source material)', tag: '-', path: 'schemas/samples/validation-samples.yaml', commit: '-' },
    derived: 'only the samples whose schema is vendored here',
  },
  {
    dest: 'test/fixtures/schema-samples/validation-samples-platform.yaml',
    from: 'samples/validation-samples-platform.yaml',
    upstream: { repo: '(source material)', tag: '-', path: 'schemas/samples/validation-samples-platform.yaml', commit: '-' },
    derived: 'only the samples whose schema is vendored here',
  },
  {
    dest: 'test/fixtures/schema-samples/validation-samples-fleet.yaml',
    from: 'samples/validation-samples-fleet.yaml',
    upstream: { repo: '(source material)', tag: '-', path: 'schemas/samples/validation-samples-fleet.yaml', commit: '-' },
    derived: 'only the samples whose schema is vendored here',
  },
  ...['flux-global-secret.sops.yaml', 'flux-age-global.txt', 'flux-age-algorithms.sops.yaml', 'flux-age-algorithms.txt', 'SOURCES.md'].map((f) => ({
    dest: `test/fixtures/sops-vectors/${f}`,
    from: `testvectors/sops/${f}`,
    upstream: FLUX_TESTDATA,
  })),
];

export const VENDORED: readonly VendoredFile[] = [...crds, ...json, ...values, ...compat, ...testData];
export const SOURCES_FILE = 'schemas/SOURCES.md';
/** Files under the vendored folders that are this repository's own, not vendored. */
export const OWN_FILES = [SOURCES_FILE, 'schemas/environment.schema.json', 'test/fixtures/schema-samples/validation-samples-verify.yaml'];

const row = (f: VendoredFile) => `| ${f.dest} | ${f.upstream.repo} | ${f.upstream.path} | ${f.upstream.tag} | ${f.upstream.commit} | ${f.derived ?? 'unchanged'} |`;

/** schemas/SOURCES.md, generated from the list above so the two never disagree. */
export function sourcesMarkdown(): string {
  return `# Vendored upstream files

Generated from \`scripts/vendor.ts\` (the list of vendored files and their sources); refresh with
\`npm run vendor -- --from <folder>\`. All upstream files are Apache-2.0 (LICENSE checked in each
repository). Nothing the project runs or tests reads anything outside this repository.

| file | upstream repository | upstream path | tag | commit | form |
| --- | --- | --- | --- | --- | --- |
${VENDORED.map(row).join('\n')}

## Conversion (CRD → kubeconform-style JSON schema)

One file per served version, \`<kind>-<first label of the group>-<version>.json\`, from
\`spec.versions[].schema.openAPIV3Schema\`: \`apiVersion\`/\`kind\` become \`enum: [exact value]\` and
\`required\`; \`x-kubernetes-*\` removed (\`int-or-string\` → \`anyOf [integer, string]\`); every object
that declares \`properties\` gets \`additionalProperties: false\` unless it preserves unknown fields;
\`metadata\` stays \`{type: object}\`. CEL rules (\`x-kubernetes-validations\`) cannot be expressed in
JSON Schema: the ones that matter are re-implemented in \`src/validate/cel-check.ts\`.

## Cluster API (workload clusters)

Cluster API v1.12.11 is the pin. The CAPMOX files are **v0.9.0 standing in for the pin v0.9.1**,
which the stored snapshot does not hold (its newest tag is v0.9.0; \`api/\`, \`config/crd/bases/\` and
\`templates/\` are identical between v0.9.0 and the snapshot's main of 2026-08-18, so v0.9.1 cannot
only differ there by what was committed after that date, which is not known here). Each CRD serves older versions too; only the
versions the objects are written in have a JSON schema (v1beta2 for Cluster API, v1alpha2 for
CAPMOX), and the classes in \`src/imports/\` of those versions are the ones used. The CAPMOX schemas
carry Go's \`^(?i)…\` patterns (\`tags\`, \`templateSelector.matchTags\`), which JavaScript's RegExp
rejects: \`src/tree/go-regexp.ts\` turns the leading flag group into RegExp flags for ajv. Their CEL
rules that matter for the generated objects (unique \`kubeletExtraArgs\`/\`extraArgs\` names, an IP
config on the ProxmoxCluster, templateID or templateSelector, \`full\` with \`format\`/\`storage\`)
are re-implemented in \`src/validate/cel-check.ts\`; the admission webhooks (the endpoint outside
the pool, template immutability) are the model's rules, not the schemas'.

## Built-in kinds

Namespace, Secret, ServiceAccount, ClusterRole, ClusterRoleBinding and DaemonSet: field set and
types from client-go's structured-merge-diff schema (exact for Kubernetes 1.36.3), descriptions,
\`required\`, \`enum\` and \`format\` from client-go's OpenAPI test data at the same tag; RBAC
\`required\` lists added by hand from k8s.io/api; every object strict. Node, Pod and Lease (the
kinds of verify's recorded objects) are written by \`scripts/builtin-schemas.ts\` from the same two
files (client-go ships no OpenAPI test data for coordination.k8s.io, so Lease's own fields have no
descriptions and its numbers no integer format): run it on a client-go checkout at the tag.

## Chainsaw

\`test-chainsaw-v1alpha1.json\` and \`configuration-chainsaw-v1alpha2.json\` are Chainsaw's own files,
byte for byte: they declare \`"$schema": "http://json-schema.org/schema#"\`, use \`type: [X, "null"]\` and
\`additionalProperties: false\`, and require only \`spec\`, not \`apiVersion\`/\`kind\` (the file name,
picked by the document's apiVersion and kind, stands for those). There is no Test v1alpha2 at v0.2.12.
\`validate\` checks every YAML document of \`clusters/<env>/tests/\` against them; the resources the
suites apply are not checked by these schemas (their Pods and CiliumNetworkPolicies have no vendored
schema); synth builds them from the same code as the tree's, and \`check\` sees any edit of them.

## Compatibility data (schemas/compat/)

What the pinned releases declare about each other, transcribed from each project's own repository
(a table on a website from the website's source): each file repeats its source, and
\`src/model/compatibility.ts\` looks each pin up in it. A pin a table does not cover is a warning
that names the file's source and its newest entry (compat.unknown-release,
compat.gateway-api-cilium-unknown, compat.provider-unknown-release, workload.kubernetes-support-unknown). Refresh a table from the same
file at a newer tag when a pin moves past it.

## Not vendored

The in-cluster IPAM provider's InClusterIPPool (v1.1.0-rc.2 would stand in for the pin v1.1.1):
CAPMOX creates the cluster's pool itself from the ProxmoxCluster's \`ipv4Config\`, so the generator
writes no pool and needs no schema for one.

Values schemas: ${[...CHARTS_WITHOUT_VALUES_SCHEMA].sort().join(', ')} publish none (their values are
not schema-checked; see \`CHARTS_WITHOUT_VALUES_SCHEMA\` in \`src/tree/values-schema.ts\`). flux-operator's
chart lives in controlplaneio-fluxcd/charts, whose snapshot ends at 0.49.0 and which the Go module
proxy does not serve: 0.49.0's schema is the declared stand-in for the pin 0.58.1
(\`VALUES_SCHEMA_STAND_INS\`), which synth does not warn about and validate names in a note.
`;
}

/** Every file under the vendored folders, repository-relative. */
function present(root: string): string[] {
  const found: string[] = [];
  const walk = (rel: string) => {
    const full = path.join(root, rel);
    if (!fs.existsSync(full)) return;
    for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else found.push(child);
    }
  };
  for (const folder of ['schemas', 'test/fixtures/schema-samples', 'test/fixtures/sops-vectors']) walk(folder);
  return found.sort();
}

/** What is wrong with the vendored files under `root`: missing, unlisted, or a stale SOURCES.md. */
export function vendorProblems(root: string): string[] {
  const listed = new Set([...VENDORED.map((f) => f.dest), ...OWN_FILES]);
  const files = present(root);
  const sources = path.join(root, SOURCES_FILE);
  return [
    ...VENDORED.filter((f) => !fs.existsSync(path.join(root, f.dest))).map((f) => `${f.dest} is missing: run npm run vendor -- --from <folder>`),
    ...files.filter((f) => !listed.has(f)).map((f) => `${f} is not listed in scripts/vendor.ts: list it with its source, or delete it`),
    ...(fs.existsSync(sources) && fs.readFileSync(sources, 'utf8') === sourcesMarkdown() ? [] : [`${SOURCES_FILE} is stale: run npm run vendor -- --check --write`]),
  ];
}

/** Keeps only the sample documents whose schema is vendored. */
function filterSamples(text: string): string {
  const vendored = new Set(VENDORED.map((f) => f.dest.replace(/^schemas\//, '')));
  // Split on the document markers so kept samples stay byte for byte as upstream wrote them.
  const chunks = text.split(/^---\n/m);
  return chunks.filter((chunk) => vendored.has(String(YAML.parse(chunk)?.schema))).join('---\n');
}

function copyFrom(root: string, from: string): void {
  for (const file of VENDORED.filter((f) => !f.transcribed)) {
    const source = path.join(from, file.from);
    if (!fs.existsSync(source)) throw new Error(`${source} does not exist: --from must be laid out as json/, crds/, values/, samples/, testvectors/sops/`);
    const text = fs.readFileSync(source, 'utf8');
    fs.mkdirSync(path.dirname(path.join(root, file.dest)), { recursive: true });
    fs.writeFileSync(path.join(root, file.dest), file.from.startsWith('samples/') ? filterSamples(text) : text);
  }
}

function main(argv: string[]): number {
  const { values: opts } = parseArgs({ args: argv, options: { from: { type: 'string' }, check: { type: 'boolean' }, write: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  const root = process.cwd();
  if (opts.help || (!opts.from && !opts.check)) {
    process.stdout.write('usage: npm run vendor -- --from <folder> | --check [--write]\n');
    return opts.help ? 0 : 2;
  }
  if (opts.from) copyFrom(root, path.resolve(opts.from));
  if (opts.from || opts.write) fs.writeFileSync(path.join(root, SOURCES_FILE), sourcesMarkdown());
  const problems = vendorProblems(root);
  process.stdout.write(problems.length === 0 ? `vendor: ${VENDORED.length} files present and listed\n` : problems.map((p) => `${p}\n`).join(''));
  return problems.length === 0 ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 2;
  }
}
