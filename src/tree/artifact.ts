/**
 * One output file before it is serialized, path relative to `clusters/<env>/`. Generators
 * return these; only src/synth/ turns them into bytes, so every file shares one serializer.
 */
export type Artifact =
  /** One or more YAML documents (one for a Kubernetes object, several for a k3s manifest). */
  | { readonly path: string; readonly yaml: readonly unknown[] }
  /** One JSON value, already canonical (the Terraform stack): two-space indent, one trailing newline. */
  | { readonly path: string; readonly json: unknown }
  /** Text normalized to LF and one trailing newline (runbooks, overviews). */
  | { readonly path: string; readonly text: string; readonly verbatim?: false }
  /** Bytes copied untouched: encrypted SOPS files, whose MAC any rewrite would break. */
  | { readonly path: string; readonly text: string; readonly verbatim: true };
