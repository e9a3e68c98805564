import { TerraformResource } from 'cdktf';
import type { TerraformMetaArguments } from 'cdktf';
import type { Construct } from 'constructs';
import { LIBVIRT_PROVIDER } from './libvirt-provider';

/** A volume format, e.g. `{ type: 'qcow2' }`. */
export interface VolumeFormat {
  readonly type: string;
}

/**
 * `libvirt_volume` (0.9.7). No in-place update: only `name` and `pool` force replacement, any
 * other change fails at apply, so a new image gets a new name.
 */
export interface LibvirtVolumeConfig extends TerraformMetaArguments {
  readonly name: string;
  readonly pool: string;
  /** Size in bytes (or in `capacityUnit`); required unless `create.content` is set. */
  readonly capacity?: number | string;
  readonly target?: { readonly format: VolumeFormat };
  /** Copy-on-write overlay on another volume. */
  readonly backingStore?: { readonly path: string; readonly format?: VolumeFormat };
  /** Fill the volume from a URL or a local file on the Terraform host. */
  readonly create?: { readonly content: { readonly url: string } };
}

export class LibvirtVolume extends TerraformResource {
  public static readonly tfResourceType = 'libvirt_volume';
  private readonly config: LibvirtVolumeConfig;

  public constructor(scope: Construct, id: string, config: LibvirtVolumeConfig) {
    super(scope, id, {
      terraformResourceType: LibvirtVolume.tfResourceType,
      terraformGeneratorMetadata: { providerName: 'libvirt', providerVersion: LIBVIRT_PROVIDER.version },
      ...config,
    });
    this.config = config;
  }

  /** Host path of the volume (read-only attribute). */
  public get path(): string {
    return this.getStringAttribute('path');
  }

  protected override synthesizeAttributes(): Record<string, unknown> {
    const c = this.config;
    return { name: c.name, pool: c.pool, capacity: c.capacity, target: c.target, backing_store: c.backingStore, create: c.create };
  }
}
