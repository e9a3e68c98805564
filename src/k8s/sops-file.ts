import { Construct } from 'constructs';

export interface SopsFileProps {
  /** File name in the component folder. */
  readonly fileName: string;
  /** The encrypted source, copied byte for byte: re-serializing would break its MAC. */
  readonly content: string;
}

/** A SOPS-encrypted manifest placed in a component folder as-is; Flux decrypts it. */
export class SopsFile extends Construct {
  public readonly fileName: string;
  public readonly content: string;

  public constructor(scope: Construct, id: string, props: SopsFileProps) {
    super(scope, id);
    this.fileName = props.fileName;
    this.content = props.content;
  }
}
