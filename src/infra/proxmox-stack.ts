import { TerraformStack, TerraformVariable } from 'cdktf';
import type { IResolvable } from 'cdktf';
import type { Construct } from 'constructs';
import type { K3sEnvironment, ProxmoxInfrastructure, ProxmoxLiveVm } from '../model/resolve';
import { adoptionPlan } from './adoption';
import { vendorData as vendorDataFor } from './cloud-init';
import { cloudImageUrl, imageFile } from './image-cache';
import { nodesByName } from './nodes-by-name';
import { addNodeOutputs } from './outputs';
import { ProxmoxDownloadFile } from './providers/proxmox-download-file';
import { ProxmoxFile } from './providers/proxmox-file';
import { ProxmoxProvider } from './providers/proxmox-provider';
import { ProxmoxVm } from './providers/proxmox-vm';
import { useRepositoryState } from './state';

/** An adopted VM's hardware as the model records it (defaults: what `qm config` shows when a line is absent). */
function identity(live: ProxmoxLiveVm | undefined, sshKeys: readonly string[]) {
  if (!live) return { machine: 'q35', cpu_type: 'x86-64-v2-AES', os_type: 'l26', on_boot: true, discard: 'on', ssh_keys: sshKeys };
  return { machine: live.machine, cpu_type: live.cpuType, os_type: live.osType, on_boot: live.onBoot, discard: live.discard, ssh_keys: live.sshKeys ?? sshKeys };
}

export interface ProxmoxVmStackProps {
  readonly env: K3sEnvironment;
  readonly infra: ProxmoxInfrastructure;
}

/**
 * One Proxmox VM per live node, keyed by node name: the pinned cloud image downloaded and
 * checksum-verified by Proxmox itself, imported as the boot disk, cloud-init from the model.
 */
export class ProxmoxVmStack extends TerraformStack {
  public constructor(scope: Construct, id: string, props: ProxmoxVmStackProps) {
    super(scope, id);
    const { env, infra } = props;
    // `insecure` as written: left out, the provider's own default (verify TLS) applies.
    const written = env.spec.infrastructure as { readonly insecure?: boolean };
    useRepositoryState(this, env.name);

    // Credentials only at apply time: this variable, or PROXMOX_VE_API_TOKEN when it is unset.
    const token = new TerraformVariable(this, 'proxmox_api_token', {
      type: 'string',
      sensitive: true,
      nullable: true,
      description: 'user@realm!tokenid=secret; leave unset to use PROXMOX_VE_API_TOKEN',
    });
    // A null default makes the variable optional; cdktf's `default: null` crashes its synth.
    token.addOverride('default', null);
    new ProxmoxProvider(this, 'proxmox', { endpoint: infra.endpoint, apiToken: token.stringValue, insecure: written.insecure, sshAgent: true });

    const image = new ProxmoxDownloadFile(this, 'image', {
      nodeName: infra.node,
      datastoreId: infra.imageDatastore,
      contentType: 'import',
      url: cloudImageUrl(env.versions),
      // `.qcow2` tells the import its format (Ubuntu's .img is qcow2).
      fileName: imageFile(env.versions, 'qcow2'),
      checksum: env.versions.cloudImage.sha256,
      checksumAlgorithm: 'sha256',
      // A pinned serial never changes upstream: with overwrite (default true) every refresh asks
      // Ubuntu for the file's size and replaces a mismatch, and fails once the serial is pruned
      // (fwprovider/nodes/resource_download_file.go:335-344, Read :598-613).
      overwrite: false,
    });

    // The guest agent the VMs enable must exist, or every create and refresh waits for it (15 min):
    // cloud-init vendor data installs it at first boot, beside the user account the API sets.
    const vendorData = new ProxmoxFile(this, 'vendor_data', {
      nodeName: infra.node,
      datastoreId: infra.imageDatastore,
      contentType: 'snippets',
      fileName: `${env.name}-vendor-data.yaml`,
      data: vendorDataFor(env),
    });

    const prefix = env.network.prefixLength;
    const live = infra.adopt?.vms ?? {};
    const adopting = infra.adopt !== undefined;
    const each = nodesByName(
      this,
      env.vms.map((vm) => [
        vm.node.name,
        {
          vm_id: vm.vmId,
          mac: vm.mac,
          cores: vm.sizing.vcpus,
          memory_mib: vm.sizing.memoryMiB,
          disk_gib: vm.sizing.osDiskGiB,
          address: `${vm.node.ip}/${prefix}`,
          ...(adopting && identity(live[vm.node.name], infra.access.sshKeys)),
        },
      ]),
    );
    // An adopted VM is described as it runs (the model's copy of `qm config`); one this stack
    // creates gets the tool's hardware.
    const per = <T>(field: string, own: T, get: (f: string) => T) => (adopting ? get(field) : own);

    new ProxmoxVm(this, 'node', {
      forEach: each,
      nodeName: infra.node,
      vmId: each.getNumber('vm_id'),
      name: each.key,
      machine: per('machine', 'q35', (f) => each.getString(f)),
      onBoot: per<boolean | IResolvable>('on_boot', true, (f) => each.getBoolean(f)),
      started: true,
      scsiHardware: 'virtio-scsi-pci',
      bootOrder: ['scsi0'],
      agent: { enabled: true },
      cpu: { cores: each.getNumber('cores'), type: per('cpu_type', 'x86-64-v2-AES', (f) => each.getString(f)) },
      memory: { dedicated: each.getNumber('memory_mib'), floating: 0 },
      disks: [{ interface: 'scsi0', datastore_id: infra.datastore, size: each.getNumber('disk_gib'), import_from: image.id, discard: per('discard', 'on', (f) => each.getString(f) as 'on') }],
      networkDevices: [{ bridge: infra.bridge, vlan_id: infra.vlan, model: 'virtio', mac_address: each.getString('mac') }],
      initialization: {
        datastore_id: infra.datastore,
        interface: 'ide2',
        // A list: Proxmox joins it with spaces; a comma-joined string once broke VM creation.
        dns: [{ servers: env.network.dns }],
        ip_config: [{ ipv4: [{ address: each.getString('address'), gateway: env.network.gateway }] }],
        user_account: [{ username: env.vmUser, keys: per('ssh_keys', infra.access.sshKeys, (f) => each.getList(f)) }],
        vendor_data_file_id: vendorData.id,
      },
      lifecycle: {
        // Vendor data acts at first boot only, and the provider replaces a VM when it changes: a
        // later edit (or adopting a VM created without it) must never rebuild the VM. An adopted
        // VM's disk was imported from another file, read at create only (disk.import_from).
        ignoreChanges: ['initialization[0].vendor_data_file_id', ...(adopting ? ['disk[0].import_from'] : [])],
        // An adopted VM is the one that runs: a plan that would replace it fails instead.
        preventDestroy: adopting || undefined,
      },
      serialDevices: [{ device: 'socket' }],
      vga: { type: 'serial0' },
      operatingSystem: { type: per('os_type', 'l26', (f) => each.getString(f)) },
      // reboot_after_update stays unset, at the provider's default (true): an import sets only id
      // and node_name and Read fills the default in (v0.111.1 vm.go:1794-1809, :5643), so any
      // other value would be a change on the first plan after the import.
    });
    const imports = adoptionPlan(env).imports;
    if (imports.length > 0) this.addOverride('import', imports);
    addNodeOutputs(this, env);
  }
}
