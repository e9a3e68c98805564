import type { Answers } from '../answers';
import * as catalogue from '../../versions';

const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const list = (items: readonly string[]) => `[${items.map(q).join(', ')}]`;

/** The first environment, from the answers: nothing of any other fleet's. */
export function environmentFile(a: Answers): string {
  // A VM records the image its OS disk is built on: a later catalogue serial then builds new nodes only.
  const image = a.infrastructure === 'libvirt' ? `, vm: { image: ${q(catalogue.cloudImage.serial)} }` : '';
  const nodes = [
    ...(image ? ["    // vm.image: the cloud image serial each VM's OS disk is built on; changing it rebuilds that VM (bootstrap/README.md)."] : []),
    ...a.nodes.map((n, i) => `    { name: ${q(n.name)}, ip: ${q(n.ip)}${i === 0 ? ', founder: true' : ''}${image} },`),
  ].join('\n');
  const infrastructure =
    a.infrastructure === 'libvirt'
      ? [
          '  infrastructure: {',
          "    kind: 'libvirt',",
          "    uri: 'qemu:///system',",
          "    pool: 'default',",
          "    bridge: 'br0',",
          '    vm: { vcpus: 4, memoryMiB: 6144, osDiskGiB: 40, dataDiskGiB: 100 },',
          "    access: { user: 'ubuntu', sshKeys },",
          '  },',
        ].join('\n')
      : "  infrastructure: { kind: 'bare-metal' },";
  return `import type { EnvironmentSpec } from 'k3s-gitops-synth';
import { ageRecipients } from './age-recipients';
import * as pins from './versions';
${a.infrastructure === 'libvirt' ? "import { sshKeys } from './ssh-keys';\n" : ''}
/** ${a.nodes.length} k3s server${a.nodes.length === 1 ? '' : 's'} behind the kube-vip VIP ${a.vip}. Every field, its default and what it is: node_modules/k3s-gitops-synth/docs/reference/settings.md. */
export const ${identifier(a.name)} = {
  name: ${q(a.name)},
  baseDomain: ${q(a.domain)},
  network: { subnet: ${q(a.subnet)}, gateway: ${q(a.gateway)}, dns: ${list(a.dns)} },
  nodes: [
${nodes}
  ],
  controlPlane: { vip: ${q(a.vip)}, vipInterface: ${q(a.vipInterface)} },
  k3s: { version: pins.k3s.${identifier(a.name)} },
  cilium: {},
  longhorn: {${a.nodes.length < 3 ? ` replicas: ${a.nodes.length} ` : ''}},
  defaultDeny: {},
${infrastructure}
  // Your own workloads (a Helm chart, a cdk8s construct from apps/, a folder under manifests/).
  apps: [],
  sops: { ageRecipients: ageRecipients.${identifier(a.name)} },
  flux: {
    url: ${q(a.fluxUrl)},
    branch: ${q(a.branch)},
    layers: [
      // Cilium's operator looks for the Gateway API CRDs once, at start: they come first.
      { name: 'gateway-api' },
      { name: 'platform', dependsOn: ['gateway-api'] },
      // Cilium's own custom resources exist once Cilium runs.
      { name: 'network', dependsOn: ['platform'] },
      { name: 'apps', dependsOn: ['network'] },
    ],
  },
} satisfies EnvironmentSpec;
`;
}

/** An environment's name as a TypeScript identifier (dashes become camel case). */
export const identifier = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function indexFile(a: Answers): string {
  const id = identifier(a.name);
  return `import type { EnvironmentSpec } from 'k3s-gitops-synth';
import { ${id} } from './${a.name}';

/** The fleet's environments: clusters/<name>/ is written for each. Add one: its file, then its line here. */
export const environments: readonly EnvironmentSpec[] = [${id}];
`;
}

export function pinsFile(a: Answers, k3s: string): string {
  return `/**
 * The pins this fleet owns: its environments' k3s releases and its apps' charts. One
 * \`key: 'value'\` per line under a \`// renovate:\` comment, so Renovate proposes every bump
 * (renovate.json). The platform's pins come with the tool; a release of the tool bumps them.
 */

/** k3s release per environment, always with its \`+k3sN\` suffix. */
export const k3s = {
  // renovate: datasource=github-releases depName=k3s-io/k3s versioning=regex:^v(?<major>\\d+)\\.(?<minor>\\d+)\\.(?<patch>\\d+)\\+k3s(?<build>\\d+)$
  ${identifier(a.name)}: ${q(k3s)},
} as const;

/**
 * Charts of your apps; an app spreads its entry into \`helm\`, e.g.
 *   // renovate: datasource=docker depName=ghcr.io/stefanprodan/charts/podinfo
 *   podinfo: { oci: 'oci://ghcr.io/stefanprodan/charts/podinfo', chart: 'podinfo', version: '6.14.1' },
 */
export const apps = {} as const;
`;
}

export function recipientsFile(a: Answers): string {
  return `/**
 * age recipients per environment: who can decrypt its secrets. \`npm run secrets -- init <env>\`
 * creates a key pair (the private half in .age/<env>.agekey, never committed) and writes its line.
 */
export const ageRecipients: Record<string, string[]> = {
  ${identifier(a.name)}: [],
};
`;
}

export function sshKeysFile(a: Answers): string {
  return `/** Public SSH keys the VMs' cloud-init user trusts: yours (~/.ssh/id_ed25519.pub). */
export const sshKeys: string[] = ${list(a.sshKeys)};
`;
}
