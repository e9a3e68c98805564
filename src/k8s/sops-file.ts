import type { Construct } from 'constructs';
import { VerbatimFile } from './verbatim-file';

export interface SopsFileProps {
  /** File name in the kustomization folder. */
  readonly fileName: string;
  /** The encrypted source, copied byte for byte: re-serializing would break its MAC. */
  readonly content: string;
}

/** A SOPS-encrypted manifest placed in a kustomization folder as-is; Flux decrypts it. */
export class SopsFile extends VerbatimFile {
  public constructor(scope: Construct, id: string, props: SopsFileProps) {
    super(scope, id, props);
  }
}
