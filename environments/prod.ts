import type { EnvironmentSpec } from 'k3s-gitops-synth';
import * as pins from './versions';
import { ageRecipients } from './age-recipients';

/** Bare metal: one server racked, two more addressed and planned. */
export const prod = {
  name: 'prod',
  baseDomain: 'home.arpa',
  network: { subnet: '192.168.2.0/24', gateway: '192.168.2.1', dns: ['192.168.2.1'] },
  nodes: [
    // SSH goes through the NAT target 192.168.2.102, one port per server (225x), not the node IP.
    { name: 'k3s-prod-1', ip: '192.168.2.10', founder: true, ssh: { host: '192.168.2.102', port: 2251 } },
    { name: 'k3s-prod-2', ip: '192.168.2.11', state: 'planned', ssh: { host: '192.168.2.102', port: 2252 } },
    { name: 'k3s-prod-3', ip: '192.168.2.12', state: 'planned', ssh: { host: '192.168.2.102', port: 2253 } },
  ],
  controlPlane: { vip: '192.168.2.9', vipInterface: 'eno1' },
  ingressVip: '192.168.2.20',
  k3s: { version: pins.k3s.prod, dataDir: '/data/k3s', oidc: { realm: 'homelab' } },
  cilium: {},
  longhorn: {},
  defaultDeny: {},
  kyverno: {},
  monitoring: {},
  // A push to the fleet's repository reconciles at once (the token is in secrets/prod/). No
  // receiver yet: alerts go out once the operators hand over the SMTP credentials (an email
  // receiver, whose password is one more SOPS secret).
  notifications: { webhook: {} },
  infrastructure: { kind: 'bare-metal' },
  sops: { ageRecipients: ageRecipients.prod },
  flux: {
    url: 'https://gitea.home.arpa/ops/k3s-fleet.git',
    branch: 'main',
    layers: [
      // Cilium's operator looks for the Gateway API CRDs once, at start: they come first.
      { name: 'gateway-api' },
      { name: 'platform', dependsOn: ['gateway-api'] },
      // Cilium's own custom resources (LB pool, L2 policy, the ingress Gateway) exist once Cilium runs.
      { name: 'network', dependsOn: ['platform'] },
      // Kyverno's ClusterPolicies: their kind exists once Kyverno's chart has run.
      { name: 'policies', dependsOn: ['platform'] },
      { name: 'apps', dependsOn: ['network', 'policies'], namespaces: ['apps'] },
    ],
  },
} satisfies EnvironmentSpec;
