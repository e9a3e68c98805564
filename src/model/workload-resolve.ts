import type { z } from 'zod';
import type { environmentSchema } from './environment';
import type { DeepReadonly } from './spec-types';
import type { MachineSet, WorkloadCluster } from './workload';

type Parsed = DeepReadonly<z.output<typeof environmentSchema>>;
type Infrastructure = Parsed['infrastructure'];
type ClusterApiInfrastructure = Extract<Infrastructure, { kind: 'cluster-api' }>;
type Pool = ClusterApiInfrastructure['controlPlane'] | ClusterApiInfrastructure['workers'][number];

/** The management environment's layer for workload clusters when it names none (or is not in the fleet). */
export const DEFAULT_CLUSTERS_LAYER = 'capi-clusters';

/** Where Flux keeps its SOPS identity (the name flux-layer.ts's decryption and the runbook use), and its key. */
export const FLUX_SYSTEM = 'flux-system';
export const SOPS_AGE_SECRET_NAME = 'sops-age';
export const SOPS_AGE_KEY = 'age.agekey';

function machineSet(name: string, pool: Pool, path: string): MachineSet {
  return { name, replicas: pool.replicas, generation: pool.generation, retainedGenerations: pool.retainedGenerations, sizes: pool.machine, path };
}

/**
 * The workload cluster a `cluster-api` spec declares, or undefined for any other. `management`
 * is the parsed spec of the environment it names, where the fleet has it (its layer for clusters).
 */
export function resolveWorkload(s: Parsed, management: Parsed | undefined): WorkloadCluster | undefined {
  const infra = s.infrastructure;
  if (infra.kind !== 'cluster-api') return undefined;
  return {
    name: s.name,
    management: infra.management,
    namespace: infra.namespace,
    layer: management?.clusterApi?.layers.clusters ?? DEFAULT_CLUSTERS_LAYER,
    kubernetesVersion: infra.kubernetes,
    endpoint: { host: s.controlPlane.vip ?? '', port: s.controlPlane.apiPort },
    vipInterface: s.controlPlane.vipInterface ?? '',
    controlPlane: machineSet('control-plane', infra.controlPlane, 'infrastructure.controlPlane'),
    workers: infra.workers.map((pool, i) => machineSet(pool.name, pool, `infrastructure.workers[${i}]`)),
    addresses: {
      ranges: [{ first: infra.addresses.first, last: infra.addresses.last }],
      prefix: Number(s.network.subnet.split('/')[1]),
      gateway: s.network.gateway,
      dns: s.network.dns,
    },
    clusterNetwork: { pods: infra.podCidr, services: infra.serviceCidr },
    proxmox: {
      sourceNode: infra.proxmox.sourceNode,
      // 0 names no VM: workload.template-missing reports the version without a template.
      templateId: infra.proxmox.templates[infra.kubernetes] ?? 0,
      templates: infra.proxmox.templates,
      allowedNodes: infra.proxmox.allowedNodes ?? [infra.proxmox.sourceNode],
      bridge: infra.proxmox.bridge,
      vlan: infra.proxmox.vlan,
      bootDevice: infra.proxmox.bootDevice,
    },
    sshKeys: infra.sshKeys,
    kubeconfigSecret: `${s.name}-kubeconfig`,
    handedOver: infra.handedOver,
  };
}
