import type { EnvironmentSpec } from '../model/environment';
import * as versions from '../versions';
import { opsKeys } from './ssh-keys';

/** The management cluster: one k3s node in a Proxmox VM, running Cluster API. */
export const mgmt = {
  name: 'mgmt',
  baseDomain: 'home.arpa',
  network: { subnet: '192.168.4.0/24', gateway: '192.168.4.8', dns: ['8.8.8.8', '2.2.2.2'] },
  nodes: [{ name: 'lab-mgmt', ip: '192.168.4.21', founder: true, vm: { vmId: 201 } }],
  // One node, no VIP: the API endpoint is the node itself, and k3s keeps its own flannel.
  controlPlane: {},
  k3s: { version: versions.k3s.mgmt, disable: ['traefik'], writeKubeconfigMode: '0600', nonrootDevices: false },
  infrastructure: {
    kind: 'proxmox',
    endpoint: 'https://192.168.0.8:8006/',
    // A fresh Proxmox VE host serves a self-signed certificate; set false once it has a trusted one.
    insecure: true,
    node: 'pv1-1',
    datastore: 'local-lvm',
    imageDatastore: 'local',
    bridge: 'vmbr0',
    vlan: 4,
    vm: { vcpus: 2, memoryMiB: 4096, osDiskGiB: 30 },
    access: { user: 'ubuntu', sshKeys: opsKeys },
  },
  flux: {
    url: 'https://gitea.home.arpa/ops/k3s-fleet.git',
    branch: 'main',
    layers: [{ name: 'platform' }],
  },
} satisfies EnvironmentSpec;
