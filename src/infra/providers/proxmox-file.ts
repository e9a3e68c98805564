import { TerraformResource } from 'cdktf';
import type { TerraformMetaArguments } from 'cdktf';
import type { Construct } from 'constructs';
import { PROXMOX_PROVIDER } from './proxmox-provider';

/**
 * `proxmox_virtual_environment_file` with raw content: a snippet (cloud-init data) written to a
 * file datastore with "Snippets" content enabled. The provider uploads snippets over SSH to the
 * node (the provider's `ssh` block), not through the API. Every input forces replacement, but the
 * file's id, `<datastore>:snippets/<file>`, stays the same for the same name.
 */
export interface ProxmoxFileConfig extends TerraformMetaArguments {
  readonly nodeName: string;
  readonly datastoreId: string;
  readonly contentType: 'snippets';
  readonly fileName: string;
  readonly data: string;
}

export class ProxmoxFile extends TerraformResource {
  public static readonly tfResourceType = 'proxmox_virtual_environment_file';
  private readonly config: ProxmoxFileConfig;

  public constructor(scope: Construct, id: string, config: ProxmoxFileConfig) {
    super(scope, id, {
      terraformResourceType: ProxmoxFile.tfResourceType,
      terraformGeneratorMetadata: { providerName: 'proxmox', providerVersion: PROXMOX_PROVIDER.version },
      ...config,
    });
    this.config = config;
  }

  /** `<datastore>:snippets/<file>`, what `initialization.vendor_data_file_id` takes. */
  public get id(): string {
    return this.getStringAttribute('id');
  }

  protected override synthesizeAttributes(): Record<string, unknown> {
    const c = this.config;
    return {
      node_name: c.nodeName,
      datastore_id: c.datastoreId,
      content_type: c.contentType,
      source_raw: [{ data: c.data, file_name: c.fileName }],
    };
  }
}
