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

/** How long a guest may take to shut down, in seconds; unset or 0 is the provider's 30 s. */
export interface DomainShutdown {
  readonly timeout?: number;
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
  /**
   * How Update stops a running domain before redefining it: always a guest shutdown, forced after
   * `shutdown.timeout` (internal/provider/domain_resource.go:491-518, :1028-1040).
   */
  readonly update?: { readonly shutdown?: DomainShutdown };
  /**
   * How Delete stops it: unset is a hard power-off; with `shutdown` a guest shutdown, and the
   * destroy fails when the guest is not off in time (:520-546, :655-663, :1201-1231). `graceful` only flags
   * that power-off (VIR_DOMAIN_DESTROY_GRACEFUL). Delete reads these from the state (:1208): a
   * change applies to destroys after the update that stores it.
   */
  readonly destroy?: { readonly graceful?: boolean; readonly shutdown?: DomainShutdown };
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
      update: c.update,
      destroy: c.destroy,
    };
  }
}
