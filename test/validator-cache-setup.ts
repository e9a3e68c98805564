import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Vitest's global set-up for every project: one validator cache (src/validate/validator-cache.ts)
// for the run, shared by the tests and the commands they spawn (they inherit the environment),
// so the user's own ~/.cache is never read or written and every run starts cold.
export function setup(): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'validator-cache-'));
  process.env.XDG_CACHE_HOME = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
