import { TerraformResource } from 'cdktf';
import type { TerraformMetaArguments } from 'cdktf';
import type { IResolvable } from 'cdktf';
import type { Construct } from 'constructs';
import { PROXMOX_PROVIDER } from './proxmox-provider';

// SDKv2 blocks: written as lists of objects, as CDKTF-generated bindings do; nested names are
// the provider's own.

export interface VmDisk {
  /** e.g. `scsi0`. */
  readonly interface: string;
  readonly datastore_id: string;
  /** GiB; shrinking is refused. */
  readonly size: number;
  /** `<ds>:import/<file>`; create-only, later changes are ignored. */
  readonly import_from?: string;
  readonly discard?: 'on' | 'ignore';
  readonly iothread?: boolean;
  readonly ssd?: boolean;
}

export interface VmInitialization {
  readonly datastore_id: string;
  readonly interface?: string;
  readonly dns?: readonly { readonly servers: readonly string[] }[];
  readonly ip_config: readonly { readonly ipv4: readonly { readonly address: string; readonly gateway: string }[] }[];
  readonly user_account: readonly { readonly username: string; readonly keys: readonly string[] }[];
  /** A snippet's id, `<ds>:snippets/<file>`: cloud-init vendor data (ForceNew in the provider). */
  readonly vendor_data_file_id?: string;
}

/** `proxmox_virtual_environment_vm` (SDKv2; still the production VM resource in 0.111). */
export interface ProxmoxVmConfig extends TerraformMetaArguments {
  readonly nodeName: string;
  /** Changing it forces replacement. */
  readonly vmId: number;
  readonly name: string;
  readonly machine?: string;
  readonly onBoot?: boolean | IResolvable;
  readonly started?: boolean;
  readonly scsiHardware?: string;
  readonly bootOrder?: readonly string[];
  readonly agent?: { readonly enabled: boolean };
  readonly cpu: { readonly cores: number; readonly type: string };
  /** MiB. */
  readonly memory: { readonly dedicated: number; readonly floating?: number };
  readonly disks: readonly VmDisk[];
  readonly networkDevices: readonly { readonly bridge: string; readonly vlan_id?: number; readonly model: string; readonly mac_address?: string }[];
  readonly initialization: VmInitialization;
  readonly serialDevices?: readonly { readonly device: string }[];
  readonly vga?: { readonly type: string };
  readonly operatingSystem?: { readonly type: string };
  /** Default true: the provider reboots a running VM itself when a change needs it (vm.go:48). */
  readonly rebootAfterUpdate?: boolean | IResolvable;
}

export class ProxmoxVm extends TerraformResource {
  public static readonly tfResourceType = 'proxmox_virtual_environment_vm';
  private readonly config: ProxmoxVmConfig;

  public constructor(scope: Construct, id: string, config: ProxmoxVmConfig) {
    super(scope, id, {
      terraformResourceType: ProxmoxVm.tfResourceType,
      terraformGeneratorMetadata: { providerName: 'proxmox', providerVersion: PROXMOX_PROVIDER.version },
      ...config,
    });
    this.config = config;
  }

  protected override synthesizeAttributes(): Record<string, unknown> {
    const c = this.config;
    const list = <T>(block: T | undefined) => (block === undefined ? undefined : [block]);
    return {
      node_name: c.nodeName,
      vm_id: c.vmId,
      name: c.name,
      machine: c.machine,
      on_boot: c.onBoot,
      started: c.started,
      scsi_hardware: c.scsiHardware,
      boot_order: c.bootOrder,
      agent: list(c.agent),
      cpu: list(c.cpu),
      memory: list(c.memory),
      disk: c.disks,
      network_device: c.networkDevices,
      initialization: list(c.initialization),
      serial_device: c.serialDevices,
      vga: list(c.vga),
      operating_system: list(c.operatingSystem),
      reboot_after_update: c.rebootAfterUpdate,
    };
  }
}
