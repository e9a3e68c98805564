import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository this code runs from, whether from its sources (`src/…`) or from the compiled
 * bundle (`dist/…`): the nearest folder above with a package.json.
 */
export const REPO_ROOT: string = (() => {
  let dir = import.meta.dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${import.meta.dirname}`);
    dir = up;
  }
  return dir;
})();
