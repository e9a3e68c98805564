/**
 * The field matrix by hand: for each field, the classes its kind does not settle (field-matrix.ts
 * fills those: a boolean holds no whitespace, a string field is walked for it). The first nine
 * classes by field, below; issue 42's seven by class, one file each under field-cells/, merged in
 * at the end. A field not listed takes what its kind settles.
 */
import { applies, no } from './field-cell';
import type { ClassCells, FieldCells, FieldClass } from './field-cell';
import { AUTHORITY_ACCEPTS } from './field-cells/authority-accepts';
import { LIFECYCLE } from './field-cells/lifecycle';
import { OVERRIDE_EFFECT } from './field-cells/override-effect';
import { OWNERSHIP } from './field-cells/ownership';
import { CHART_PINS, PROVIDER_PINS } from './field-cells/pins';
import { PROGRAM_REFUSES } from './field-cells/program-refuses';
import { VERSION_EXISTS } from './field-cells/version-exists';

/** The test that walks every string field (spec.whitespace, spec.empty). */
export const TEXT_TEST = 'test/model/spec-text.test.ts';
/** The test that walks every number field, each above its bound. */
export const BOUNDS_TEST = 'test/model/spec-bounds.test.ts';
/** The test that walks every number field with NaN and Infinity. */
export const NUMBERS_TEST = 'test/model/spec-not-a-number.test.ts';
/** Every number field's not-a-number cell: NaN and Infinity are spec.not-a-number's, the walk proves it field by field. */
export const NOT_A_NUMBER = applies(NUMBERS_TEST, 'spec.not-a-number');

// What many fields share.
const layerExists = applies('cilium-layer-missing', 'flux.layer-missing');
const componentOrder = applies('cilium-before-gateway-api', 'component.layer-order');
const serverPath = no('a path on each server, not on the workstation: nothing the runbook writes beside the repository');
const hostFile = no('a file on the libvirt host, attached to the domain by path and never written');
const urlCredentials = applies('test/model/invariants/access.test.ts', 'url.credentials');
// An empty URL is spec.empty's; an empty part inside one is url.empty-part's.
const urlEmptyPart = applies('test/model/invariants/access.test.ts', 'url.empty-part');
const sizeBounds = (by: string) => applies(by, 'vm.size-out-of-bounds');
/** The test of the warnings about settings without effect where they are set. */
const WITHOUT_EFFECT_TEST = 'test/components/without-effect.test.ts';
const vmOnBareMetal = applies(WITHOUT_EFFECT_TEST, 'setting.without-effect');
const valuesSecret = { 'secret-material': applies('test/model/invariants/values-secrets.test.ts', 'values.private-key', 'values.plaintext-secret') };
const chartUnused = applies(WITHOUT_EFFECT_TEST, 'setting.without-effect');
/** The tests of the workload cluster's rules: alone, against its fleet, against the committed tree. */
const WORKLOAD_TEST = 'test/model/invariants/workload.test.ts';
const WORKLOAD_FLEET_TEST = 'test/model/invariants/workload-fleet.test.ts';
const WORKLOAD_TREE_TEST = 'test/check/workload-tree-rules.test.ts';
const k3sSetting = applies('workload-k3s-setting', 'workload.k3s-setting');
const onProxmox = (what: string) => no(`${what} on the Proxmox host, which synth does not reach: no rule can see whether it exists`);
const nodeKnown = applies(WORKLOAD_FLEET_TEST, 'workload.node-unknown');

const BY_FIELD: Readonly<Record<string, FieldCells>> = {
  name: {
    'outside-repo': applies('invalid-environment-name', 'environment.invalid-name'),
    'shared-identity': applies('test/check/run.test.ts', 'environment.duplicate-name'),
  },
  nodes: { 'upper-bound': applies('test/model/invariants/control-plane.test.ts', 'quorum.beyond-recommended'), 'without-effect': k3sSetting },
  k3s: { 'without-effect': k3sSetting },
  kubeconfig: { 'without-effect': k3sSetting },
  helmInstaller: { 'without-effect': k3sSetting },
  handover: { 'without-effect': k3sSetting },
  'nodes[].name': { 'shared-identity': applies('duplicate-node-name', 'node.duplicate-name') },
  'nodes[].ip': { 'shared-identity': applies('duplicate-node-ip', 'node.duplicate-ip') },
  'nodes[].vm': { 'without-effect': vmOnBareMetal },
  'nodes[].vm.vcpus': { 'upper-bound': sizeBounds('vm-vcpus-out-of-bounds'), 'without-effect': vmOnBareMetal },
  'nodes[].vm.memoryMiB': { 'upper-bound': sizeBounds('vm-memory-out-of-bounds'), 'without-effect': vmOnBareMetal },
  'nodes[].vm.osDiskGiB': { 'upper-bound': sizeBounds(BOUNDS_TEST), 'without-effect': vmOnBareMetal },
  'nodes[].vm.dataDiskGiB': { 'upper-bound': sizeBounds(BOUNDS_TEST), 'without-effect': vmOnBareMetal },
  'nodes[].vm.vmId': {
    'upper-bound': applies(BOUNDS_TEST, 'vm.id-invalid'),
    'without-effect': vmOnBareMetal,
    'shared-identity': applies('planned-shared-vmid', 'vm.id-invalid'),
  },
  'nodes[].vm.mac': { 'shared-identity': applies('planned-shared-mac', 'vm.duplicate-mac'), 'without-effect': vmOnBareMetal },
  'nodes[].vm.image': { 'without-effect': applies('vm-image-without-effect', 'vm.image-without-effect') },
  'nodes[].ssh.host': { 'shared-identity': applies('ssh-target-is-node-ip', 'ssh.shared-target') },
  'nodes[].ssh.port': {
    'upper-bound': applies('ssh-port-invalid', 'ssh.port-invalid'),
    'shared-identity': applies('ssh-shared-target', 'ssh.shared-target'),
  },
  'controlPlane.vip': { 'shared-identity': applies('vip-is-planned-node-ip', 'vip.is-node-ip') },
  'controlPlane.vipInterface': { 'without-effect': applies(WITHOUT_EFFECT_TEST, 'setting.without-effect') },
  'controlPlane.apiPort': { 'upper-bound': applies('api-port-invalid', 'api-port.invalid') },
  ingressVip: {
    'without-effect': applies(WITHOUT_EFFECT_TEST, 'setting.without-effect'),
    'shared-identity': applies('ingress-vip-is-node', 'ingress-vip.conflict'),
  },
  'k3s.dataDir': { 'outside-repo': serverPath },
  'k3s.disable[]': { 'must-resolve': applies('test/model/invariants/standards.test.ts', 'k3s.disable-unknown', 'k3s.disable-own-manifest') },
  'k3s.oidc.realm': { 'empty-part': applies('oidc-invalid-issuer', 'oidc.invalid-issuer') },
  'k3s.oidc.issuerHost': { 'empty-part': applies('test/model/invariants/standards.test.ts', 'oidc.invalid-issuer') },
  'cilium.layer': { 'must-resolve': layerExists, ordering: componentOrder },
  'cilium.layers.gatewayApi': { 'must-resolve': layerExists, ordering: componentOrder },
  'cilium.layers.network': { 'must-resolve': layerExists, ordering: componentOrder, 'without-effect': applies(WITHOUT_EFFECT_TEST, 'setting.without-effect') },
  'longhorn.layer': { 'must-resolve': layerExists, ordering: applies('storage-claim-unordered', 'storage.claim-unordered') },
  'longhorn.replicas': { 'upper-bound': applies('longhorn-replicas', 'longhorn.replicas-exceed-servers') },
  'longhorn.bulkReplicas': { 'upper-bound': applies(BOUNDS_TEST, 'longhorn.replicas-exceed-servers') },
  'longhorn.dataPath': { 'outside-repo': serverPath, 'without-effect': applies('longhorn-data-path-on-vms', 'longhorn.data-path') },
  defaultDeny: { 'without-effect': applies('default-deny-without-cilium', 'default-deny.without-cilium'), ordering: applies('default-deny-unordered', 'default-deny.unordered') },
  'defaultDeny.exempt[]': { 'must-resolve': applies('default-deny-exempt-unknown', 'default-deny.exempt-unknown') },
  'kyverno.layer': { 'must-resolve': layerExists, ordering: componentOrder },
  'kyverno.policiesLayer': { 'must-resolve': layerExists, ordering: componentOrder },
  'monitoring.layer': { 'must-resolve': layerExists, ordering: componentOrder },
  'monitoring.rulesLayer': { 'must-resolve': layerExists, ordering: componentOrder },
  'clusterApi.providers[].name': { 'shared-identity': applies('duplicate-provider', 'capi.duplicate-provider') },
  'clusterApi.providers[].contract': { 'must-resolve': applies('provider-contract', 'compat.provider-contract') },
  'clusterApi.providers[].configSecret.keys[]': { 'must-resolve': applies('secret-missing-key', 'secret.missing-keys') },
  'clusterApi.providers[].configSecret.name': { 'must-resolve': applies('secret-missing', 'secret.missing') },
  'clusterApi.layers.certManager': { 'must-resolve': layerExists, ordering: applies('capi-layer-order', 'capi.layer-order') },
  'clusterApi.layers.operator': { 'must-resolve': layerExists, ordering: applies('capi-layer-order', 'capi.layer-order') },
  'clusterApi.layers.providers': { 'must-resolve': layerExists, ordering: applies('capi-layer-order', 'capi.layer-order') },
  'clusterApi.layers.clusters': { 'must-resolve': applies(WORKLOAD_FLEET_TEST, 'workload.clusters-layer-missing'), ordering: applies(WORKLOAD_FLEET_TEST, 'workload.clusters-layer-order') },
  'clusterApi.proxmoxNodes[]': { 'must-resolve': no("the Proxmox nodes the management environment knows: what its workload clusters' placement is checked against (workload.node-unknown), not a name of something the spec declares") },
  'notifications.layer': { 'must-resolve': layerExists },
  'notifications.receivers[].name': { 'shared-identity': applies('notifications-duplicate-name', 'notifications.duplicate-name') },
  'notifications.receivers[].alerts': { 'without-effect': applies('notifications-alerts-without-monitoring', 'notifications.alerts-without-monitoring') },
  'notifications.receivers[].smarthost': { 'upper-bound': applies('notifications-smtp-hostport', 'notifications.smtp-hostport') },
  'notifications.webhook': { 'without-effect': applies('notifications-webhook-without-gateway', 'notifications.webhook-without-gateway') },
  'notifications.webhook.host': { 'shared-identity': applies('app-route-duplicate-host', 'app.route-duplicate-host') },
  tls: { 'without-effect': applies('tls-no-gateway', 'tls.no-gateway') },
  'tls.layer': { 'must-resolve': layerExists, ordering: componentOrder, 'without-effect': applies(WITHOUT_EFFECT_TEST, 'setting.without-effect') },
  'tls.issuerLayer': { 'must-resolve': layerExists, ordering: applies('tls-certificate-layer', 'tls.certificate-layer') },
  'tls.issuer.dns01.tokenSecret': { 'must-resolve': applies('secret-missing', 'secret.missing') },
  // Its host must resolve from the cluster: under a private suffix, through a resolver of network.dns.
  'flux.url': { 'secret-material': applies('url-credentials', 'url.credentials'), 'empty-part': urlEmptyPart, 'must-resolve': applies('private-name-public-resolvers', 'network.private-name-public-resolvers') },
  'flux.pullSecret': { 'must-resolve': applies('flux-pull-secret-undeclared', 'flux.pull-secret-undeclared') },
  'flux.layers[].name': { 'shared-identity': applies('duplicate-layer', 'flux.duplicate-layer') },
  'flux.layers[].dependsOn[]': { 'must-resolve': applies('unknown-dependency', 'flux.unknown-dependency') },
  'flux.layers[].dependsOn': { ordering: applies('dependency-cycle', 'flux.dependency-cycle') },
  'flux.layers[].suspend': { ordering: applies('cni-layer-suspended', 'flux.cni-suspended') },
  'flux.layers[].wait': { 'without-effect': applies('wait-ignores-health-checks', 'flux.wait-ignores-health-checks') },
  'flux.layers[].namespaces[]': { 'shared-identity': applies('namespace-created-twice', 'namespace.created-by-component') },
  'kubeconfig.file': {
    'outside-repo': applies('kubeconfig-shared-file', 'kubeconfig.shared-file'),
    'shared-identity': applies('test/model/invariants/fleet.test.ts', 'fleet.shared-kubeconfig'),
  },
  'kubeconfig.merge': { 'outside-repo': applies('test/model/invariants/access.test.ts', 'kubeconfig.shared-file') },

  'handover.helmCharts[]': { 'must-resolve': applies('handover-helmchart-unknown', 'handover.helmchart-unknown') },
  'handover.files[].path': { 'outside-repo': no('a file on the founder that the runbook shreds on purpose, not one beside the repository') },
  'handover.files[].held[]': { 'must-resolve': applies('handover-secret-undeclared', 'handover.secret-undeclared') },
  'components.<name>': { 'must-resolve': applies('component-unknown', 'component.unknown') },
  'components.<name>.layer': { 'must-resolve': layerExists },
  'components.<name>.values.<name>': valuesSecret,
  'clusterApi.operatorValues.<name>': valuesSecret,
  'apps[].helm.values.<name>': valuesSecret,
  'apps[].name': { 'shared-identity': applies('app-duplicate-name', 'app.duplicate-name') },
  'apps[].layer': { 'must-resolve': applies('app-layer-missing', 'app.layer-missing') },
  'apps[].namespace': { ordering: applies('app-namespace-not-ready', 'app.namespace-not-ready') },
  'apps[].dependsOn[]': { 'must-resolve': applies('app-depends-on-unknown', 'app.depends-on'), ordering: applies('app-depends-on-unknown', 'app.depends-on') },
  'apps[].helm.oci': { 'secret-material': urlCredentials, 'empty-part': urlEmptyPart },
  'apps[].helm.repo': { 'secret-material': urlCredentials, 'empty-part': urlEmptyPart },
  'apps[].manifests': { 'outside-repo': applies('app-manifests-outside', 'app.invalid-path'), 'must-resolve': applies('app-manifests-missing', 'app.manifests-missing') },
  'apps[].route': { 'without-effect': applies('app-route-no-gateway', 'app.route-no-gateway') },
  'apps[].route.host': { 'shared-identity': applies('app-route-duplicate-host', 'app.route-duplicate-host') },
  // A Helm app's Service comes from its chart, rendered in the cluster only: checked for construct and manifests apps.
  'apps[].route.service': { 'must-resolve': applies('app-route-service-unknown', 'app.route-service-unknown') },
  'apps[].route.port': { 'upper-bound': applies('app-route-port', 'app.route-port'), 'must-resolve': applies('test/components/ingress-gateway/rendered-rules.test.ts', 'app.route-service-unknown') },
  'secrets[].namespace': { 'must-resolve': applies('secret-namespace-unknown', 'secret.namespace-unknown') },
  'secrets[].name': { 'must-resolve': applies('secret-missing', 'secret.missing') },
  'secrets[].keys[]': { 'must-resolve': applies('secret-missing-key', 'secret.missing-keys') },
  'secrets[].layer': {
    'must-resolve': applies('secret-layer-unknown', 'secret.layer-unknown'),
    ordering: applies('secret-namespace-unordered', 'secret.namespace-unordered'),
  },
  'sops.ageRecipients[]': { 'secret-material': applies('sops-recipient-private', 'sops.recipient-private') },
  'infrastructure.access.sshKeys[]': { 'secret-material': applies('test/model/invariants/vms.test.ts', 'vm.ssh-key-private', 'vm.ssh-key-invalid', 'vm.example-ssh-key') },
  'infrastructure.vm.vcpus': { 'upper-bound': sizeBounds(BOUNDS_TEST) },
  'infrastructure.vm.memoryMiB': { 'upper-bound': sizeBounds(BOUNDS_TEST) },
  'infrastructure.vm.osDiskGiB': { 'upper-bound': sizeBounds(BOUNDS_TEST) },
  'infrastructure.vm.dataDiskGiB': { 'upper-bound': sizeBounds(BOUNDS_TEST) },
  'infrastructure.migrateFromCount[]': { 'must-resolve': applies('moved-unknown-node', 'moved.unknown-node') },
  'infrastructure.migrateFromCount': { ordering: applies('test/model/invariants/vms.test.ts', 'moved.node-unlisted') },
  'infrastructure.adopt.domains.<name>': { 'must-resolve': applies('vm-adopt-unknown-node', 'vm.adopt-unknown-node') },
  'infrastructure.adopt.domains.<name>.uuid': { 'shared-identity': applies('vm-adopt-shared-uuid', 'vm.adopt-identity') },
  'infrastructure.adopt.domains.<name>.osDisk': { 'outside-repo': hostFile, 'shared-identity': applies('vm-adopt-shared-disk', 'vm.adopt-identity') },
  'infrastructure.adopt.domains.<name>.dataDisk': { 'outside-repo': hostFile, 'shared-identity': applies('vm-adopt-shared-disk', 'vm.adopt-identity') },
  'infrastructure.adopt.domains.<name>.seed': { 'outside-repo': hostFile },
  'infrastructure.endpoint': { 'secret-material': urlCredentials, 'empty-part': urlEmptyPart },
  'infrastructure.protectData': { 'without-effect': applies(WITHOUT_EFFECT_TEST, 'setting.without-effect') },
  'network.dns': { 'upper-bound': applies('test/model/invariants/addresses.test.ts', 'network.dns-beyond-three') },
  'versions.gatewayApi.version': { 'without-effect': applies(WITHOUT_EFFECT_TEST, 'setting.without-effect') },
  'versions.images.kubeVip.tag': { 'without-effect': applies(WITHOUT_EFFECT_TEST, 'setting.without-effect') },
  'versions.cloudImage.serial': { 'without-effect': applies(WITHOUT_EFFECT_TEST, 'setting.without-effect') },
  'versions.cloudImage.sha256': { 'without-effect': applies(WITHOUT_EFFECT_TEST, 'setting.without-effect') },
  'infrastructure.vlan': { 'upper-bound': applies('vlan-out-of-range', 'vm.vlan-invalid') },
  'infrastructure.management': { 'must-resolve': applies(WORKLOAD_FLEET_TEST, 'workload.management-unknown'), ordering: applies(WORKLOAD_FLEET_TEST, 'workload.clusters-layer-order') },
  // Its objects go into this namespace of the management cluster, which must exist there.
  'infrastructure.namespace': { 'must-resolve': applies(WORKLOAD_FLEET_TEST, 'workload.namespace-unknown') },
  'infrastructure.kubernetes': { 'must-resolve': applies('workload-template-missing', 'workload.template-missing'), ordering: applies(WORKLOAD_TREE_TEST, 'workload.kubernetes-skew') },
  'infrastructure.controlPlane.replicas': { 'upper-bound': applies(BOUNDS_TEST, 'workload.control-plane-beyond-recommended') },
  'infrastructure.controlPlane.retainedGenerations[]': {
    'must-resolve': applies(WORKLOAD_TREE_TEST, 'workload.template-retained-missing'),
    'shared-identity': applies('workload-retained-generation', 'workload.retained-generation'),
  },
  'infrastructure.workers[].retainedGenerations[]': {
    'must-resolve': applies(WORKLOAD_TREE_TEST, 'workload.template-retained-missing'),
    'shared-identity': applies('workload-retained-generation', 'workload.retained-generation'),
  },
  'infrastructure.controlPlane.generation': { 'shared-identity': applies(WORKLOAD_TREE_TEST, 'workload.template-changed') },
  'infrastructure.workers[].generation': { 'shared-identity': applies(WORKLOAD_TREE_TEST, 'workload.template-changed') },
  'infrastructure.workers[].name': {
    'upper-bound': applies('workload-pool-invalid-name', 'workload.pool-invalid-name'),
    'shared-identity': applies('workload-pool-duplicate-name', 'workload.pool-duplicate-name'),
  },
  'infrastructure.proxmox.sourceNode': { 'must-resolve': nodeKnown },
  'infrastructure.proxmox.allowedNodes[]': { 'must-resolve': nodeKnown },
  'infrastructure.proxmox.templates.<name>': { 'must-resolve': onProxmox('a template VM') },
  'infrastructure.proxmox.bridge': { 'must-resolve': onProxmox('a bridge') },
  'infrastructure.proxmox.bootDevice': { 'must-resolve': onProxmox("a disk device of the template VM") },
  'infrastructure.addresses.first': { 'shared-identity': applies(WORKLOAD_FLEET_TEST, 'workload.pool-overlap') },
  'infrastructure.addresses.last': { 'shared-identity': applies('workload-address-in-pool', 'workload.address-in-pool') },
  'infrastructure.podCidr': { 'shared-identity': applies(WORKLOAD_FLEET_TEST, 'workload.cidr-overlaps-fleet') },
  'infrastructure.serviceCidr': { 'shared-identity': applies('workload-cidr-overlap', 'workload.cidr-overlap') },
  'infrastructure.sshKeys[]': { 'secret-material': applies(WORKLOAD_TEST, 'vm.ssh-key-private', 'vm.ssh-key-invalid', 'vm.example-ssh-key') },
  'infrastructure.adopt.vms.<name>': { 'must-resolve': applies('vm-adopt-unknown-node', 'vm.adopt-unknown-node') },
  'infrastructure.adopt.vms.<name>.mac': { 'shared-identity': applies('vm-adopt-identity-proxmox', 'vm.adopt-identity') },
  'infrastructure.adopt.vms.<name>.sshKeys[]': { 'secret-material': applies('vm-adopt-ssh-key-private', 'vm.ssh-key-private') },
  ...Object.fromEntries(CHART_PINS.filter((chart) => chart !== 'fluxOperator').map((chart) => [`versions.charts.${chart}.version`, { 'without-effect': chartUnused }])),
  ...Object.fromEntries(PROVIDER_PINS.map((p) => [`versions.capiProviders.${p}.version`, { 'without-effect': applies(WITHOUT_EFFECT_TEST, 'setting.without-effect') }])),
};

/** Issue 42's classes, each kept by class. */
const BY_CLASS: Readonly<Partial<Record<FieldClass, ClassCells>>> = {
  'program-refuses': PROGRAM_REFUSES,
  'version-exists': VERSION_EXISTS,
  ownership: OWNERSHIP,
  lifecycle: LIFECYCLE,
  'authority-accepts': AUTHORITY_ACCEPTS,
  'override-effect': OVERRIDE_EFFECT,
};

/** Every hand-kept cell, by field: the by-field table with the by-class ones merged in. */
export const FIELD_CELLS: Readonly<Record<string, FieldCells>> = Object.entries(BY_CLASS).reduce<Record<string, FieldCells>>(
  (all, [fieldClass, cells]) => {
    for (const [path, cell] of Object.entries(cells)) all[path] = { ...all[path], [fieldClass]: cell };
    return all;
  },
  { ...BY_FIELD },
);
