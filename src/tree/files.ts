import fs from 'node:fs';
import path from 'node:path';

// Reading a tree on disk, shared by the writer (src/synth/) and the conformance gate
// (src/validate/), which must not depend on the writer.

/**
 * Paths inside an environment tree that other tools own: carried over on every write (moved, not
 * copied, so a provider cache costs nothing), never read, compared or removed. `flux bootstrap`
 * commits Flux's own controllers; `tofu init` writes its lock file and provider cache.
 */
export const FOREIGN_PATHS: readonly string[] = [
  'kubernetes/flux-system/gotk-components.yaml',
  'terraform/.terraform.lock.hcl',
  'terraform/.terraform',
];

const isForeign = (rel: string) => FOREIGN_PATHS.includes(rel);

/** Reads every file under `dir` into a map keyed by its path relative to `dir` ('/'-separated). */
export function readTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (isForeign(child)) continue;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) files.set(child, fs.readFileSync(path.join(dir, child), 'utf8'));
    }
  };
  if (fs.existsSync(dir)) walk('');
  return files;
}
