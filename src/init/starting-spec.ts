import type { EnvironmentSpec } from '../model/environment';
import * as catalogue from '../versions';
import type { Answers } from './answers';

/**
 * The first environment as data: what `templates/environment.ts` writes as TypeScript, with the
 * pins and recipients it imports written out. `init` checks it with every rule before it writes a
 * file, so a fleet never starts with an environment its first synth refuses.
 */
export function startingSpec(a: Answers, k3s: string): EnvironmentSpec {
  return {
    name: a.name,
    baseDomain: a.domain,
    network: { subnet: a.subnet, gateway: a.gateway, dns: a.dns },
    nodes: a.nodes.map((n, i) => ({ name: n.name, ip: n.ip, ...(i === 0 ? { founder: true } : {}), ...(a.infrastructure === 'libvirt' ? { vm: { image: catalogue.cloudImage.serial } } : {}) })),
    controlPlane: { vip: a.vip, vipInterface: a.vipInterface },
    k3s: { version: k3s },
    cilium: {},
    longhorn: a.nodes.length < 3 ? { replicas: a.nodes.length } : {},
    defaultDeny: {},
    infrastructure:
      a.infrastructure === 'libvirt'
        ? { kind: 'libvirt', uri: 'qemu:///system', pool: 'default', bridge: 'br0', vm: { vcpus: 4, memoryMiB: 6144, osDiskGiB: 40, dataDiskGiB: 100 }, access: { user: 'ubuntu', sshKeys: a.sshKeys } }
        : { kind: 'bare-metal' },
    apps: [],
    sops: { ageRecipients: [] },
    flux: {
      url: a.fluxUrl,
      branch: a.branch,
      layers: [{ name: 'gateway-api' }, { name: 'platform', dependsOn: ['gateway-api'] }, { name: 'network', dependsOn: ['platform'] }, { name: 'apps', dependsOn: ['network'] }],
    },
  };
}
