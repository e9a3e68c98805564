import type { EnvironmentSpec } from 'k3s-gitops-synth';
import * as pins from './versions';
import { ageRecipients } from './age-recipients';
import { opsKeys } from './ssh-keys';

/**
 * The first workload cluster, as the operators planned it with `clusterctl generate cluster lab1
 * --infrastructure proxmox:v0.9.1 --target-namespace default`: three kubeadm control-plane
 * machines and two workers, Proxmox VMs that mgmt's Cluster API (CAPMOX) clones on pv1-1, on the
 * mgmt network (VLAN 4). docs/decisions/0126-lab1-the-example-fleets-first-workload-cluster.md says why these sizes and addresses.
 */
export const lab1 = {
  name: 'lab1',
  baseDomain: 'lab1.home.arpa',
  // The home router resolves: Flux's Git host, gitea.home.arpa, is a home.arpa name (RFC 8375) that
  // no public resolver answers, and CoreDNS would send some lookups to a public one if listed too.
  network: { subnet: '192.168.4.0/24', gateway: '192.168.4.8', dns: ['192.168.4.8'] },
  // Served by kube-vip on the control-plane machines, outside the machines' pool below.
  controlPlane: { vip: '192.168.4.40' },
  cilium: {},
  infrastructure: {
    kind: 'cluster-api',
    management: 'mgmt',
    kubernetes: pins.kubernetes.lab1,
    controlPlane: { replicas: 3, machine: { cores: 2, memoryMiB: 4096, diskGiB: 40 } },
    workers: [{ name: 'workers', replicas: 2, machine: { cores: 4, memoryMiB: 8192, diskGiB: 80 } }],
    // Template VM 9035: the image built for kubeadm v1.35.9 (one template per Kubernetes release).
    proxmox: { sourceNode: 'pv1-1', templates: { 'v1.35.9': 9035 }, bridge: 'vmbr0', vlan: 4 },
    // Five machines and one surge machine per set during a rollout, with room to spare.
    addresses: { first: '192.168.4.41', last: '192.168.4.49' },
    podCidr: '10.244.0.0/16',
    serviceCidr: '10.96.0.0/12',
    sshKeys: opsKeys,
  },
  sops: { ageRecipients: ageRecipients.lab1 },
  flux: {
    url: 'https://gitea.home.arpa/ops/k3s-fleet.git',
    branch: 'main',
    layers: [
      { name: 'gateway-api' },
      { name: 'platform', dependsOn: ['gateway-api'] },
      { name: 'network', dependsOn: ['platform'] },
      { name: 'apps', dependsOn: ['network'], namespaces: ['apps'] },
    ],
  },
} satisfies EnvironmentSpec;
