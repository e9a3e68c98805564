/**
 * The real programs, built from their published Go modules at the pinned tags into a cache outside
 * the repository (`$XDG_CACHE_HOME/k3s-gitops-synth/prove/`), once per version. Upstream code is
 * never copied into the repository: each module is built as its own main module, so its go.mod's
 * replace directives hold as upstream builds it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as versions from '../src/versions';
import type { Provenance } from './report';

export const CACHE = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'k3s-gitops-synth', 'prove');

export interface Program extends Provenance {
  /** The binary, when one could be built or was built before. */
  readonly file?: string;
}

interface Recipe {
  readonly name: string;
  readonly version: string;
  readonly binary: string;
  /** Go module and its version as the module proxy serves it. */
  readonly module: string;
  readonly moduleVersion: string;
  /** The package to build, relative to the module's root. */
  readonly package: string;
  /** A step the upstream Makefile runs before `go build` (code generation). */
  readonly generate?: readonly string[];
  /** A git snapshot may stand in for the module proxy: the repository and its tag's commit. */
  readonly snapshot?: { readonly repository: string; readonly tag: string; readonly commit: string };
  readonly ldflags: string;
}

const pins = versions.provingGround;
const RECIPES: readonly Recipe[] = [
  {
    name: 'OpenTofu', version: pins.opentofu.version, binary: 'tofu',
    module: pins.opentofu.module, moduleVersion: pins.opentofu.version, package: './cmd/tofu',
    ldflags: '-s -w',
  },
  {
    name: 'terraform-provider-libvirt', version: versions.terraformProviders.libvirt.version, binary: `terraform-provider-libvirt_v${versions.terraformProviders.libvirt.version}`,
    module: pins.libvirtProvider.module, moduleVersion: `v${versions.terraformProviders.libvirt.version}`, package: '.',
    // internal/generated/ is written by the Makefile's generate target, not committed upstream.
    generate: ['go', 'run', './internal/codegen'],
    snapshot: { repository: pins.libvirtProvider.repository, tag: `v${versions.terraformProviders.libvirt.version}`, commit: pins.libvirtProvider.commit },
    ldflags: `-s -w -X main.version=${versions.terraformProviders.libvirt.version}`,
  },
  {
    name: 'terraform-provider-libvirt (count era)', version: pins.libvirtLegacy.version, binary: `terraform-provider-libvirt_v${pins.libvirtLegacy.version}`,
    module: pins.libvirtLegacy.module, moduleVersion: `v${pins.libvirtLegacy.version}`, package: '.',
    ldflags: `-s -w -X main.version=${pins.libvirtLegacy.version}`,
  },
];

const run = (cmd: string, args: readonly string[], cwd?: string, env?: NodeJS.ProcessEnv) =>
  spawnSync(cmd, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 1 << 28 });

/** The module's source from the Go module proxy, or the reason it has none. */
function fromProxy(recipe: Recipe, into: string): string | { error: string } {
  const result = run('go', ['mod', 'download', '-json', `${recipe.module}@${recipe.moduleVersion}`], os.tmpdir(), { GOFLAGS: '-mod=mod' });
  const info = (() => { try { return JSON.parse(result.stdout) as { Dir?: string; Error?: string }; } catch { return { Error: result.stderr.trim() }; } })();
  if (!info.Dir) return { error: (info.Error ?? 'no answer').split('\n')[0]! };
  fs.cpSync(info.Dir, into, { recursive: true });
  // The module cache is read-only; the build writes generated files into its copy.
  execFileSync('chmod', ['-R', 'u+w', into]);
  return `the Go module proxy (${recipe.module}@${recipe.moduleVersion})`;
}

/**
 * A git snapshot of the upstream repository (PROVE_SOURCES, a folder of `<owner>+<name>/repo`
 * bare repositories as the library's fetch lays them out), taken only at the pinned commit.
 */
function fromSnapshot(recipe: Recipe, into: string): string | { error: string } {
  const snap = recipe.snapshot;
  const root = process.env.PROVE_SOURCES;
  if (!snap || !root) return { error: 'no git snapshot given (PROVE_SOURCES)' };
  const repo = path.join(root, snap.repository.replace('/', '+'), 'repo');
  if (!fs.existsSync(repo)) return { error: `no snapshot of ${snap.repository} in ${root}` };
  const tagged = run('git', ['-C', repo, 'rev-parse', `${snap.tag}^{commit}`]).stdout.trim();
  if (tagged !== snap.commit) return { error: `${snap.repository} ${snap.tag} is commit ${tagged || 'missing'} in the snapshot, not the pinned ${snap.commit}` };
  fs.mkdirSync(into, { recursive: true });
  execFileSync('sh', ['-c', `git -C "$1" archive "$2" | tar -x -C "$3"`, 'archive', repo, snap.commit, into]);
  return `a git snapshot of ${snap.repository} at ${snap.tag} (${snap.commit.slice(0, 12)}), the module proxy refusing the module`;
}

/** Builds one program unless its cached binary exists; says where the binary came from. */
function provide(recipe: Recipe, log: (line: string) => void, noGo?: string): Program {
  const dir = path.join(CACHE, 'bin', `${recipe.binary.replace(/_v.*$/, '')}-${recipe.version}`);
  const file = path.join(dir, recipe.binary);
  const sourceNote = path.join(dir, 'SOURCE');
  if (fs.existsSync(file) && fs.existsSync(sourceNote)) {
    return { name: recipe.name, version: recipe.version, file, source: `cached, built before from ${fs.readFileSync(sourceNote, 'utf8').trim()}` };
  }
  if (noGo) return { name: recipe.name, version: recipe.version, source: `none: ${noGo}` };
  const build = fs.mkdtempSync(path.join(CACHE, 'build-'));
  try {
    const src = path.join(build, 'src');
    log(`building ${recipe.name} ${recipe.version} …`);
    let source = fromProxy(recipe, src);
    if (typeof source !== 'string') {
      const proxyError = source.error;
      fs.rmSync(src, { recursive: true, force: true });
      const snapshot = fromSnapshot(recipe, src);
      if (typeof snapshot !== 'string') return { name: recipe.name, version: recipe.version, source: `none: the Go module proxy answers "${proxyError}"; ${snapshot.error}` };
      source = snapshot;
    }
    const env = { GOFLAGS: '-mod=mod', CGO_ENABLED: '0' };
    if (recipe.generate) {
      const gen = run(recipe.generate[0]!, recipe.generate.slice(1), src, env);
      if (gen.status !== 0) throw new Error(`${recipe.name}: ${recipe.generate.join(' ')} failed:\n${gen.stderr.slice(-4000)}`);
    }
    fs.mkdirSync(dir, { recursive: true });
    const built = run('go', ['build', '-trimpath', `-ldflags=${recipe.ldflags}`, '-o', file, recipe.package], src, env);
    if (built.status !== 0) throw new Error(`${recipe.name}: go build failed:\n${built.stderr.slice(-4000)}`);
    fs.writeFileSync(sourceNote, `${source}\n`);
    return { name: recipe.name, version: recipe.version, file, source: `built now from ${source}` };
  } finally {
    fs.rmSync(build, { recursive: true, force: true });
  }
}

export function provideAll(log: (line: string) => void): { tofu: Program; libvirt: Program; legacy: Program } {
  fs.mkdirSync(CACHE, { recursive: true });
  const go = run('go', ['version']);
  const noGo = go.status !== 0 ? `no Go toolchain on the PATH (${go.error?.message ?? go.stderr.trim()}): install Go 1.26 or later` : undefined;
  const [tofu, libvirt, legacy] = RECIPES.map((r) => provide(r, log, noGo)) as [Program, Program, Program];
  return { tofu, libvirt, legacy };
}

/**
 * A provider mirror tofu installs from without a registry: the unpacked layout
 * `<host>/<namespace>/<type>/<version>/<os>_<arch>/<binary>` and a CLI configuration naming it.
 */
export function providerMirror(into: string, providers: readonly { source: string; version: string; file: string }[]): string {
  for (const p of providers) {
    const dir = path.join(into, 'mirror', 'registry.opentofu.org', p.source, p.version, 'linux_amd64');
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(p.file, path.join(dir, path.basename(p.file)));
    fs.chmodSync(path.join(dir, path.basename(p.file)), 0o755);
  }
  const config = path.join(into, 'tofu.tfrc');
  fs.writeFileSync(config, `provider_installation {\n  filesystem_mirror {\n    path    = "${path.join(into, 'mirror')}"\n    include = ["registry.opentofu.org/*/*"]\n  }\n}\n`);
  return config;
}
