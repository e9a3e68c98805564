import { Construct } from 'constructs';

export interface VerbatimFileProps {
  /** Path in the kustomization folder (may name a subfolder: `base/deployment.yaml`). */
  readonly fileName: string;
  readonly content: string;
  /** Listed in the folder's kustomization.yaml. @default true */
  readonly listed?: boolean;
}

/** A file placed in a kustomization folder byte for byte: a SOPS file (re-serializing breaks its MAC) or a user's manifest. */
export class VerbatimFile extends Construct {
  public readonly fileName: string;
  public readonly content: string;
  public readonly listed: boolean;

  public constructor(scope: Construct, id: string, props: VerbatimFileProps) {
    super(scope, id);
    this.fileName = props.fileName;
    this.content = props.content;
    this.listed = props.listed ?? true;
  }
}
