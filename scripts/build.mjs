// `npm run build`: the bin and the API as compiled bundles in dist/ (esbuild), with source maps so
// a stack points at src/. The dependencies are bundled too, except the construct libraries (peers)
// and tsx: Node then reads a few files instead of about a thousand (cdktf alone is 378 modules) and
// parses no CommonJS package for its export names, which halves the start of every command (npm
// run bench measures it). What no command reaches is left out (UNUSED). A fleet's environments are
// not bundled: the bin loads them when it runs (src/fleet/load-environments.ts), so an edit to one needs
// no build. `npm pack` adds the API's types (scripts/pack.mjs).
// dist/build.json records every bundled source with its size and mtime, and the lock file:
// scripts/run.mjs rebuilds when one differs, so dist/ is never stale.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
const requireFromRepo = createRequire(path.join(repo, 'package.json'));
export const DIST = path.join(repo, 'dist');
export const STAMP = path.join(DIST, 'build.json');

/** The CLIs, by the name their bundle gets. */
export const ENTRIES = {
  /** The bin, `k3s-gitops-synth <command>`: each command's module is a chunk it loads on demand. */
  cli: 'src/cli/main.ts',
  /** The programmatic API (`import … from 'k3s-gitops-synth'`); its types are dist/types/. */
  index: 'src/index.ts',
};

/**
 * What stays a package the bundles load at run time: tsx (it loads a fleet's TypeScript), esbuild
 * (native binaries), and the construct libraries, which a fleet's own constructs share with the
 * tool (peer dependencies: one copy of each class, or cdk8s cannot render the fleet's objects).
 */
export const PEERS = ['cdk8s', 'cdk8s-plus-31', 'constructs'];
const EXTERNAL = ['tsx', 'tsx/*', 'esbuild'];

/**
 * The peers are required, not imported: an ES import of a CommonJS package makes Node parse it for
 * its export names (cdk8s-plus-31 is large; about 150 ms of every start). Each import of a peer
 * becomes a bundled stand-in whose one line is `module.exports = require('<peer>')`, that require
 * left to Node (external): the fleet's one copy, as its own constructs require it.
 */
const peers = {
  name: 'required-peers',
  setup(build) {
    const filter = new RegExp(`^(${PEERS.map((p) => p.replace(/[.]/g, '\\.')).join('|')})(/.*)?$`);
    build.onResolve({ filter }, (args) => (args.namespace === 'peer' ? { path: args.path, external: true } : { path: args.path, namespace: 'peer' }));
    build.onLoad({ filter: /.*/, namespace: 'peer' }, (args) => ({ loader: 'js', contents: `module.exports = require(${JSON.stringify(args.path)});` }));
  },
};

// Bundled CommonJS code calls require() for Node's modules and the external packages; an ES
// module has none, so each chunk gets one bound to its own location.
const REQUIRE = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * Packages a bundled dependency requires but no command reaches, replaced by a module that throws
 * if it ever is: cdktf loads archiver (and its zip and tar streams, about 35 ms of every start)
 * for TerraformAsset, which zips local files into a stack; the stacks here reference none.
 */
export const UNUSED = { archiver: "cdktf's TerraformAsset (zipping local files into a stack)" };

const unused = {
  name: 'unused-packages',
  setup(build) {
    const names = Object.keys(UNUSED).map((n) => n.replace(/[.]/g, '\\.')).join('|');
    build.onResolve({ filter: new RegExp(`^(${names})$`) }, (args) => ({ path: args.path, namespace: 'unused' }));
    build.onLoad({ filter: /.*/, namespace: 'unused' }, (args) => ({
      loader: 'js',
      contents: `module.exports = () => { throw new Error(${JSON.stringify(`${args.path} is left out of dist/ (scripts/build.mjs UNUSED): it serves ${UNUSED[args.path]}, which nothing here uses`)}); };`,
    }));
  },
};

/**
 * zod's translations of its messages (`z.locales`, about 350 kB parsed on every start), left out:
 * nothing here sets a locale, and the English one zod uses by default its schemas import on their
 * own. The namespace becomes an empty module.
 */
export const ZOD_LOCALES = '../locales/index.js';

const zodLocales = {
  name: 'zod-locales',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => (/[\\/]zod[\\/]/.test(args.importer) ? { path: ZOD_LOCALES, namespace: 'zod-locales' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, () => ({ loader: 'js', contents: 'export {};' }));
  },
};

const state = (file) => {
  const s = fs.statSync(path.join(repo, file));
  return `${s.size}:${s.mtimeMs}`;
};

/** Bundles `entryPoints` ({ name: source }) into `outdir` (inside the repository, so the external packages resolve). */
export function bundle(entryPoints, outdir) {
  // Loaded here, not at the top: scripts/run.mjs imports this file on every run and builds rarely.
  const esbuild = requireFromRepo('esbuild');
  return esbuild.build({
    absWorkingDir: repo,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    banner: { js: REQUIRE },
    plugins: [zodLocales, unused, peers],
    sourcemap: true,
    metafile: true,
    logLevel: 'error',
  });
}

export async function build() {
  const result = await bundle(ENTRIES, DIST);
  // Chunks are named by content: those of earlier builds are left behind unless removed.
  const outputs = new Set(Object.keys(result.metafile.outputs).map((f) => path.resolve(repo, f)));
  for (const entry of fs.readdirSync(DIST, { withFileTypes: true })) {
    const file = path.join(DIST, entry.name);
    if (entry.isFile() && /\.js(\.map)?$/.test(entry.name) && !outputs.has(file)) fs.rmSync(file, { force: true });
  }
  // The lock file stands for every bundled dependency: an install that changes one rebuilds.
  const lock = fs.existsSync(path.join(repo, 'package-lock.json')) ? ['package-lock.json'] : [];
  const inputs = [...Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules') && !f.startsWith('unused:') && !f.startsWith('peer:') && !f.startsWith('zod-locales:')), ...lock];
  fs.writeFileSync(STAMP, `${JSON.stringify({ inputs: Object.fromEntries(inputs.map((f) => [f, state(f)])) }, null, 1)}\n`);
}

/** True when dist/ holds every bundle and was built from the sources as they are now. */
export function fresh() {
  if (!fs.existsSync(STAMP) || !Object.keys(ENTRIES).every((e) => fs.existsSync(path.join(DIST, `${e}.js`)))) return false;
  const { inputs } = JSON.parse(fs.readFileSync(STAMP, 'utf8'));
  return Object.entries(inputs).every(([file, was]) => fs.existsSync(path.join(repo, file)) && state(file) === was);
}

// `--if-stale` (the prepare script: npm pack, npm ci, a git install): builds only when dist/ is not fresh, so a pack beside running
// commands (the suite's set-up) never rewrites the bundles they are reading.
if (process.argv[1] === import.meta.filename) {
  if (process.argv.includes('--if-stale') && fresh()) process.stdout.write('dist/: up to date\n');
  else {
    await build();
    process.stdout.write(`dist/: ${Object.keys(ENTRIES).join(', ')} built\n`);
  }
}
