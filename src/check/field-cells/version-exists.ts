/**
 * version-exists by hand: every field that names a release (field-matrix.ts leaves exactly these
 * to this file: a text field whose name is a version, tag, serial, image or Kubernetes release).
 * `versions.unpinned` and `version.unpinned` refuse a range everywhere; a tag written against its
 * convention (the `v` flipped) is `versions.tag-convention`'s (`version.tag-convention` on a
 * provider, `k3s.version-suffix` on k3s); a release no vendored data names warns where data is kept
 * (`versions.unknown-release`, `compat.unknown-release`, the values-schema stand-in notes).
 */
import { applies, pending } from '../field-cell';
import { PROVIDER_PINS } from './pins';
import type { ClassCells } from '../field-cell';

const OVERRIDES_TEST = 'test/model/version-overrides.test.ts';
const convention = (by: string) => applies(by, 'versions.tag-convention');
// The pins no vendored data names releases of: a tag against its convention is an error, any other release the tool does not pin a warning.
const unjudged = applies(OVERRIDES_TEST, 'versions.tag-convention', 'versions.unknown-release');

export const VERSION_EXISTS: ClassCells = {
  'nodes[].vm.image': pending("a serial cloud-images.ubuntu.com never published (the format is checked, not the release); the cold build's download fails", applies('vm-image-serial', 'vm.image-serial')),
  'k3s.version': pending('a k3s release that does not exist (v1.36.99+k3s1): the form, the `v` and the suffix are checked, the release against no data', applies('versions-k3s-v-dropped', 'k3s.version-suffix')),
  'clusterApi.providers[].version': applies('versions-capi-provider-v-dropped', 'version.tag-convention'),
  'apps[].helm.version': pending("a chart release the user's repository does not have: the tool holds no data on the user's charts; only `validate --online`, opt-in, asks the registry", applies('app-chart-unpinned', 'version.unpinned')),
  'infrastructure.kubernetes': pending('a kubeadm release that does not exist (v1.35.99): the form vX.Y.Z is checked, the release against no data', applies('workload-kubernetes-version', 'workload.kubernetes-version')),
  'versions.charts.cilium.version': convention('versions-cilium-chart-v-added'),
  'versions.charts.certManager.version': convention('versions-cert-manager-chart-v-dropped'),
  'versions.charts.longhorn.version': unjudged,
  'versions.charts.kyverno.version': unjudged,
  'versions.charts.kubePrometheusStack.version': unjudged,
  'versions.charts.loki.version': convention('versions-loki-chart-v-added'),
  'versions.charts.alloy.version': unjudged,
  'versions.charts.fluxOperator.version': convention('versions-flux-operator-chart-v-added'),
  'versions.charts.clusterApiOperator.version': convention('versions-cluster-api-operator-chart-v-added'),
  // An override of a provider pin installs nothing (versions.override-without-effect, override-effect's cell).
  ...Object.fromEntries(PROVIDER_PINS.map((key) => [`versions.capiProviders.${key}.version`, convention('versions-capi-provider-override-v-dropped')])),
  'versions.gatewayApi.version': convention('versions-gateway-api-v-dropped'),
  'versions.images.kubeVip.tag': unjudged,
  'versions.images.conformanceBusybox.tag': unjudged,
  'versions.cloudImage.serial': pending("a serial cloud-images.ubuntu.com never published, or one that is no serial at all: no rule checks the pin itself (vm.image-serial checks the serials nodes record; the catalogue's walk takes versions and tags only)"),
  'versions.flux.version': applies(OVERRIDES_TEST, 'compat.flux-operator-distribution'),
  'versions.tools.helm.version': pending('a helm release get.helm.sh never published: no data names helm\'s releases and no rule warns (the runbook\'s download fails)', convention('versions-helm-tool-v-dropped')),
};
