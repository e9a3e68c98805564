import type { EnvironmentSpec } from '../src/model/environment';
import * as versions from '../src/versions';

/**
 * A generated fleet for `npm run bench`: N environments shaped like dev (three libvirt servers
 * behind a VIP, every platform component on, a Helm app), each on a subnet of its own.
 */
export function fleetOf(count: number, prefix = 'b'): EnvironmentSpec[] {
  return Array.from({ length: count }, (_, i) => {
    const net = `10.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const name = `${prefix}${String(i).padStart(4, '0')}`;
    return {
      name,
      baseDomain: `${name}.bench.test`,
      network: { subnet: `${net}.0/24`, gateway: `${net}.1`, dns: [`${net}.1`] },
      nodes: [1, 2, 3].map((n) => ({ name: `${name}-${n}`, ip: `${net}.${10 + n}`, ...(n === 1 && { founder: true }) })),
      controlPlane: { vip: `${net}.10`, vipInterface: 'enp1s0' },
      ingressVip: `${net}.20`,
      k3s: { version: versions.k3s.tested, oidc: { realm: 'bench' } },
      cilium: {},
      longhorn: {},
      defaultDeny: {},
      kyverno: {},
      monitoring: { profile: 'small' },
      infrastructure: {
        kind: 'libvirt',
        bridge: 'br0',
        vm: { vcpus: 4, memoryMiB: 6144, osDiskGiB: 40, dataDiskGiB: 100 },
        access: { user: 'ubuntu', sshKeys: ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBenchKeyBenchKeyBenchKeyBenchKeyBenchKey000 bench'] },
      },
      apps: [{ name: 'podinfo', layer: 'apps', helm: { oci: 'oci://ghcr.io/stefanprodan/charts/podinfo', chart: 'podinfo', version: '6.14.1', values: { replicaCount: 2 } } }],
      flux: {
        url: `https://git.bench.test/ops/${name}.git`,
        layers: [
          { name: 'gateway-api' },
          { name: 'platform', dependsOn: ['gateway-api'] },
          { name: 'network', dependsOn: ['platform'] },
          { name: 'policies', dependsOn: ['platform'] },
          { name: 'apps', dependsOn: ['network', 'policies'], namespaces: ['apps'] },
        ],
      },
    } satisfies EnvironmentSpec;
  });
}
