import type { Environment } from '../model/resolve';
import { shown } from '../model/violation';
import type { Finding, Rule } from '../model/violation';
import type { ComponentEntry, EnabledComponent } from './entry';
import { gatewayOf } from './ingress-gateway/config';

type Enabled = (env: Environment) => readonly EnabledComponent[];

/** `a`, `a and b`, `a, b and c`. */
const and = (items: readonly string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items.join(''));

/** Why the ingress Gateway is off, as the parts of it the spec leaves out (cilium, ingressVip, controlPlane.vipInterface). */
function gatewayMissing(env: Environment): string[] {
  return [...(env.cilium ? [] : ['cilium']), ...(env.ingressVip ? [] : ['ingressVip']), ...(env.vipInterface ? [] : ['controlPlane.vipInterface'])];
}

/** `ingressVip` and `controlPlane.vipInterface` where nothing announces an address on them. */
function addressFindings(env: Environment): Finding[] {
  if (gatewayOf(env)) return [];
  const missing = gatewayMissing(env);
  return [
    ...(env.ingressVip !== undefined
      ? [{
          path: 'ingressVip',
          value: env.ingressVip,
          message: `the ingress Gateway needs cilium, ingressVip and controlPlane.vipInterface, and ${and(missing)} ${missing.length > 1 ? 'are' : 'is'} not set: nothing announces ${env.ingressVip}`,
          fix: `set ${and(missing)} for an ingress Gateway, or remove ingressVip`,
        }]
      : []),
    ...(env.vipInterface !== undefined && env.vip === undefined
      ? [{
          path: 'controlPlane.vipInterface',
          value: env.vipInterface,
          message: `kube-vip runs only with controlPlane.vip, and the ingress Gateway only with cilium and ingressVip; ${and(['controlPlane.vip', ...missing])} are not set, so nothing announces an address on ${env.vipInterface}`,
          fix: 'set controlPlane.vip (or cilium and ingressVip), or remove controlPlane.vipInterface',
        }]
      : []),
  ];
}

/** A node's VM settings that no VM reads: all of them on bare metal, Proxmox's id on libvirt, the MAC of an adopted Proxmox VM. */
function nodeVmFindings(env: Environment): Finding[] {
  const infra = env.infrastructure;
  return env.nodes.flatMap((n): Finding[] => {
    const vm = env.spec.nodes?.[n.index]?.vm;
    if (vm === undefined) return [];
    const at = `nodes[${n.index}].vm`;
    if (infra.kind === 'bare-metal') {
      return [{ path: at, value: shown(vm), message: `infrastructure.kind is bare-metal: no VM is made, so nothing reads ${n.name}'s vm settings`, fix: `remove vm from ${n.name}${vm.memoryMiB !== undefined ? ' (the servers\' RAM is infrastructure.memoryMiB on bare metal)' : ''}` }];
    }
    const live = infra.kind === 'proxmox' ? infra.adopt?.vms[n.name] : undefined;
    return [
      ...(infra.kind === 'libvirt' && vm.vmId !== undefined
        ? [{ path: `${at}.vmId`, value: String(vm.vmId), message: `infrastructure.kind is libvirt, which names ${n.name}'s domain by the node's name: a Proxmox VM id does nothing here`, fix: `remove vmId from ${n.name}` }]
        : []),
      ...(live !== undefined && vm.mac !== undefined
        ? [{ path: `${at}.mac`, value: vm.mac, message: `${n.name} is adopted and keeps the MAC it runs with, infrastructure.adopt.vms.${n.name}.mac (${live.mac}): this one is not used`, fix: `remove mac from ${n.name}` }]
        : []),
    ];
  });
}

/** `protectData` where no VM has a data disk to protect. */
function protectDataFindings(env: Environment): Finding[] {
  const infra = env.infrastructure;
  if (infra.kind !== 'libvirt' || (env.spec.infrastructure as { protectData?: boolean }).protectData === undefined) return [];
  const planned = env.plannedNodes.some((n) => env.spec.nodes?.[n.index]?.vm?.dataDiskGiB !== undefined);
  return env.vms.some((vm) => vm.sizing.dataDiskGiB !== undefined) || planned
    ? []
    : [{ path: 'infrastructure.protectData', value: String(infra.protectData), message: 'protectData guards data disks, and no VM has one (infrastructure.vm.dataDiskGiB is unset, and no node sets its own)', fix: 'remove protectData' }];
}

/** `tls.layer` where Cluster API installs cert-manager in its own layer. */
function tlsLayerFindings(env: Environment): Finding[] {
  const layer = env.spec.tls?.layer;
  return layer !== undefined && env.clusterApi
    ? [{ path: 'tls.layer', value: layer, message: `with clusterApi set, cert-manager is installed in clusterApi.layers.certManager (${env.clusterApi.layers.certManager}), so tls.layer places nothing`, fix: 'remove tls.layer (set clusterApi.layers.certManager to move cert-manager)' }]
    : [];
}

/** `cilium.layers.network` where nothing goes into Cilium's custom-resource layer. */
function networkLayerFindings(env: Environment, on: readonly EnabledComponent[]): Finding[] {
  const layer = env.spec.cilium?.layers?.network;
  return layer !== undefined && !on.some(({ placement }) => placement.path === 'cilium.layers.network')
    ? [{ path: 'cilium.layers.network', value: layer, message: `only the ingress Gateway, its certificate and the default-deny baseline go into this layer, and ${env.name} has none of them (the Gateway needs ${and(gatewayMissing(env))} too; defaultDeny is not set)`, fix: 'remove cilium.layers.network' }]
    : [];
}

/** The pins no component of the table installs, each with why it is unused where it is (undefined: used). */
const OTHER_PINS: readonly { readonly key: string; readonly unused: (env: Environment) => string | undefined }[] = [
  { key: 'images.kubeVip', unused: (env) => (env.vip === undefined ? 'kube-vip runs only with controlPlane.vip, which is not set' : undefined) },
  { key: 'cloudImage', unused: (env) => (env.infrastructure.kind === 'bare-metal' ? 'the cloud image is what the VMs boot from, and infrastructure.kind is bare-metal (no VM is made)' : undefined) },
];

const within = (key: string, prefix: string) => key === prefix || key.startsWith(`${prefix}.`);

/** A pin the environment overrides whose every user in the table is off, or that nothing else reads where it is. */
/** Components with no switch of their own: what installs them. */
const SWITCHED_ON_BY: Readonly<Record<string, string>> = {
  'cert-manager': 'set clusterApi or run an ingress Gateway (cilium with ingressVip), either of which installs cert-manager',
};

function pinFindings(env: Environment, on: readonly EnabledComponent[], table: readonly ComponentEntry[]): Finding[] {
  const users = (key: string, entries: readonly ComponentEntry[]) => entries.filter((e) => e.versions.some((v) => within(key, v)));
  const value = (key: string) => shown(key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], env.spec.versions));
  return env.versionOverrides.flatMap((key): Finding[] => {
    const reason = OTHER_PINS.find((p) => within(key, p.key))?.unused(env);
    if (reason !== undefined) return [{ path: `versions.${key}`, value: value(key), message: `${reason}: the override pins nothing`, fix: `remove versions.${key}` }];
    const owners = users(key, table);
    if (owners.length === 0 || users(key, on.map((c) => c.entry)).length > 0) return [];
    return [{
      path: `versions.${key}`,
      value: value(key),
      message: `only ${and(owners.map((e) => e.name))} ${owners.length > 1 ? 'use' : 'uses'} this pin, and ${owners.length > 1 ? 'they are' : 'it is'} off in ${env.name}: the override pins nothing`,
      fix: `remove versions.${key}, or ${owners.map((e) => SWITCHED_ON_BY[e.name] ?? `switch on ${e.name}`).join(' or ')}`,
    }];
  });
}

/**
 * Settings that mean nothing where they are set: each is ignored by every generator, so the spec
 * says something the cluster will not do. Warnings: nothing breaks, and the fix is to remove them
 * or to switch on what reads them.
 */
export function withoutEffectRules(enabled: Enabled, table: readonly ComponentEntry[]): Rule[] {
  return [
    {
      code: 'setting.without-effect',
      severity: 'warning',
      summary: 'every setting is read by something the environment runs (no setting of a component that is off, no VM setting where no VM is made)',
      // Removing a setting nothing reads changes nothing else: every finding's fix can do that.
      check: (env) =>
        [...addressFindings(env), ...nodeVmFindings(env), ...protectDataFindings(env), ...tlsLayerFindings(env), ...networkLayerFindings(env, enabled(env)), ...pinFindings(env, enabled(env), table)]
          .map((f) => ({ ...f, action: { unset: f.path } })),
    },
    {
      code: 'default-deny.without-cilium',
      severity: 'error',
      summary: 'the default-deny baseline is set only where Cilium runs (its policies are Cilium policies)',
      // An error, not a warning: the section promises a security baseline, and without Cilium none is written.
      check: (env) =>
        env.defaultDeny && !env.cilium
          ? [{ path: 'defaultDeny', value: shown(env.spec.defaultDeny), message: `the baseline is written as Cilium network policies and ${env.name} runs k3s's flannel (no cilium section): no namespace would get a default-deny policy`, fix: 'set cilium: {} to run Cilium as the CNI, or remove defaultDeny', action: { unset: 'defaultDeny' } }]
          : [],
    },
  ];
}
