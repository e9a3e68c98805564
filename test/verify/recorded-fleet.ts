import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { readEnvironmentTree } from '../../src/validate/tree-objects';
import { expectedFluxObjects, pinnedChartVersion, pinnedSourceRef, sourceKey, suspendedBy, syncSource, treeFluxInstance } from '../../src/verify/checks/flux-expected';
import { valuesDigest } from '../../src/verify/values-digest';
import { devCluster, recorded } from './loopback';

/**
 * The recorded dev cluster (test/fixtures/live/dev/) recast as another fleet's environment: its
 * servers' names and addresses from the committed node configs, the VIP from the kube-vip
 * manifest, the deployed values' digest from the committed Cilium HelmRelease, the kubelet at
 * `k3sVersion`. What a healthy cluster of that tree serves.
 */
export function recordedClusterFor(root: string, env: string, k3sVersion: string): Record<string, any>[] {
  const nodesDir = path.join(root, 'clusters', env, 'bootstrap', 'nodes');
  const servers = fs.readdirSync(nodesDir).sort().map((name) => ({ name, ip: String((YAML.parse(fs.readFileSync(path.join(nodesDir, name, 'config.yaml'), 'utf8')) as Record<string, unknown>)['node-ip']) }));
  const tree = readEnvironmentTree(root, env);
  const kubeVip = tree.objects.find((o) => o.doc.kind === 'DaemonSet' && o.doc.metadata.name === 'kube-vip')!;
  const vip = (kubeVip.doc.spec.template.spec.containers[0].env as { name: string; value: string }[]).find((e) => e.name === 'address')!.value;
  const values = tree.objects.find((o) => o.doc.kind === 'HelmRelease' && o.doc.metadata.name === 'cilium')!.doc.spec.values;
  const dev = devCluster();
  const devNodes = dev.filter((o) => o.kind === 'Node');
  const devAgents = dev.filter((o) => o.kind === 'Pod' && o.metadata.labels['k8s-app'] === 'cilium');
  const nodes = servers.map((s, i) => {
    const node = structuredClone(devNodes[i % devNodes.length]!);
    const old = { name: node.metadata.name as string, ip: node.status.addresses[0].address as string };
    node.metadata.name = s.name;
    node.metadata.labels['kubernetes.io/hostname'] = s.name;
    node.metadata.annotations['k3s.io/node-args'] = node.metadata.annotations['k3s.io/node-args'].replaceAll(old.ip, s.ip);
    node.status.addresses = [{ type: 'InternalIP', address: s.ip }, { type: 'Hostname', address: s.name }];
    node.status.nodeInfo.kubeletVersion = k3sVersion;
    return node;
  });
  const agents = servers.map((s, i) => {
    const pod = structuredClone(devAgents[i % devAgents.length]!);
    pod.metadata.name = `cilium-${String(i).padStart(5, 'x')}`;
    pod.spec.nodeName = s.name;
    for (const e of pod.spec.containers[0].env) if (e.name === 'KUBERNETES_SERVICE_HOST') e.value = vip;
    return pod;
  });
  const lease = structuredClone(dev.find((o) => o.kind === 'Lease' && o.metadata.name === 'plndr-cp-lock')!);
  lease.spec.holderIdentity = servers[0]!.name;
  const release = structuredClone(dev.find((o) => o.kind === 'HelmRelease' && o.metadata.name === 'cilium')!);
  release.status.history[0].configDigest = valuesDigest(values);
  return [...nodes, ...agents, lease, release, ...healthyFlux(root, env, head(root)), ...healthyPlatform(root, env)];
}

const head = (root: string) => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();

/**
 * Flux as it stands when it has applied the tree at `sha`: the FluxInstance Ready at the pinned
 * distribution, every Kustomization and HelmRelease the tree has it apply Ready (those a suspended
 * layer holds back absent), the layers at `sha`, the releases at their pinned charts. Each object
 * is a recorded one (test/fixtures/live/) with the tree's name, spec and these states.
 */
function healthyFlux(root: string, env: string, sha: string): Record<string, any>[] {
  const tree = readEnvironmentTree(root, env);
  const { kustomizations, helmReleases } = expectedFluxObjects(tree);
  const instance = structuredClone(recorded('fluxinstances.json')[0]!);
  const version = String(treeFluxInstance(tree)!.doc.spec.distribution.version).replace(/^v/, '');
  instance.status.lastAppliedRevision = `v${version}@sha256:${'a'.repeat(64)}`;
  const sync = syncSource(tree);
  const applied = [...kustomizations, ...helmReleases].filter((o) => suspendedBy(o, kustomizations) === undefined);
  const layerTemplate = recorded('kustomizations.json')[0]!;
  const releaseTemplate = recorded('helmreleases.json').find((o) => o.metadata.name !== 'cilium')!;
  const live = applied.map(({ doc }) => {
    const template = structuredClone(doc.kind === 'Kustomization' ? layerTemplate : releaseTemplate);
    const object: Record<string, any> = { ...template, metadata: { ...template.metadata, name: doc.metadata.name, namespace: doc.metadata.namespace }, spec: doc.spec };
    if (doc.kind === 'Kustomization') {
      const own = sync === undefined || sourceKey(doc) === sync;
      object.status.lastAppliedRevision = own ? `refs/heads/main@sha1:${sha}` : `${pinnedSourceRef(doc, tree)}@sha1:${'b'.repeat(40)}`;
    } else {
      object.status.history[0].chartName = doc.spec.chart?.spec?.chart ?? doc.metadata.name;
      // As helm-controller v1.6.3 records a chart from an OCIRepository: SemVer without `v`, the digest's 12 hex digits as build metadata.
      const pinned = pinnedChartVersion(doc, tree);
      object.status.history[0].chartVersion = doc.spec.chartRef?.kind === 'OCIRepository' && pinned ? `${pinned.replace(/^v/, '')}+${'c'.repeat(12)}` : pinned;
    }
    return object;
  });
  // The runbook's Cilium is the recorded release with its values' digest (recordedClusterFor).
  return [instance, ...live.filter((o) => !(o.kind === 'HelmRelease' && o.metadata.name === 'cilium' && o.metadata.namespace === 'kube-system'))];
}

/** The default class the model gives: Longhorn's where the tree installs it, else k3s's local-path. */
function healthyPlatform(root: string, env: string): Record<string, any>[] {
  const tree = readEnvironmentTree(root, env);
  const longhorn = tree.objects.some((o) => o.doc.kind === 'HelmRelease' && o.doc.metadata.name === 'longhorn');
  const recordedLonghorn = recorded('storageclasses.json').find((o) => o.metadata.name === 'longhorn')!;
  const localPath = { ...recordedLonghorn, metadata: { name: 'local-path', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } }, provisioner: 'rancher.io/local-path' };
  const baselines = tree.objects.filter((o) => o.doc.kind === 'CiliumNetworkPolicy').map((o) => structuredClone(o.doc));
  return [longhorn ? recordedLonghorn : localPath, ...baselines];
}
