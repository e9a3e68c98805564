import { TerraformResource } from 'cdktf';
import type { TerraformMetaArguments } from 'cdktf';
import type { Construct } from 'constructs';
import { LIBVIRT_PROVIDER } from './libvirt-provider';

/**
 * `libvirt_cloudinit_disk` (0.9.7): builds a NoCloud ISO on the Terraform host (no pool in 0.9);
 * a `libvirt_volume` uploads it. Every input forces replacement.
 */
export interface LibvirtCloudinitDiskConfig extends TerraformMetaArguments {
  readonly name: string;
  readonly userData: string;
  readonly metaData: string;
  readonly networkConfig?: string;
}

export class LibvirtCloudinitDisk extends TerraformResource {
  public static readonly tfResourceType = 'libvirt_cloudinit_disk';
  private readonly config: LibvirtCloudinitDiskConfig;

  public constructor(scope: Construct, id: string, config: LibvirtCloudinitDiskConfig) {
    super(scope, id, {
      terraformResourceType: LibvirtCloudinitDisk.tfResourceType,
      terraformGeneratorMetadata: { providerName: 'libvirt', providerVersion: LIBVIRT_PROVIDER.version },
      ...config,
    });
    this.config = config;
  }

  protected override synthesizeAttributes(): Record<string, unknown> {
    const c = this.config;
    return { name: c.name, user_data: c.userData, meta_data: c.metaData, network_config: c.networkConfig };
  }
}
