import type { Environment } from '../model/resolve';
import type { EnvironmentTree } from '../validate/tree-objects';

// `verify`'s one data flow: the reader (src/verify/live-reader.ts) fetches every kind the checks
// name in their `reads` into a LiveSnapshot; each check is a pure function of the model, the
// committed tree, the revision and that snapshot; the report prints their lines. Nothing but the
// reader talks to the cluster, so every check is tested on snapshots in memory.

/** A kind verify reads, as the API server serves it (the RBAC role is derived from these). */
export interface LiveKind {
  /** API group, '' for the core group. */
  readonly group: string;
  readonly version: string;
  /** The resource's plural, as in a URL and an RBAC rule. */
  readonly resource: string;
  readonly kind: string;
  /** Listed in this namespace only; cluster-wide (all namespaces) when unset. */
  readonly namespace?: string;
}

/** The key of a kind in a snapshot: `group/version/resource`, `/v1/nodes` for the core group. */
export const kindKey = (k: Pick<LiveKind, 'group' | 'version' | 'resource'>) => `${k.group}/${k.version}/${k.resource}`;

/** One kind as read: its objects, or why there are none to compare. */
export type LiveList =
  | { readonly state: 'listed'; readonly items: readonly Record<string, any>[] }
  /** The API server does not serve the kind (no CRD installed): 404 on the list. */
  | { readonly state: 'not-served' }
  /** The credentials may not list it (403): the role lacks a rule. */
  | { readonly state: 'forbidden'; readonly message: string };

export interface LiveSnapshot {
  /** By kindKey. Every kind a check reads is present. */
  readonly lists: ReadonlyMap<string, LiveList>;
}

/** Which commit the live cluster should be at, from the local git history (src/verify/revision.ts). */
export interface ExpectedRevision {
  /** The commit that last changed clusters/<env>/kubernetes/, or what --revision gave. */
  readonly commit: string | undefined;
  /**
   * Whether a live revision (a branch head Flux reports, `main@sha1:<sha>`) contains `commit`:
   * 'yes' / 'no' from git ancestry, 'unknown' when the sha is not in the local history.
   */
  readonly contains: (liveSha: string) => 'yes' | 'no' | 'unknown';
  /**
   * Why `contains` answered as it did, for the report's words: 'behind' (not an ancestor),
   * 'changed-since' (an ancestor, but clusters/<env>/kubernetes/ differs at the live revision).
   * Optional so a test's revision of two fields stays one.
   */
  readonly relation?: (liveSha: string) => RevisionRelation;
}

/** How a live revision stands to the expected commit ('same-tree' is `contains` 'yes'). */
export type RevisionRelation = 'same-tree' | 'behind' | 'changed-since' | 'unknown';

export interface VerifyInput {
  readonly env: Environment;
  readonly tree: EnvironmentTree;
  readonly revision: ExpectedRevision;
  readonly live: LiveSnapshot;
}

export type Outcome = 'pass' | 'drift' | 'not-checkable';

/** One line of the report: one thing compared. */
export interface VerifyLine {
  /** Stable id of the comparison, `<area>.<what>`: `servers.names`, `cilium.service-host`, … */
  readonly check: string;
  readonly outcome: Outcome;
  /** What was compared: a Node, a HelmRelease `flux-system/cilium`, an agent pod. */
  readonly subject: string;
  /** What the tree and the model say, in words and values. */
  readonly expected: string;
  /** What the cluster holds. */
  readonly live: string;
  /** For drift and not-checkable: what to do. */
  readonly fix?: string;
}

/** A group of comparisons: the kinds it reads, and its lines computed from them. */
export interface VerifyCheck {
  readonly area: string;
  /** The kinds it reads, given the environment (mgmt reads the providers; dev does not). */
  readonly reads: (env: Environment) => readonly LiveKind[];
  readonly run: (input: VerifyInput) => readonly VerifyLine[];
}
