import { TerraformResource } from 'cdktf';
import type { TerraformMetaArguments } from 'cdktf';
import type { Construct } from 'constructs';
import { LIBVIRT_PROVIDER } from './libvirt-provider';

// Nested attributes keep the provider's own (libvirt XML) names, so they read like its docs.

export interface DomainDisk {
  readonly device?: 'disk' | 'cdrom';
  /** A pool's volume, or a file attached by path (an adopted domain's disks, never managed). */
  readonly source: { readonly volume: { readonly pool: string; readonly volume: string } } | { readonly file: { readonly file: string } };
  readonly target: { readonly dev: string; readonly bus: string };
  readonly driver?: { readonly type: string };
  readonly read_only?: boolean;
}

export interface DomainInterface {
  readonly source: { readonly bridge: { readonly bridge: string } } | { readonly network: { readonly network: string } };
  readonly mac: { readonly address: string };
  readonly model: { readonly type: string };
}

export interface DomainDevices {
  readonly disks: readonly DomainDisk[];
  readonly interfaces: readonly DomainInterface[];
  readonly consoles?: readonly { readonly target: { readonly type: string; readonly port: number } }[];
  readonly serials?: readonly { readonly target: { readonly port: number } }[];
  readonly channels?: readonly {
    readonly source: { readonly unix: Record<string, never> };
    readonly target: { readonly virt_io: { readonly name: string } };
  }[];
}

/** `libvirt_domain` (0.9.7). `type` is required; `running` has no default (unset = never started). */
export interface LibvirtDomainConfig extends TerraformMetaArguments {
  readonly name: string;
  readonly type: 'kvm' | 'qemu';
  readonly memory: number | string;
  /** libvirt's default unit is KiB: always say it. */
  readonly memoryUnit: 'KiB' | 'MiB' | 'GiB';
  readonly vcpu: number | string;
  readonly running: boolean;
  readonly autostart?: boolean;
  readonly cpu?: { readonly mode: string };
  readonly os?: {
    readonly type: string;
    readonly type_arch?: string;
    readonly type_machine?: string;
    readonly boot_devices?: readonly { readonly dev: string }[];
  };
  readonly devices: DomainDevices;
  /** Presence-only XML flags as booleans; `acpi` lets a guest shut down on libvirt's request. */
  readonly features?: { readonly acpi?: boolean };
}

export class LibvirtDomain extends TerraformResource {
  public static readonly tfResourceType = 'libvirt_domain';
  private readonly config: LibvirtDomainConfig;

  public constructor(scope: Construct, id: string, config: LibvirtDomainConfig) {
    super(scope, id, {
      terraformResourceType: LibvirtDomain.tfResourceType,
      terraformGeneratorMetadata: { providerName: 'libvirt', providerVersion: LIBVIRT_PROVIDER.version },
      ...config,
    });
    this.config = config;
  }

  protected override synthesizeAttributes(): Record<string, unknown> {
    const c = this.config;
    return {
      name: c.name,
      type: c.type,
      memory: c.memory,
      memory_unit: c.memoryUnit,
      vcpu: c.vcpu,
      running: c.running,
      autostart: c.autostart,
      cpu: c.cpu,
      os: c.os,
      devices: c.devices,
      features: c.features,
    };
  }
}
