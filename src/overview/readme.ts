import path from 'node:path';
import type { Environment } from '../model/resolve';
import { templateName } from '../model/workload';
import type { WorkloadCluster } from '../model/workload';
import { fluxDir, treeDir } from '../tree/paths';
import { environmentDiagram, layerDiagram, layersOf, mermaid } from './diagrams';
import { conformanceSection } from './conformance';
import { imagesSection } from './images';
import { notificationsSection } from './notifications';
import { storageSummary } from './storage';
import { tlsSection } from './tls';

/** The folders of each layer (its components and apps), from the rendered files. */
function layerContents(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const contents = new Map<string, Set<string>>();
  for (const path of files.keys()) {
    const m = /^kubernetes\/([^/]+)\/([^/]+)\//.exec(path);
    if (!m || m[1] === 'flux-system') continue;
    if (!contents.has(m[1]!)) contents.set(m[1]!, new Set());
    contents.get(m[1]!)!.add(m[2]!);
  }
  return new Map([...contents].map(([layer, folders]) => [layer, [...folders].sort()]));
}

/** A k3s cluster's servers, and where its cold build is. */
function k3sIntro(env: Environment): string[] {
  return [
    `Generated from \`environments/${env.name}.ts\` by \`npm run synth\`; edit that file, not this one. The cold build is [bootstrap/README.md](bootstrap/README.md).`,
    '',
    '| server | address | role | state |',
    '| --- | --- | --- | --- |',
    ...env.nodes.map((n) => `| ${n.name} | ${n.ip} | ${n === env.founder ? 'founder' : 'server'} | ${n.state} |`),
  ];
}

/** A workload cluster's machine sets, and where its Cluster API objects are: it has no cold build of its own. */
function workloadIntro(env: Environment, cluster: WorkloadCluster): string[] {
  const objects = `${fluxDir(cluster.management)}/${cluster.layer}/${cluster.name}`;
  const range = cluster.addresses.ranges.map((r) => `${r.first}–${r.last}`).join(', ');
  return [
    `Generated from \`environments/${env.name}.ts\` by \`npm run synth\`; edit that file, not this one. Cluster API on ${cluster.management} creates its machines from the objects in [\`${objects}/\`](${path.posix.relative(treeDir(env.name), objects)}/) (${cluster.management}'s \`${cluster.layer}\` layer, namespace \`${cluster.namespace}\`). ${cluster.handedOver ? `The Flux of this tree owns the cluster, its Cilium and flux-operator releases included; ${cluster.management}'s handover objects are suspended.` : `${cluster.management}'s Flux hands it over: the Gateway API CRDs, Cilium, flux-operator, then the FluxInstance syncing this tree. Until handedOver is set, this tree's own Cilium and flux-operator HelmReleases are suspended: ${cluster.management}'s release them.`}`,
    '',
    '| machine set | machines | sockets × cores | memory | disk | template |',
    '| --- | --- | --- | --- | --- | --- |',
    ...[cluster.controlPlane, ...cluster.workers].map((set) => `| ${set.name} | ${set.replicas} | ${set.sizes.sockets} × ${set.sizes.cores} | ${set.sizes.memoryMiB} MiB | ${set.sizes.diskGiB} GiB | ${templateName(cluster.name, set.name, set.generation)} |`),
    '',
    `Machine addresses: ${range} (CAPMOX's in-cluster pool); template VM ${cluster.proxmox.templateId} for Kubernetes ${cluster.kubernetesVersion}.`,
  ];
}

/**
 * `clusters/<env>/README.md`: what a person looking at the tree wants first: the servers and
 * addresses, the pinned versions, the picture, and the Flux layers with what is in them.
 */
export function overviewReadme(env: Environment, files: ReadonlyMap<string, string>): string {
  const infra = env.infrastructure;
  const where =
    infra.kind === 'bare-metal' ? 'bare metal'
      : infra.kind === 'libvirt' ? `libvirt VMs (${infra.uri})`
        : infra.kind === 'proxmox' ? `Proxmox VMs on ${infra.node} (${infra.endpoint})`
          : `Proxmox VMs Cluster API on ${infra.management} creates (CAPMOX, from ${infra.proxmox.sourceNode})`;
  const cilium = env.cilium ? env.versions.charts.cilium.version : 'none (flannel)';
  const layers = layersOf(files);
  const contents = layerContents(files);
  const picture = {
    subnet: env.network.subnet,
    vip: env.vip,
    ingressVip: env.ingressVip,
    servers: env.liveNodes.map((n) => ({ name: n.name, ip: n.ip, founder: n === env.founder })),
  };
  return [
    `# ${env.name}`,
    '',
    ...(env.workload ? workloadIntro(env, env.workload) : k3sIntro(env)),
    '',
    '| what | value |',
    '| --- | --- |',
    `| subnet | ${env.network.subnet} (gateway ${env.network.gateway}, DNS ${env.network.dns.join(', ')}) |`,
    `| API endpoint | https://${env.apiServerEndpoint}:${env.apiPort}${env.vip ? ' (kube-vip VIP)' : ''} |`,
    ...(env.ingressVip ? [`| ingress VIP | ${env.ingressVip} |`] : []),
    `| nodes run on | ${where} |`,
    env.k3s
      ? `| k3s | ${env.k3s.version} (${env.k3s.datastore === 'etcd' ? 'embedded etcd' : 'sqlite'}, data dir ${env.k3s.dataDir}) |`
      : `| Kubernetes | ${env.kubernetesVersion} (kubeadm, stacked etcd) |`,
    `| Cilium | ${cilium} |`,
    `| storage | ${storageSummary(env)} |`,
    `| Flux | ${env.versions.flux.version} through flux-operator ${env.versions.charts.fluxOperator.version}, syncing \`${treeDir(env.name)}/kubernetes\` from ${env.flux.url} (${env.flux.branch}) |`,
    '',
    ...imagesSection(env),
    ...tlsSection(env),
    '## Picture',
    '',
    mermaid(environmentDiagram(picture)),
    '',
    '## Flux layers',
    '',
    mermaid(layerDiagram(layers)),
    '',
    '| layer | waits for | what it holds |',
    '| --- | --- | --- |',
    ...layers.map((l) => `| ${l.name}${l.suspend ? ' (suspended)' : ''} | ${l.dependsOn.join(', ') || '–'} | ${(contents.get(l.name) ?? []).join(', ') || '–'} |`),
    '',
    ...notificationsSection(env),
    ...conformanceSection(env, files),
  ].join('\n');
}
