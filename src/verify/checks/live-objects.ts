import type { TreeObject } from '../../validate/tree-objects';
import { kindKey } from '../types';
import type { LiveKind, LiveSnapshot, VerifyLine } from '../types';

// What the checks of Flux, the platform and the providers share: reading one kind of the snapshot
// (or the line saying why it cannot be), an object's Ready condition, and the tree's objects of a kind.

/** The items of a kind, or the not-checkable line that stands for every comparison needing them. */
export type Listed = { readonly items: readonly Record<string, any>[]; readonly line?: undefined } | { readonly items?: undefined; readonly line: VerifyLine };

/**
 * One kind from the snapshot. Not served (404: the CRD is not installed) is one not-checkable
 * line, forbidden (403: the credentials lack a rule the tree's role has) one drift line, each with
 * the fix; `install` says what serves the kind.
 */
export function listed(live: LiveSnapshot, kind: LiveKind, check: string, install: string): Listed {
  const list = live.lists.get(kindKey(kind));
  const subject = `${kind.kind} (${kind.group || 'core'}/${kind.version} ${kind.resource})`;
  const expected = `${kind.resource} listed${kind.namespace ? ` in ${kind.namespace}` : ''}`;
  if (list === undefined) return { line: { check, outcome: 'not-checkable', subject, expected, live: 'not read', fix: 'run verify through its reader, which lists every kind the checks read' } };
  switch (list.state) {
    case 'listed':
      return { items: list.items };
    case 'not-served':
      return { line: { check, outcome: 'not-checkable', subject, expected, live: 'the API server does not serve this kind (404)', fix: install } };
    case 'forbidden':
      // Drift: the tree's inspection role grants every kind verify reads, so the cluster's RBAC is not the tree's.
      return {
        line: {
          check,
          outcome: 'drift',
          subject,
          expected,
          live: `forbidden (403): ${list.message}`,
          fix: `verify with the inspection role the tree ships (it grants get, list and watch on ${kind.resource}.${kind.group || 'core'}); re-synth and let Flux apply it if the role lacks the rule`,
        },
      };
  }
}

/** `<namespace>/<name>`, or the name of a cluster-scoped object. */
export const objectName = (doc: Record<string, any>): string =>
  doc.metadata?.namespace ? `${doc.metadata.namespace}/${doc.metadata.name}` : String(doc.metadata?.name);

/** An object's key for matching tree and cluster: kind and name. */
export const objectKey = (doc: Record<string, any>): string => `${doc.kind} ${objectName(doc)}`;

/** A condition of `status.conditions` (metav1.Condition, and Cluster API's and k3s's of the same shape). */
export const condition = (doc: Record<string, any>, type: string): Record<string, any> | undefined =>
  (Array.isArray(doc.status?.conditions) ? doc.status.conditions : []).find((c: any) => c?.type === type);

/**
 * Ready as kstatus reads a Flux or Cluster API object: condition Ready True, for the current
 * generation when the object reports the generation it observed. Undefined when Ready; else why not.
 */
export function notReady(doc: Record<string, any>): string | undefined {
  const ready = condition(doc, 'Ready');
  if (ready === undefined) return 'no Ready condition';
  if (ready.status !== 'True') return `Ready ${ready.status}${ready.reason ? ` (${ready.reason})` : ''}${ready.message ? `: ${ready.message}` : ''}`;
  const observed = doc.status?.observedGeneration;
  const generation = doc.metadata?.generation;
  if (typeof observed === 'number' && typeof generation === 'number' && observed < generation) return `Ready for generation ${observed}, the object is at ${generation}`;
  return undefined;
}

/** The tree's objects of a kind in an API group (any version), in file order. */
export const treeObjectsOf = (objects: readonly TreeObject[], group: string, kind: string): TreeObject[] =>
  objects.filter(({ doc }) => doc.kind === kind && apiGroup(String(doc.apiVersion)) === group);

/** The group of an apiVersion: `''` for the core group's `v1`. */
export const apiGroup = (apiVersion: string): string => (apiVersion.includes('/') ? apiVersion.split('/')[0]! : '');

/** Sorted by key, so lines come out in one order whatever order the API server lists in. */
export const byName = <T extends Record<string, any>>(docs: readonly T[]): T[] => [...docs].sort((a, b) => (objectName(a) < objectName(b) ? -1 : objectName(a) > objectName(b) ? 1 : 0));
