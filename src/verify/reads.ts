import { kindKey } from './types';
import type { LiveKind } from './types';

/**
 * The kinds to read, one per kindKey: a kind two checks read in different namespaces (or one
 * cluster-wide) is read cluster-wide once. Sorted by key, so requests and roles are stable.
 */
export function mergeReads(kinds: readonly LiveKind[]): LiveKind[] {
  const byKey = new Map<string, LiveKind>();
  for (const kind of kinds) {
    const key = kindKey(kind);
    const seen = byKey.get(key);
    if (seen === undefined) byKey.set(key, kind);
    else if (seen.namespace !== kind.namespace) byKey.set(key, { group: kind.group, version: kind.version, resource: kind.resource, kind: kind.kind });
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, kind]) => kind);
}

/** `/api/v1/namespaces/kube-system/pods`, `/apis/coordination.k8s.io/v1/leases`. */
export function listPath(kind: LiveKind): string {
  const base = kind.group === '' ? `api/${kind.version}` : `apis/${kind.group}/${kind.version}`;
  return `${base}${kind.namespace ? `/namespaces/${kind.namespace}` : ''}/${kind.resource}`;
}
