/**
 * ownership by hand: the fields that name or make an object the user's apps and the platform could
 * both hold (a namespace, an object in one, a hostname, a folder). Every other field takes what
 * field-matrix.ts writes: it names no object an app could also make.
 */
import { applies, no, pending } from '../field-cell';
import type { ClassCells } from '../field-cell';

// An object another owner writes too (a platform Namespace, the layer's own) is an error; one in a platform namespace a warning.
const appObjects = applies('test/check/app-ownership-rules.test.ts', 'app.object-owned', 'app.object-platform-namespace');

export const OWNERSHIP: ClassCells = {
  'apps[].name': applies('app-name-taken', 'app.name-taken'),
  'apps[].namespace': applies('app-platform-namespace', 'app.platform-namespace'),
  'apps[].manifests': appObjects,
  'apps[].construct': appObjects,
  'apps[].helm.chart': no("the chart's objects are rendered by helm-controller in the cluster, where synth never sees them; the namespace they land in is apps[].namespace's cell"),
  'apps[].route.host': applies('app-route-duplicate-host', 'app.route-duplicate-host'),
  'notifications.webhook.host': applies('app-route-duplicate-host', 'app.route-duplicate-host'),
  'flux.layers[].namespaces[]': applies('namespace-created-twice', 'namespace.created-by-component'),
  'clusterApi.providers[].namespace': no('a platform namespace: an app placed in it is app.platform-namespace\'s (apps[].namespace), and a layer listing it namespace.created-by-component\'s'),
  'secrets[].name': pending("a declared Secret named like one the platform writes in that namespace (flux-system/sops-age, a receiver's notify-<name>, capmox-system's configSecret of another provider): two sources for one object; no rule compares them"),
  'infrastructure.namespace': pending("a workload cluster's objects in a namespace an app of its management tree creates: pruning or moving the app deletes the namespace and the Cluster with it", applies('test/model/invariants/workload-fleet.test.ts', 'workload.namespace-unknown')),
};
