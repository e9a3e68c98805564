import { kindKey } from '../types';
import type { LiveKind, LiveSnapshot, Outcome, VerifyLine } from '../types';

/** One line of the report, fields in the report's order. */
export const line = (check: string, outcome: Outcome, subject: string, expected: string, live: string, fix?: string): VerifyLine => ({
  check,
  outcome,
  subject,
  expected,
  live,
  ...(fix !== undefined && outcome !== 'pass' && { fix }),
});

/** What to do when a kind could not be read: not served (its CRD is missing) or forbidden (the role lacks it). */
export function unreadable(snapshot: LiveSnapshot, kind: LiveKind): { live: string; fix: string } | undefined {
  const list = snapshot.lists.get(kindKey(kind));
  const where = kind.namespace ? ` in ${kind.namespace}` : '';
  if (list === undefined) return { live: `${kind.resource}${where} were not read`, fix: 'report this: the check reads a kind the reader was not given' };
  if (list.state === 'not-served') {
    const fix = kind.group === '' || kind.group.endsWith('.k8s.io') ? `the API server serves ${kind.resource} itself: check the kubeconfig's server` : `install what serves ${kind.kind} (its CRDs), or let Flux finish applying the tree`;
    return { live: `the API server does not serve ${kind.resource}.${kind.group || 'core'}/${kind.version}`, fix };
  }
  if (list.state === 'forbidden') return { live: `listing ${kind.resource}${where} is forbidden: ${list.message}`, fix: "use the inspector's kubeconfig; after a tool upgrade, let Flux apply the widened inspector role (npm run synth, commit, push)" };
  return undefined;
}

/** The listed items of a kind; call unreadable() first. */
export function items(snapshot: LiveSnapshot, kind: LiveKind): readonly Record<string, any>[] {
  const list = snapshot.lists.get(kindKey(kind));
  return list?.state === 'listed' ? list.items : [];
}

/** One line for a kind that could not be read: not-checkable when not served, drift when forbidden. */
export function notReadLine(check: string, subject: string, expected: string, snapshot: LiveSnapshot, kind: LiveKind): VerifyLine | undefined {
  const why = unreadable(snapshot, kind);
  // Forbidden is drift: the tree's inspection role grants every kind verify reads, so the cluster's RBAC is not the tree's.
  return why && line(check, snapshot.lists.get(kindKey(kind))?.state === 'forbidden' ? 'drift' : 'not-checkable', subject, expected, why.live, why.fix);
}

export const nameOf = (o: Record<string, any>): string => String(o.metadata?.name ?? '');
