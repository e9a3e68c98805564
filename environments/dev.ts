import type { EnvironmentSpec } from 'k3s-gitops-synth';
import * as pins from './versions';
import { ageRecipients } from './age-recipients';
import { opsKeys } from './ssh-keys';

/** Three k3s servers in libvirt VMs with embedded etcd behind a kube-vip VIP. */
export const dev = {
  name: 'dev',
  baseDomain: 'dev.home.arpa',
  network: { subnet: '192.168.1.0/24', gateway: '192.168.1.1', dns: ['192.168.1.1'] },
  nodes: [
    // Each VM records the cloud image serial its OS disk was built on: a new serial in the tool's
    // catalogue then builds new nodes only, and moving a node is a rebuild (bootstrap/README.md).
    { name: 'k3s-dev-1', ip: '192.168.1.50', founder: true, vm: { image: '20260926' } },
    { name: 'k3s-dev-2', ip: '192.168.1.51', vm: { image: '20260926' } },
    { name: 'k3s-dev-3', ip: '192.168.1.52', vm: { image: '20260926' } },
  ],
  controlPlane: { vip: '192.168.1.49', vipInterface: 'enp1s0' },
  // The ingress Gateway's address, announced by Cilium L2; free below the VIP.
  ingressVip: '192.168.1.48',
  k3s: { version: pins.k3s.dev, oidc: { realm: 'homelab' } },
  cilium: {},
  longhorn: {},
  defaultDeny: {},
  kyverno: {},
  // Trimmed for dev, as the operators ran it: about 1.3 GiB of requests.
  monitoring: { profile: 'small' },
  // A push to the fleet's repository reconciles at once (the token is in secrets/dev/). No
  // receiver yet: alerts go out once the operators hand over the SMTP credentials (an email
  // receiver, whose password is one more SOPS secret).
  notifications: { webhook: {} },
  infrastructure: {
    kind: 'libvirt',
    uri: 'qemu:///system',
    pool: 'default',
    bridge: 'br0',
    // 3 x 6 GiB stays inside the host's 22 GiB budget for the whole cluster.
    vm: { vcpus: 4, memoryMiB: 6144, osDiskGiB: 40, dataDiskGiB: 100 },
    memoryBudgetMiB: 22528,
    access: { user: 'ubuntu', sshKeys: opsKeys },
    // The OpenTofu module this replaces declared the nodes with count, in this order.
    migrateFromCount: ['k3s-dev-1', 'k3s-dev-2', 'k3s-dev-3'],
  },
  // The user's own workloads; see docs/guides/apps.md.
  // podinfo's chart names its Service after the release (the app's name) on port 9898
  // (charts/podinfo at 6.14.1: templates/service.yaml, values service.externalPort).
  apps: [{ name: 'podinfo', layer: 'apps', helm: { ...pins.apps.podinfo, values: { replicaCount: 2, ui: { message: 'dev' } } }, route: { host: 'podinfo', port: 9898 } }],
  sops: { ageRecipients: ageRecipients.dev },
  flux: {
    url: 'https://gitea.dev.home.arpa/ops/k3s-fleet.git',
    branch: 'main',
    layers: [
      // Cilium's operator looks for the Gateway API CRDs once, at start: they come first.
      { name: 'gateway-api' },
      { name: 'platform', dependsOn: ['gateway-api'] },
      // Cilium's own custom resources (LB pool, L2 policy, the ingress Gateway) exist once Cilium runs.
      { name: 'network', dependsOn: ['platform'] },
      // Kyverno's ClusterPolicies: their kind exists once Kyverno's chart has run.
      { name: 'policies', dependsOn: ['platform'] },
      // Shipped paused, as dev first ran, until the platform layer is validated.
      { name: 'apps', dependsOn: ['network', 'policies'], suspend: true, namespaces: ['apps'] },
    ],
  },
} satisfies EnvironmentSpec;
