import { TerraformResource } from 'cdktf';
import type { TerraformMetaArguments } from 'cdktf';
import type { Construct } from 'constructs';
import { PROXMOX_PROVIDER } from './proxmox-provider';

/**
 * `proxmox_download_file`, the non-deprecated name of `proxmox_virtual_environment_download_file`
 * (same schema). Proxmox downloads the URL itself and verifies the checksum; every input forces
 * replacement, so a new image serial is a new file.
 */
export interface ProxmoxDownloadFileConfig extends TerraformMetaArguments {
  readonly nodeName: string;
  /** A file-based datastore with the content type enabled (LVM cannot hold files). */
  readonly datastoreId: string;
  /** `import` for disk images that `disk.import_from` takes. */
  readonly contentType: 'iso' | 'import' | 'vztmpl';
  readonly url: string;
  readonly fileName?: string;
  readonly checksum: string;
  readonly checksumAlgorithm: 'sha256' | 'sha512';
  /** @default true: keep the file in sync with the URL's size */
  readonly overwrite?: boolean;
}

export class ProxmoxDownloadFile extends TerraformResource {
  public static readonly tfResourceType = 'proxmox_download_file';
  private readonly config: ProxmoxDownloadFileConfig;

  public constructor(scope: Construct, id: string, config: ProxmoxDownloadFileConfig) {
    super(scope, id, {
      terraformResourceType: ProxmoxDownloadFile.tfResourceType,
      terraformGeneratorMetadata: { providerName: 'proxmox', providerVersion: PROXMOX_PROVIDER.version },
      ...config,
    });
    this.config = config;
  }

  /** `<datastore>:<content_type>/<file>`, what `disk.import_from` takes. */
  public get id(): string {
    return this.getStringAttribute('id');
  }

  protected override synthesizeAttributes(): Record<string, unknown> {
    const c = this.config;
    return {
      node_name: c.nodeName,
      datastore_id: c.datastoreId,
      content_type: c.contentType,
      url: c.url,
      file_name: c.fileName,
      checksum: c.checksum,
      checksum_algorithm: c.checksumAlgorithm,
      overwrite: c.overwrite,
    };
  }
}
