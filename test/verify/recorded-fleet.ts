import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { readEnvironmentTree } from '../../src/validate/tree-objects';
import { valuesDigest } from '../../src/verify/values-digest';
import { devCluster } from './loopback';

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
  const release = structuredClone(dev.find((o) => o.kind === 'HelmRelease')!);
  release.status.history[0].configDigest = valuesDigest(values);
  return [...nodes, ...agents, lease, release];
}
