import type { Environment } from '../../model/resolve';
import type { LiveKind, VerifyCheck, VerifyInput, VerifyLine } from '../types';
import { heldBy, layerOf } from './flux-expected';
import { byName, condition, listed, notReady, objectName, treeObjectsOf } from './live-objects';

const OPERATOR_GROUP = 'operator.cluster.x-k8s.io';
const provider = (kind: string): LiveKind => ({ group: OPERATOR_GROUP, version: 'v1alpha2', resource: `${kind.toLowerCase()}s`, kind });

/** The cluster-api-operator kinds the tree writes (v0.28.0 config/crd/bases, vendored in schemas/crds/cluster-api-operator/). */
export const PROVIDER_KINDS: readonly LiveKind[] = ['CoreProvider', 'BootstrapProvider', 'ControlPlaneProvider', 'InfrastructureProvider', 'IPAMProvider'].map(provider);
/** k3s's HelmCharts (helm.cattle.io/v1, k3s-io/helm-controller v0.17.7), which the tree ships only in kube-system. */
export const HELM_CHARTS: LiveKind = { group: 'helm.cattle.io', version: 'v1', resource: 'helmcharts', kind: 'HelmChart', namespace: 'kube-system' };

const INSTALL_OPERATOR = 'let Flux reconcile the layer that installs cluster-api-operator (its chart ships these CRDs)';
const INSTALL_K3S_HELM = "k3s serves HelmChart through its embedded helm-controller: check the servers' k3s (a --disable-helm-controller server serves none)";

/** The Kustomization line's words for a tree file: who applies it, and whether a suspended layer holds it back. */
function missing(input: VerifyInput, check: string, subject: string, file: string, what: string): VerifyLine {
  const held = heldBy(input.tree, file);
  if (held) return { check, outcome: 'not-checkable', subject, expected: `${what}, applied once layer ${held} resumes (the tree suspends it)`, live: 'absent' };
  const [namespace, name] = (layerOf(input.tree, file) ?? 'flux-system/flux-system').split('/');
  return { check, outcome: 'drift', subject, expected: `${what} (${file})`, live: 'absent', fix: `flux reconcile kustomization ${name} -n ${namespace} --with-source` };
}

/**
 * A Provider at its pin: Ready (cluster-api-operator v0.28.0 internal/controller/healthcheck: the
 * provider's Deployment Available) and `status.installedVersion` (set by phase_fetch.go once the
 * components of `spec.version` are installed) equal to the tree's `spec.version`.
 */
function providerLines(input: VerifyInput, kind: LiveKind): VerifyLine[] {
  const wanted = treeObjectsOf(input.tree.objects, OPERATOR_GROUP, kind.kind).filter(({ file }) => file.includes('/kubernetes/'));
  if (wanted.length === 0) return [];
  const list = listed(input.live, kind, 'providers.provider', INSTALL_OPERATOR);
  if (list.line) return [list.line];
  const live = new Map(list.items.map((p) => [objectName(p), p]));
  return byName(wanted.map((w) => w.doc)).map((doc): VerifyLine => {
    const { file } = wanted.find((w) => w.doc === doc)!;
    const subject = `${kind.kind} ${objectName(doc)}`;
    const version = String(doc.spec?.version);
    const found = live.get(objectName(doc));
    if (found === undefined) return missing(input, 'providers.provider', subject, file, `Ready at ${version}`);
    const installed = found.status?.installedVersion;
    const why = notReady(found);
    const state = `${why ?? 'Ready'}, installed ${installed ?? '(none)'}${found.spec?.version !== version ? `, spec.version ${found.spec?.version}` : ''}`;
    if (why === undefined && installed === version) return { check: 'providers.provider', outcome: 'pass', subject, expected: `Ready at ${version}`, live: state };
    const fix = found.spec?.version !== version
      ? `the live spec.version is not the tree's: flux reconcile kustomization ${(layerOf(input.tree, file) ?? 'flux-system/flux-system').split('/')[1]} -n flux-system --with-source`
      : `see kubectl -n ${found.metadata.namespace} describe ${kind.resource} ${found.metadata.name} and the cluster-api-operator's logs`;
    return { check: 'providers.provider', outcome: 'drift', subject, expected: `Ready at ${version}`, live: state, fix };
  });
}

/**
 * A k3s HelmChart at the tree's chart version. helm-controller v0.17.7 reports no deployed version
 * and no Ready: `JobCreated`, and `Failed` when the install Job failed (pkg/apis/helm.cattle.io/v1/types.go).
 */
function helmChartLines(input: VerifyInput): VerifyLine[] {
  const wanted = [...new Map(treeObjectsOf(input.tree.objects, 'helm.cattle.io', 'HelmChart').map((w) => [objectName(w.doc), w])).values()];
  if (wanted.length === 0) return [];
  const list = listed(input.live, HELM_CHARTS, 'providers.helmchart', INSTALL_K3S_HELM);
  if (list.line) return [list.line];
  const live = new Map(list.items.map((c) => [objectName(c), c]));
  return byName(wanted.map((w) => w.doc)).map((doc): VerifyLine => {
    const { file } = wanted.find((w) => w.doc === doc)!;
    const subject = `HelmChart ${objectName(doc)}`;
    const expected = `chart ${doc.spec?.chart} ${doc.spec?.version}, not failed`;
    const found = live.get(objectName(doc));
    if (found === undefined) return missing(input, 'providers.helmchart', subject, file, expected);
    const failed = condition(found, 'Failed');
    const state = `chart ${found.spec?.chart} ${found.spec?.version}${failed?.status === 'True' ? `, Failed: ${failed.message ?? failed.reason ?? ''}` : ''}${found.status?.jobName ? `, job ${found.status.jobName}` : ''}`;
    if (found.spec?.version === doc.spec?.version && found.spec?.chart === doc.spec?.chart && failed?.status !== 'True') return { check: 'providers.helmchart', outcome: 'pass', subject, expected, live: state };
    const fix = failed?.status === 'True'
      ? `see the install Job's logs: kubectl -n ${found.metadata.namespace} logs job/${found.status?.jobName ?? `helm-install-${found.metadata.name}`}`
      : `let Flux apply the tree's: flux reconcile kustomization ${(layerOf(input.tree, file) ?? 'flux-system/flux-system').split('/')[1]} -n flux-system --with-source`;
    return { check: 'providers.helmchart', outcome: 'drift', subject, expected, live: state, fix };
  });
}

/** mgmt's Cluster API: every Provider Ready at its pin; and the k3s HelmCharts at the tree's pins. */
export const providersCheck: VerifyCheck = {
  area: 'providers',
  reads: (env: Environment) => [...(env.clusterApi ? PROVIDER_KINDS : []), ...(env.helmInstaller === 'k3s' ? [HELM_CHARTS] : [])],
  run: (input) => [...(input.env.clusterApi ? PROVIDER_KINDS.flatMap((k) => providerLines(input, k)) : []), ...(input.env.helmInstaller === 'k3s' ? helmChartLines(input) : [])],
};
