import type { K3sEnvironment, Vm } from '../model/resolve';
import { toYaml } from '../tree/yaml';

/** `#cloud-config` user-data: the login user with its keys, the guest agent, the data disk. */
export function userData(env: K3sEnvironment, vm: Vm, dataDevice?: string): string {
  const access = env.infrastructure.kind === 'bare-metal' ? undefined : env.infrastructure.access;
  const config = {
    hostname: vm.node.name,
    users: [
      {
        name: env.vmUser,
        groups: ['sudo'],
        shell: '/bin/bash',
        sudo: 'ALL=(ALL) NOPASSWD:ALL',
        ssh_authorized_keys: access?.sshKeys ?? [],
      },
    ],
    ssh_pwauth: false,
    packages: ['qemu-guest-agent', ...(env.longhorn?.nodePackages ?? [])],
    runcmd: [['systemctl', 'enable', '--now', 'qemu-guest-agent'], ...(env.longhorn ? [['systemctl', 'enable', '--now', 'iscsid']] : [])],
    ...(dataDevice && {
      fs_setup: [{ device: dataDevice, filesystem: 'ext4', label: 'longhorn' }],
      mounts: [['LABEL=longhorn', env.dataDiskMount, 'ext4', 'defaults,nofail', '0', '2']],
    }),
  };
  return `#cloud-config\n${toYaml(config)}`;
}

/**
 * `#cloud-config` vendor data for Proxmox VMs, whose user data the API writes (user, keys,
 * addresses): only what the image lacks, the guest agent the VM enables.
 */
export function vendorData(env: K3sEnvironment): string {
  return `#cloud-config\n${toYaml({
    packages: ['qemu-guest-agent', ...(env.longhorn?.nodePackages ?? [])],
    runcmd: [['systemctl', 'enable', '--now', 'qemu-guest-agent'], ...(env.longhorn ? [['systemctl', 'enable', '--now', 'iscsid']] : [])],
  })}`;
}

export function metaData(vm: Vm): string {
  return toYaml({ 'instance-id': vm.node.name, 'local-hostname': vm.node.name });
}

/** Netplan v2 static addressing: the node's IP, the gateway and the DNS list, matched by MAC. */
export function networkConfig(env: K3sEnvironment, vm: Vm): string {
  const prefix = env.network.prefixLength;
  return toYaml({
    version: 2,
    ethernets: {
      lan: {
        match: { macaddress: vm.mac },
        addresses: [`${vm.node.ip}/${prefix}`],
        routes: [{ to: 'default', via: env.network.gateway }],
        nameservers: { addresses: env.network.dns },
      },
    },
  });
}
