// `npm run build`: the CLIs as compiled bundles in dist/ (esbuild; dependencies stay external),
// with source maps so a stack points at src/. The environments are not bundled: the CLIs load
// them when they run (src/load-environments.ts), so an edit to one needs no build.
// dist/build.json records every bundled source with its size and mtime: scripts/run.mjs rebuilds
// when one differs, so dist/ is never stale.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const repo = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(repo, 'dist');
export const STAMP = path.join(DIST, 'build.json');

/** The CLIs, by the name their bundle gets. */
export const ENTRIES = {
  main: 'src/main.ts',
  secrets: 'src/secrets/main.ts',
  validate: 'src/validate/main.ts',
  review: 'src/review/main.ts',
};

const state = (file) => {
  const s = fs.statSync(path.join(repo, file));
  return `${s.size}:${s.mtimeMs}`;
};

export async function build() {
  const result = await esbuild.build({
    absWorkingDir: repo,
    entryPoints: ENTRIES,
    outdir: DIST,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    metafile: true,
    logLevel: 'error',
  });
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules'));
  fs.writeFileSync(STAMP, `${JSON.stringify({ inputs: Object.fromEntries(inputs.map((f) => [f, state(f)])) }, null, 1)}\n`);
}

/** True when dist/ holds every bundle and was built from the sources as they are now. */
export function fresh() {
  if (!fs.existsSync(STAMP) || !Object.keys(ENTRIES).every((e) => fs.existsSync(path.join(DIST, `${e}.js`)))) return false;
  const { inputs } = JSON.parse(fs.readFileSync(STAMP, 'utf8'));
  return Object.entries(inputs).every(([file, was]) => fs.existsSync(path.join(repo, file)) && state(file) === was);
}

if (process.argv[1] === import.meta.filename) {
  await build();
  process.stdout.write(`dist/: ${Object.keys(ENTRIES).join(', ')} built\n`);
}
