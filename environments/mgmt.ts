import type { EnvironmentSpec } from 'k3s-gitops-synth';
import { versions } from 'k3s-gitops-synth';
import * as pins from './versions';
import { ageRecipients } from './age-recipients';
import { opsKeys } from './ssh-keys';

const { capiProviders } = versions;

/** The management cluster: one k3s node in a Proxmox VM, running Cluster API. */
export const mgmt = {
  name: 'mgmt',
  baseDomain: 'home.arpa',
  // The home router resolves: Flux's Git host, gitea.home.arpa, is a home.arpa name (RFC 8375) that
  // no public resolver answers, and CoreDNS would send some lookups to a public one if listed too.
  network: { subnet: '192.168.4.0/24', gateway: '192.168.4.8', dns: ['192.168.4.8'] },
  nodes: [{ name: 'lab-mgmt', ip: '192.168.4.21', founder: true, vm: { vmId: 201 } }],
  // One node, no VIP: the API endpoint is the node itself, and k3s keeps its own flannel.
  controlPlane: {},
  // One server that stays one: k3s's default datastore (sqlite), as the operators run it.
  k3s: { version: pins.k3s.mgmt, datastore: 'sqlite', disable: ['traefik'], writeKubeconfigMode: '0600', nonrootDevices: false },
  kubeconfig: { context: 'lab-mgmt' },
  // As the operators run it: charts through k3s's own helm-controller.
  helmInstaller: 'k3s',
  // What the Ansible playbook left on lab-mgmt: its two HelmChart files in k3s's manifests folder
  // (k3s re-applies them at every start, over Git's) and the provider manifest with the Proxmox
  // token in plain text. The runbook retires them once Flux owns the objects; remove this after.
  handover: {
    helmCharts: ['cert-manager', 'cluster-api-operator'],
    files: [{ path: '/opt/lab-mgmt/capi-providers.yaml', held: ['capmox-system/capmox-variables'] }],
  },
  clusterApi: {
    providers: [
      { kind: 'CoreProvider', name: 'cluster-api', namespace: 'capi-system', ...capiProviders.clusterApi },
      { kind: 'BootstrapProvider', name: 'kubeadm', namespace: 'capi-kubeadm-bootstrap-system', ...capiProviders.kubeadmBootstrap },
      { kind: 'ControlPlaneProvider', name: 'kubeadm', namespace: 'capi-kubeadm-control-plane-system', ...capiProviders.kubeadmControlPlane },
      {
        kind: 'InfrastructureProvider',
        name: 'proxmox',
        namespace: 'capmox-system',
        ...capiProviders.proxmox,
        // The Proxmox API credentials, encrypted in secrets/mgmt/capmox-system.capmox-variables.sops.yaml.
        configSecret: { name: 'capmox-variables', keys: ['PROXMOX_URL', 'PROXMOX_TOKEN', 'PROXMOX_SECRET'] },
      },
      { kind: 'IPAMProvider', name: 'in-cluster', namespace: 'capi-ipam-in-cluster-system', ...capiProviders.ipamInCluster },
    ],
  },
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
    // VM 201 runs already: imported into the state (never recreated) on the first deploy, described
    // as `qm config 201` shows it so the first plan changes nothing (the runbook prints the lines).
    // Its NIC's MAC from the net0 line; machine, cpu, ostype, onboot and discard are Proxmox's defaults there.
    adopt: { vms: { 'lab-mgmt': { mac: 'BC:24:11:5E:02:01' } } },
  },
  sops: { ageRecipients: ageRecipients.mgmt },
  flux: {
    url: 'https://gitea.home.arpa/ops/k3s-fleet.git',
    branch: 'main',
    // cert-manager -> operator (CRDs) -> providers. The first two wait through health checks on
    // what their HelmChart creates (wait: true would make Flux skip those checks).
    layers: [
      { name: 'cert-manager', wait: false },
      { name: 'capi-operator', dependsOn: ['cert-manager'], wait: false },
      { name: 'capi-providers', dependsOn: ['capi-operator'] },
      // The workload clusters' Cluster API objects and their handover (lab1), once the providers run.
      // No wait: a new cluster takes longer than a layer's timeout to come up, and nothing depends
      // on the layer; its handover steps wait for each other (docs/guides/workload-clusters.md, "Adding a workload cluster").
      { name: 'capi-clusters', dependsOn: ['capi-providers'], wait: false },
    ],
  },
} satisfies EnvironmentSpec;
