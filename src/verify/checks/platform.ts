import { deploysLocalPath } from '../../components/storage-classes';
import { LONGHORN_STORAGE_CLASS } from '../../components/longhorn/chart';
import { K3S_LOCAL_PATH } from '../../model/k3s-packaged';
import { toYaml } from '../../tree/yaml';
import type { LiveKind, VerifyCheck, VerifyInput, VerifyLine } from '../types';
import { heldBy, layerOf } from './flux-expected';
import { byName, listed, objectName, treeObjectsOf } from './live-objects';

export const STORAGE_CLASSES: LiveKind = { group: 'storage.k8s.io', version: 'v1', resource: 'storageclasses', kind: 'StorageClass' };
/** The baseline's kind (src/components/default-deny/policy.ts writes cilium.io/v2 CiliumNetworkPolicy). */
export const CILIUM_NETWORK_POLICIES: LiveKind = { group: 'cilium.io', version: 'v2', resource: 'ciliumnetworkpolicies', kind: 'CiliumNetworkPolicy' };

/** The annotation marking the default class (kubernetes.io docs, "Change the default StorageClass"; the DefaultStorageClass admission plugin reads it). */
export const DEFAULT_CLASS_ANNOTATION = 'storageclass.kubernetes.io/is-default-class';

/**
 * The default class the tree gives: a StorageClass of its own marked default, else Longhorn's
 * where it runs (its chart's `persistence.defaultClass`), else k3s's local-path unless disabled.
 */
function expectedDefault({ env, tree }: VerifyInput): string | undefined {
  const own = treeObjectsOf(tree.objects, 'storage.k8s.io', 'StorageClass').find(({ doc }) => doc.metadata?.annotations?.[DEFAULT_CLASS_ANNOTATION] === 'true');
  if (own) return own.doc.metadata.name;
  if (env.longhorn) return LONGHORN_STORAGE_CLASS;
  return deploysLocalPath(env) ? K3S_LOCAL_PATH : undefined;
}

function storageLines(input: VerifyInput): VerifyLine[] {
  const list = listed(input.live, STORAGE_CLASSES, 'platform.default-storage-class', 'the API server serves storage.k8s.io/v1 itself: check the credentials and the server');
  if (list.line) return [list.line];
  const want = expectedDefault(input);
  const defaults = byName(list.items.filter((c) => c.metadata?.annotations?.[DEFAULT_CLASS_ANNOTATION] === 'true')).map((c) => c.metadata.name as string);
  const subject = 'default StorageClass';
  const expected = want === undefined ? 'none (no Longhorn, k3s.disable lists local-storage)' : want;
  const live = defaults.length === 0 ? 'none' : defaults.join(', ');
  if (defaults.length === (want === undefined ? 0 : 1) && (want === undefined || defaults[0] === want)) return [{ check: 'platform.default-storage-class', outcome: 'pass', subject, expected, live }];
  const fix = want === undefined
    ? `unmark ${live}: kubectl annotate storageclass <name> ${DEFAULT_CLASS_ANNOTATION}-`
    : !list.items.some((c) => c.metadata?.name === want)
      ? `StorageClass ${want} does not exist: ${want === K3S_LOCAL_PATH ? 'k3s creates it unless k3s.disable lists local-storage (check the servers\' config)' : 'let Flux reconcile the layer that installs it'}`
      : `mark ${want} the one default: kubectl annotate storageclass ${want} ${DEFAULT_CLASS_ANNOTATION}=true --overwrite${defaults.filter((d) => d !== want).map((d) => `; kubectl annotate storageclass ${d} ${DEFAULT_CLASS_ANNOTATION}-`).join('')}`;
  return [{ check: 'platform.default-storage-class', outcome: 'drift', subject, expected: `${expected} alone`, live, fix }];
}

/** Every baseline policy of the tree present in its namespace, with the tree's spec. */
function baselineLines(input: VerifyInput): VerifyLine[] {
  const wanted = treeObjectsOf(input.tree.objects, 'cilium.io', 'CiliumNetworkPolicy').filter(({ file }) => file.includes('/default-deny/'));
  if (wanted.length === 0) return [];
  const list = listed(input.live, CILIUM_NETWORK_POLICIES, 'platform.baseline', 'Cilium installs the kind: let Flux reconcile the layer that installs Cilium');
  if (list.line) return [list.line];
  const live = new Map(list.items.map((p) => [objectName(p), p]));
  return byName(wanted.map((w) => w.doc)).map((doc): VerifyLine => {
    const { file } = wanted.find((w) => w.doc === doc)!;
    const namespace = doc.metadata.namespace as string;
    const subject = `namespace ${namespace}`;
    const expected = `CiliumNetworkPolicy ${doc.metadata.name} as ${file}`;
    const found = live.get(objectName(doc));
    const held = heldBy(input.tree, file);
    if (found === undefined) {
      return held
        ? { check: 'platform.baseline', outcome: 'not-checkable', subject, expected: `${expected}, applied once layer ${held} resumes (the tree suspends it)`, live: 'absent' }
        : { check: 'platform.baseline', outcome: 'drift', subject, expected, live: 'absent: the namespace runs without its default-deny baseline', fix: `let Flux apply it: ${reconcileLayer(input, file)}` };
    }
    return toYaml(found.spec ?? {}) === toYaml(doc.spec ?? {})
      ? { check: 'platform.baseline', outcome: 'pass', subject, expected, live: `CiliumNetworkPolicy ${doc.metadata.name}` }
      : { check: 'platform.baseline', outcome: 'drift', subject, expected, live: `CiliumNetworkPolicy ${doc.metadata.name} with another spec (edited in the cluster)`, fix: `let Flux restore it: ${reconcileLayer(input, file, ' --force')}` };
  });
}

/** `flux reconcile` of the layer that applies a tree file. */
function reconcileLayer(input: VerifyInput, file: string, force = ''): string {
  const [namespace, name] = (layerOf(input.tree, file) ?? 'flux-system/flux-system').split('/');
  return `flux reconcile kustomization ${name} -n ${namespace} --with-source${force}`;
}

/** The platform as the tree says: the one default StorageClass, and the default-deny baseline of every namespace it covers. */
export const platformCheck: VerifyCheck = {
  area: 'platform',
  reads: (env) => [STORAGE_CLASSES, ...(env.cilium && env.defaultDeny ? [CILIUM_NETWORK_POLICIES] : [])],
  run: (input) => [...storageLines(input), ...baselineLines(input)],
};
