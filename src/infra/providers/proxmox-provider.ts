import { TerraformProvider } from 'cdktf';
import type { Construct } from 'constructs';
import * as versions from '../../versions';

/** bpg/proxmox, pinned exactly: pre-1.0 minor releases carry breaking changes. */
export const PROXMOX_PROVIDER = versions.terraformProviders.proxmox;

/**
 * `provider "proxmox"`. Credentials never appear here: `apiToken` is a reference to a variable,
 * and without one the provider reads PROXMOX_VE_API_TOKEN at apply time.
 */
export interface ProxmoxProviderConfig {
  /** `https://host:8006/`, without `/api2/json`. */
  readonly endpoint: string;
  /** A token reference such as `${var.proxmox_api_token}`; never a literal. */
  readonly apiToken?: string;
  /** Accept the node's self-signed certificate. @default false */
  readonly insecure?: boolean;
  /**
   * SSH to the node for what the API cannot do (uploading snippets), through the workstation's
   * ssh-agent; the user comes from PROXMOX_VE_SSH_USERNAME at apply time.
   */
  readonly sshAgent?: boolean;
}

export class ProxmoxProvider extends TerraformProvider {
  public static readonly tfResourceType = 'proxmox';
  private readonly config: ProxmoxProviderConfig;

  public constructor(scope: Construct, id: string, config: ProxmoxProviderConfig) {
    super(scope, id, {
      terraformResourceType: 'proxmox',
      terraformProviderSource: PROXMOX_PROVIDER.source,
      terraformGeneratorMetadata: { providerName: 'proxmox', providerVersion: PROXMOX_PROVIDER.version },
    });
    this.config = config;
  }

  protected override synthesizeAttributes(): Record<string, unknown> {
    return {
      endpoint: this.config.endpoint,
      api_token: this.config.apiToken,
      insecure: this.config.insecure,
      ssh: this.config.sshAgent ? [{ agent: true }] : undefined,
    };
  }
}
