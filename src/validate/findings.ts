/** One failed conformance check: which check, where, and what is wrong. */
export interface Finding {
  readonly check: 'tree' | 'schema' | 'cel' | 'values' | 'kustomize' | 'flux-graph' | 'chainsaw' | 'online';
  /** Repository-relative file (and object, where a file holds several). */
  readonly where: string;
  readonly message: string;
}

export const describeObject = (doc: Record<string, any>) =>
  `${doc.kind} ${[doc.metadata?.namespace, doc.metadata?.name].filter(Boolean).join('/')}`;
