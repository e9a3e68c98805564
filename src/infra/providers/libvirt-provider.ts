import { TerraformProvider } from 'cdktf';
import type { Construct } from 'constructs';
import * as versions from '../../versions';

/** dmacvicar/libvirt, pinned exactly: patch releases of 0.9 have changed the schema before. */
export const LIBVIRT_PROVIDER = versions.terraformProviders.libvirt;

export interface LibvirtProviderConfig {
  /** @default qemu:///system (the provider's own default, also read from LIBVIRT_DEFAULT_URI) */
  readonly uri?: string;
}

/** `provider "libvirt"`. */
export class LibvirtProvider extends TerraformProvider {
  public static readonly tfResourceType = 'libvirt';
  private readonly config: LibvirtProviderConfig;

  public constructor(scope: Construct, id: string, config: LibvirtProviderConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'libvirt',
      terraformProviderSource: LIBVIRT_PROVIDER.source,
      terraformGeneratorMetadata: { providerName: 'libvirt', providerVersion: LIBVIRT_PROVIDER.version },
    });
    this.config = config;
  }

  protected override synthesizeAttributes(): Record<string, unknown> {
    return { uri: this.config.uri };
  }
}
