import fs from 'node:fs';
import path from 'node:path';
import { CLUSTERS_DIR } from '../tree/paths';

/**
 * Folders under `clusters/` that no environment writes: left behind when an environment is removed
 * or renamed, and still reconciled by any Flux that points at them. Synth never deletes them (a
 * folder it did not write may be someone's hand-made cluster); check fails on them.
 * Hidden folders are the writer's staging area, not environments.
 */
export function orphanFolders(root: string, environmentNames: readonly string[]): string[] {
  const clusters = path.join(root, CLUSTERS_DIR);
  if (!fs.existsSync(clusters)) return [];
  return fs
    .readdirSync(clusters, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !environmentNames.includes(entry.name))
    .map((entry) => `clusters/${entry.name}/`)
    .sort();
}

export const orphanAdvice = (folder: string) =>
  `${folder} belongs to no environment in environments/; if that environment is gone, delete it (git rm -r ${folder}), else restore the environment`;
