import { resolve } from '../../src/model/resolve';
import type { Environment } from '../../src/model/resolve';
import { readEnvironmentTree } from '../../src/validate/tree-objects';
import type { EnvironmentTree } from '../../src/validate/tree-objects';
import { kindKey } from '../../src/verify/types';
import type { ExpectedRevision, LiveKind, LiveList, LiveSnapshot, VerifyCheck, VerifyLine } from '../../src/verify/types';
import { fleetRepo } from '../fixtures/fleet-repo';
import { dev } from '../fixtures/fleet/dev';
import { devCluster } from './loopback';

// In-memory inputs for the checks: the fixture fleet's dev environment and tree, and a snapshot
// of recorded objects (test/fixtures/live/dev/) a test changes one field of.

let devTree: EnvironmentTree | undefined;
export const devEnv = (): Environment => resolve(dev);
export const tree = (): EnvironmentTree => (devTree ??= readEnvironmentTree(fleetRepo('verify-tree-'), 'dev'));

/** A snapshot listing `objects` for every kind the check reads, except those given another state. */
export function snapshotFor(kinds: readonly LiveKind[], objects: readonly Record<string, any>[], states: Record<string, LiveList> = {}): LiveSnapshot {
  const lists = new Map<string, LiveList>();
  for (const kind of kinds) {
    const key = kindKey(kind);
    const apiVersion = kind.group === '' ? kind.version : `${kind.group}/${kind.version}`;
    lists.set(key, states[key] ?? { state: 'listed', items: objects.filter((o) => o.apiVersion === apiVersion && o.kind === kind.kind && (!kind.namespace || o.metadata?.namespace === kind.namespace)) });
  }
  return { lists };
}

export const noRevision: ExpectedRevision = { commit: undefined, contains: () => 'unknown' };

/** The recorded dev cluster, changed by `edit` (which gets a deep copy). */
export const devObjects = (edit: (objects: Record<string, any>[]) => void = () => undefined) => {
  const objects = structuredClone(devCluster());
  edit(objects);
  return objects;
};

/** Runs a check on the dev environment against the (edited) recorded cluster. */
export function runDev(check: VerifyCheck, edit?: (objects: Record<string, any>[]) => void, states?: Record<string, LiveList>): VerifyLine[] {
  const env = devEnv();
  return [...check.run({ env, tree: tree(), revision: noRevision, live: snapshotFor(check.reads(env), devObjects(edit), states) })];
}

export const find = (objects: Record<string, any>[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata?.name === name)!;
export const drifts = (lines: readonly VerifyLine[]) => lines.filter((l) => l.outcome === 'drift');
