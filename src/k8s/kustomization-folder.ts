import { Construct } from 'constructs';

export interface KustomizationFolderProps {
  /** Folder name under the parent folder. @default the construct id */
  readonly folder?: string;
  /**
   * Applied by a Flux Kustomization of its own (a layer), so the parent's kustomization.yaml
   * does not list it: listing it would apply it twice, outside its dependsOn order.
   * @default false
   */
  readonly detached?: boolean;
  /**
   * How object files are named: `kind.namespace.name.yaml` (collision-free) or `name.yaml`
   * (for the root's one-per-layer Flux Kustomizations).
   * @default 'kind'
   */
  readonly fileNaming?: 'kind' | 'name';
  /** Entries listed in this folder's kustomization.yaml beside the generated files. @default [] */
  readonly extraResources?: readonly string[];
  /** The folder's kustomization.yaml is a verbatim file of the user's; none is generated. @default false */
  readonly ownKustomization?: boolean;
}

/**
 * A folder of the Kubernetes tree. Every API object created under it is written into its folder,
 * one object per file, and listed in the folder's generated kustomization.yaml.
 */
export class KustomizationFolder extends Construct {
  /** Folder relative to `clusters/<env>/kubernetes/`, '' for the root. */
  public readonly folder: string;
  public readonly detached: boolean;
  public readonly fileNaming: 'kind' | 'name';
  public readonly extraResources: readonly string[];
  public readonly ownKustomization: boolean;

  public constructor(scope: Construct, id: string, props: KustomizationFolderProps = {}) {
    super(scope, id);
    const parent = KustomizationFolder.of(scope);
    const own = props.folder ?? id;
    this.folder = parent && parent.folder !== '' ? `${parent.folder}/${own}` : own;
    this.detached = props.detached ?? false;
    this.fileNaming = props.fileNaming ?? 'kind';
    this.extraResources = props.extraResources ?? [];
    this.ownKustomization = props.ownKustomization ?? false;
  }

  /** The nearest folder at or above `scope`. */
  public static of(scope: Construct): KustomizationFolder | undefined {
    return scope.node.scopes.filter((s): s is KustomizationFolder => s instanceof KustomizationFolder).pop();
  }
}
