import fs from 'node:fs';
import path from 'node:path';
import { resolve } from '../../src/model/resolve';
import type { Environment } from '../../src/model/resolve';
import { renderEnvironment } from '../../src/synth/render';
import { environmentTree } from '../../src/validate/tree-objects';
import type { EnvironmentTree } from '../../src/validate/tree-objects';
import { WORKLOAD_KINDS } from '../../src/verify/checks/workloads';
import { kindKey } from '../../src/verify/types';
import type { LiveList, VerifyInput } from '../../src/verify/types';
import { managementSpec, withClusterFiles } from '../fixtures/management-tree';
import { lab1 } from '../fixtures/workload';
import { LIVE_DIR, fakeRevision } from './recorded';

// The fixture fleet's mgmt managing lab1 (test/fixtures/workload.ts), with the layer of its
// workload clusters, and the Cluster API objects its cluster holds for lab1 (test/fixtures/live/mgmt/).

let built: { env: Environment; tree: EnvironmentTree } | undefined;
/** mgmt's environment with lab1 among its workloads, and its tree with lab1's Cluster API objects. */
export function workloadManagement(): { env: Environment; tree: EnvironmentTree } {
  if (built === undefined) {
    const spec = managementSpec();
    const env = resolve(spec, [spec, lab1]);
    built = { env, tree: environmentTree('mgmt', withClusterFiles(renderEnvironment(env), env.workloads)) };
  }
  return built;
}

/** A recorded list of test/fixtures/live/mgmt/, a fresh copy each call, each item with its apiVersion and kind. */
export function recordedWorkload(resource: string): Record<string, any>[] {
  const list = JSON.parse(fs.readFileSync(path.join(LIVE_DIR, 'mgmt', `${resource}.json`), 'utf8')) as { apiVersion: string; kind: string; items: Record<string, any>[] };
  return list.items.map((item) => ({ apiVersion: list.apiVersion, kind: list.kind.replace(/List$/, ''), ...item }));
}

/** The workloads check's input on the recordings, `edit` changing any list (or answering it as not served / forbidden). */
export function workloadInput(edit: (resource: string, items: Record<string, any>[]) => LiveList | Record<string, any>[] = (_, items) => items): VerifyInput {
  const { env, tree } = workloadManagement();
  const lists = new Map<string, LiveList>(WORKLOAD_KINDS.map((k) => {
    const edited = edit(k.resource, recordedWorkload(k.resource));
    return [kindKey(k), Array.isArray(edited) ? { state: 'listed', items: edited } : edited] as const;
  }));
  return { env, tree, revision: fakeRevision, live: { lists } };
}
