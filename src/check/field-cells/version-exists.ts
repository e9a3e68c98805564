/**
 * version-exists by hand: every field that names a release (field-matrix.ts leaves exactly these
 * to this file: a text field whose name is a version, tag, serial, image or Kubernetes release).
 * `versions.unpinned` and `version.unpinned` refuse a range everywhere; what they cannot see is a
 * tag written against its convention (the `v` flipped) or a release no registry has.
 */
import { applies, pending } from '../field-cell';
import { CHART_PINS, PROVIDER_PINS } from './pins';
import type { ClassCells, Cell } from '../field-cell';

const OVERRIDES_TEST = 'test/model/version-overrides.test.ts';
const convention = (what: string) => `${what}: an override with the \`v\` prefix flipped against the component's own tag convention renders a tag no registry has, and a release the vendored data does not know passes without a word (issue 42, stream versions)`;
const chart = (key: string, known: boolean): Cell =>
  pending(convention(`the ${key} chart pin`), known ? applies(OVERRIDES_TEST, 'compat.unknown-release') : applies(OVERRIDES_TEST, 'versions.unpinned'));
// The charts whose compatibility table is looked up by their pin (catalogue.ts CHART_TABLES).
const TABLED = ['certManager', 'clusterApiOperator', 'fluxOperator'];

export const VERSION_EXISTS: ClassCells = {
  'nodes[].vm.image': pending("a serial cloud-images.ubuntu.com never published (the format is checked, not the release); the cold build's download fails", applies('vm-image-serial', 'vm.image-serial')),
  'k3s.version': pending('a k3s release that does not exist (v1.36.99+k3s1): the format and suffix are checked, the release against no data (issue 42, stream versions)', applies('k3s-no-suffix', 'k3s.version-suffix')),
  'clusterApi.providers[].version': pending(convention('a provider release'), applies('test/components/cluster-api.test.ts', 'compat.provider-unknown-release')),
  'apps[].helm.version': pending("a chart release the user's repository does not have: the tool holds no data on the user's charts; only `validate --online`, opt-in, could ask the registry (issue 42, stream versions)", applies('app-chart-unpinned', 'version.unpinned')),
  'infrastructure.kubernetes': pending('a kubeadm release that does not exist (v1.35.99): the form vX.Y.Z is checked, the release against no data (issue 42, stream versions)', applies('workload-kubernetes-version', 'workload.kubernetes-version')),
  ...Object.fromEntries(CHART_PINS.map((key) => [`versions.charts.${key}.version`, chart(key, TABLED.includes(key))])),
  ...Object.fromEntries(PROVIDER_PINS.map((key) => [`versions.capiProviders.${key}.version`, pending(convention(`the ${key} provider pin`), applies('test/components/cluster-api.test.ts', 'compat.provider-unknown-release'))])),
  'versions.gatewayApi.version': pending(convention('the Gateway API pin'), applies(OVERRIDES_TEST, 'compat.gateway-api-cilium')),
  'versions.images.kubeVip.tag': pending(convention('the kube-vip image tag'), applies(OVERRIDES_TEST, 'versions.unpinned')),
  'versions.images.conformanceBusybox.tag': pending(convention('the conformance busybox image tag'), applies(OVERRIDES_TEST, 'versions.unpinned')),
  'versions.cloudImage.serial': pending('a serial cloud-images.ubuntu.com never published, or one that is no serial at all: no rule checks the pin itself (vm.image-serial checks the serials nodes record; the catalogue\'s walk takes versions and tags only) (issue 42, stream versions)'),
  'versions.flux.version': applies(OVERRIDES_TEST, 'compat.flux-operator-distribution'),
  'versions.tools.helm.version': pending(convention('the helm tool pin'), applies(OVERRIDES_TEST, 'versions.unpinned')),
};
