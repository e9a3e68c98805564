/**
 * lifecycle by hand: the fields whose change between two commits the live object cannot take (a
 * downgrade, a move, a rename that deletes and recreates, data left behind). Every other field takes
 * what field-matrix.ts writes: a new value is applied in place, or by a replacement the review
 * reports. The review's dangers block nothing: a cell they alone show stays pending.
 */
import { applies, pending } from '../field-cell';
import { CHART_PINS, PROVIDER_PINS } from './pins';
import type { ClassCells } from '../field-cell';

const TREE_TEST = 'test/check/workload-tree-rules.test.ts';
const FLEET_TEST = 'test/model/invariants/workload-fleet.test.ts';
const CAPI_TEST = 'test/components/cluster-api.test.ts';
const LIFECYCLE_TEST = 'test/check/lifecycle-rules.test.ts';
const noRule = 'no rule compares it with the committed tree';
const moved = (what: string, danger: string) => pending(`${what}: Flux prunes it where it was and creates it anew, a release uninstalled and installed again, claims' volumes with it; the review names it (danger ${danger}), ${noRule}`);

export const LIFECYCLE: ClassCells = {
  // A workload cluster's subnet its management cluster cannot reach is a rule's; the etcd members' move only the review's.
  'network.subnet': pending(
    `a subnet move readdresses every etcd member in one apply, and no member can reach another at its old peer URL; the review says it (dangers etcd-readdress, address), which blocks nothing; ${noRule}`,
    applies(FLEET_TEST, 'workload.network-unreachable', 'workload.network-routed'),
  ),
  'nodes[].ip': pending(`a server's new address: etcd keeps the member's old peer URL, so a restart does not move it and a rebuild must; the review says it (dangers node-address, etcd-readdress; the server counted as rebuilt), which blocks nothing; ${noRule}`),
  'k3s.version': applies(LIFECYCLE_TEST, 'k3s.downgrade'),
  'k3s.datastore': applies(LIFECYCLE_TEST, 'k3s.datastore-changed'),
  'k3s.dataDir': applies(LIFECYCLE_TEST, 'k3s.datastore-changed'),
  'longhorn.dataPath': applies(LIFECYCLE_TEST, 'longhorn.data-path-changed'),
  'clusterApi.providers[].version': applies(LIFECYCLE_TEST, 'capi.provider-downgrade'),
  'clusterApi.providers[].namespace': pending(`a provider moved to another namespace: the operator deletes the install in the old one and installs it anew, its controllers away meanwhile; ${noRule}`),
  'clusterApi.providers[].configSecret.name': applies(CAPI_TEST, 'capi.config-secret-changed-in-place'),
  'flux.layers[].name': moved('a layer renamed: every object of it moves to a Kustomization of another name', 'layer-move'),
  'apps[].name': moved("an app renamed: its folder and Helm release (and its namespace, when it is the default) change name", 'layer-move'),
  'apps[].layer': moved('an app moved to another layer', 'layer-move'),
  'apps[].namespace': moved("an app moved to another namespace: its namespaced objects are other objects there", 'namespace'),
  'infrastructure.kubernetes': applies(TREE_TEST, 'workload.kubernetes-downgrade'),
  'infrastructure.namespace': applies(TREE_TEST, 'workload.namespace-moved'),
  'infrastructure.proxmox.templates.<name>': applies(FLEET_TEST, 'workload.template-is-vm'),
  'infrastructure.proxmox.vlan': applies(FLEET_TEST, 'workload.network-unreachable'),
  'infrastructure.workers': applies('test/model/invariants/workload.test.ts', 'workload.no-schedulable-worker'),
  'infrastructure.workers[].replicas': applies('ownership-workload-no-worker', 'workload.no-schedulable-worker'),
  'infrastructure.controlPlane.generation': applies(TREE_TEST, 'workload.template-changed'),
  'infrastructure.workers[].generation': applies(TREE_TEST, 'workload.template-changed'),
  'infrastructure.handedOver': applies('test/check/workload-handover-rules.test.ts', 'workload.handover-undone'),
  ...Object.fromEntries(CHART_PINS.map((key) => [`versions.charts.${key}.version`, applies(LIFECYCLE_TEST, 'versions.chart-downgrade')])),
  // A provider pin installs what a provider spreads from it, which capi.provider-downgrade judges at that
  // provider's field; an override no provider takes is versions.override-without-effect's.
  ...Object.fromEntries(PROVIDER_PINS.map((key) => [`versions.capiProviders.${key}.version`, applies(LIFECYCLE_TEST, 'capi.provider-downgrade')])),
  'versions.gatewayApi.version': applies(LIFECYCLE_TEST, 'versions.gateway-api-downgrade'),
  'versions.flux.version': applies(LIFECYCLE_TEST, 'versions.flux-downgrade'),
};
