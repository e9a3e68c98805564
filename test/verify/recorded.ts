import fs from 'node:fs';
import path from 'node:path';
import { resolve } from '../../src/model/resolve';
import type { Environment } from '../../src/model/resolve';
import { renderEnvironment } from '../../src/synth/render';
import { environmentTree } from '../../src/validate/tree-objects';
import type { EnvironmentTree } from '../../src/validate/tree-objects';
import { kindKey } from '../../src/verify/types';
import type { ExpectedRevision, LiveKind, LiveList, VerifyInput } from '../../src/verify/types';
import { dev, mgmt } from '../fixtures/fleet';

/** The recorded objects (test/fixtures/live/README.md): dev's Flux and platform kinds, mgmt's providers and HelmCharts. */
export const LIVE_DIR = path.join(import.meta.dirname, '..', 'fixtures', 'live');

/** The commit the recorded Kustomizations report (`refs/heads/main@sha1:<LIVE_SHA>`). */
export const LIVE_SHA = '3f9a1c0e5b7d2a4f6c8e0b1d3f5a7c9e1b3d5f70';
export const OLD_SHA = '1111111111111111111111111111111111111111';

/** The recorded list of a resource, a fresh copy each call (tests edit it). */
export const recordedItems = (resource: string): Record<string, any>[] => JSON.parse(fs.readFileSync(path.join(LIVE_DIR, `${resource}.json`), 'utf8')).items;

/** A revision whose answers the tests choose: LIVE_SHA contains the commit, OLD_SHA is behind it, any other is unknown. */
export const fakeRevision: Required<ExpectedRevision> = {
  commit: 'c'.repeat(40),
  contains: (live) => (live.endsWith(LIVE_SHA) ? 'yes' : live.endsWith(OLD_SHA) ? 'no' : 'unknown'),
  relation: (live) => (live.endsWith(LIVE_SHA) ? 'same-tree' : live.endsWith(OLD_SHA) ? 'behind' : 'unknown'),
};

const trees = new Map<string, { env: Environment; tree: EnvironmentTree }>();
/** The fixture fleet's environment and its tree as synth renders it, once per process. */
export function fixtureEnvironment(name: 'dev' | 'mgmt'): { env: Environment; tree: EnvironmentTree } {
  if (!trees.has(name)) {
    const env = resolve(name === 'dev' ? dev : mgmt);
    trees.set(name, { env, tree: environmentTree(name, renderEnvironment(env)) });
  }
  return trees.get(name)!;
}

/** The input of a check: every kind it reads listed from the recordings, `edit` changing any list. */
export function recordedInput(
  name: 'dev' | 'mgmt',
  kinds: readonly LiveKind[],
  edit: (resource: string, items: Record<string, any>[]) => LiveList | Record<string, any>[] = (_, items) => items,
): VerifyInput {
  const { env, tree } = fixtureEnvironment(name);
  const lists = new Map<string, LiveList>(
    kinds.map((k) => {
      const edited = edit(k.resource, fs.existsSync(path.join(LIVE_DIR, `${k.resource}.json`)) ? recordedItems(k.resource) : []);
      return [kindKey(k), Array.isArray(edited) ? { state: 'listed', items: edited } : edited] as const;
    }),
  );
  return { env, tree, revision: fakeRevision, live: { lists } };
}
