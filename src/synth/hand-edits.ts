import { enabledComponents } from '../components/table';
import type { Environment } from '../model/resolve';
import { changedKeys } from '../tree/changed-keys';
import { ownerOf } from '../tree/field-owners';
import type { FileOwner, OwnerIndex } from '../tree/field-owners';
import { treeDir } from '../tree/paths';
import { MANIFEST_FILE } from './manifest';
import type { EnvironmentPlan } from './plan';

/** Files named per environment at most: a spec changed without synth changes many, and the diff shows every one. */
export const MOST_NAMED = 8;

/** Where the names in an environment's paths sit in its spec. */
export function ownerIndex(env: Environment): OwnerIndex {
  return {
    nodes: env.nodes.map((n) => n.name),
    layers: env.flux.layers.map((l) => l.name),
    apps: env.apps.map((a) => ({ name: a.name, layer: a.layer })),
    components: new Map(
      enabledComponents(env).flatMap(({ entry }) => {
        const fields = [...(entry.fields ?? [`components.${entry.name}`]), ...entry.versions.map((pin) => `versions.${pin}`)];
        return [entry.name, ...(entry.folders ?? [])].map((folder) => [folder, fields] as const);
      }),
    ),
  };
}

const list = (fields: readonly string[]) => fields.join(', ');

/** What the owner says of one changed file, and where the change belongs instead. */
function advice(env: string, file: string, owner: FileOwner): string {
  const differs = `${treeDir(env)}/${file} differs from what synth writes`;
  const overwrites = 'then run npm run synth (it overwrites an edit of the file itself)';
  if (owner.kind === 'secret') {
    return `${differs}; it is a copy of secrets/${env}/${owner.namespace}.${owner.name}.sops.yaml: change that file with npm run secrets -- set ${env} ${owner.namespace}/${owner.name} --env-file - (KEY=… lines on stdin), ${overwrites}`;
  }
  if (owner.kind === 'unknown') return `${differs}; it is made from environments/${env}.ts as a whole, no one field: change the environment there, ${overwrites}`;
  const made = owner.keys.map((k) => (k.key === undefined ? `${owner.keys.length > 1 ? 'the rest of it' : 'it'} is made from ${list(k.fields)}` : `${k.key} is made from ${list(k.fields)}`));
  const count = owner.keys.reduce((n, k) => n + k.fields.length, 0);
  return `${differs}; ${made.join('; ')}: edit ${count === 1 ? 'that field' : 'those fields'} in environments/${env}.ts, ${overwrites}`;
}

/**
 * For each file of an environment's tree whose bytes differ from synth's, the spec fields that
 * make it (by the keys that differ, where the file parses): synth overwrites a hand edit, so the
 * change belongs there. None without a resolved environment.
 */
export function handEditAdvice(e: EnvironmentPlan): string[] {
  const env = e.synthesized.env;
  if (!env) return [];
  const index = ownerIndex(env);
  const files = e.changes.changed.filter((rel) => rel !== MANIFEST_FILE);
  const named = files.slice(0, MOST_NAMED).map((rel) => advice(e.name, rel, ownerOf(rel, changedKeys(e.current.get(rel)!, e.next.get(rel)!), index)));
  const more = files.length - named.length;
  return more > 0 ? [...named, `${treeDir(e.name)}/: ${more} more changed file${more === 1 ? '' : 's'}`] : named;
}
