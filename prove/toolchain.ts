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
import { pinRelativeReplaces, redirect, resolvedVersion } from './go-mod';
import type { Provenance } from './report';

export const CACHE = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'k3s-gitops-synth', 'prove');

export interface Program extends Provenance {
  /** The binary, when one could be built or was built before. */
  readonly file?: string;
}

interface Snapshot {
  readonly repository: string;
  readonly tag: string;
  readonly commit: string;
}

/** A module of a multi-module repository: its folder there, tagged `<folder>/<version>`, and each tag's commit. */
interface DependencySnapshot {
  readonly module: string;
  readonly repository: string;
  readonly folder: string;
  readonly commitOf: Readonly<Record<string, string>>;
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
  readonly snapshot?: Snapshot;
  /** The release of the published sibling modules each relative `replace` is pointed at (go-mod.ts). */
  readonly siblings?: string;
  readonly ldflags: string;
}

const pins = versions.provingGround;

/** The VM half's programs. */
const VM_RECIPES: readonly Recipe[] = [
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

/** Kubernetes' release of the tested k3s: `v1.36.4+k3s1` → `v1.36.4`. */
export const kubernetesRelease = (k3s: string = versions.k3s.tested) => k3s.replace(/\+k3s\d+$/, '');

/** The version a pin follows from another, or an error naming the row to add. */
export function followed(table: Readonly<Record<string, string>>, key: string, where: string, source: string): string {
  const version = table[key];
  if (version === undefined) throw new Error(`src/versions.ts ${where} has no row for ${key}: add '${key}': '<version>' as ${source} names it`);
  return version;
}

/** The version flags Kubernetes' own build sets (hack/lib/version.sh, kube::version::ldflags). */
export function kubernetesLdflags(release: string): string {
  const [major, minor] = release.replace(/^v/, '').split('.');
  const values = { gitVersion: release, gitMajor: major, gitMinor: minor, gitTreeState: 'clean' };
  const flags = Object.entries(values).flatMap(([key, value]) => ['k8s.io/client-go/pkg/version', 'k8s.io/component-base/version'].map((pkg) => `-X ${pkg}.${key}=${value}`));
  return ['-s -w', ...flags].join(' ');
}

/** The Kubernetes half's programs: the API server with its datastore and kubectl, and the Flux controllers the FluxInstance installs. */
function kubernetesRecipes(): Recipe[] {
  const release = kubernetesRelease();
  const etcd = followed(pins.etcd.byKubernetes, release, 'provingGround.etcd.byKubernetes', `kubernetes ${release} build/dependencies.yaml`);
  const controller = (key: keyof typeof pins.fluxControllers, binary: string): Recipe => {
    const pin = pins.fluxControllers[key];
    const version = followed(pin.byFlux, versions.flux.version, `provingGround.fluxControllers.${key}.byFlux`, `flux2 v${versions.flux.version} manifests/bases/${binary}/kustomization.yaml`);
    // The go.mod replaces its own api module with ./api, which the module zip holds; the
    // published api module of the same release is what the require line names.
    return { name: binary, version, binary, module: pin.module, moduleVersion: version, package: '.', siblings: version, ldflags: '-s -w' };
  };
  return [
    {
      name: 'kube-apiserver', version: release, binary: 'kube-apiserver',
      module: pins.kubernetes.module, moduleVersion: release, package: './cmd/kube-apiserver',
      // The staging modules (k8s.io/api, …) are published as v0.<minor>.<patch> of the same release.
      siblings: release.replace(/^v1\./, 'v0.'),
      ldflags: kubernetesLdflags(release),
    },
    // The runbook's lines run with the kubectl of the cluster's own release (Debian's is outside the version skew).
    {
      name: 'kubectl', version: release, binary: 'kubectl',
      module: pins.kubernetes.module, moduleVersion: release, package: './cmd/kubectl',
      siblings: release.replace(/^v1\./, 'v0.'),
      ldflags: kubernetesLdflags(release),
    },
    { name: 'etcd', version: etcd, binary: 'etcd', module: pins.etcd.module, moduleVersion: etcd, package: '.', siblings: etcd, ldflags: '-s -w' },
    controller('sourceController', 'source-controller'),
    controller('kustomizeController', 'kustomize-controller'),
    controller('helmController', 'helm-controller'),
    controller('notificationController', 'notification-controller'),
  ];
}

/** The Kyverno CLI of the catalogue's kyverno chart. */
function kyvernoRecipe(): Recipe {
  const chart = versions.charts.kyverno.version;
  const version = followed(pins.kyverno.byChart, chart, 'provingGround.kyverno.byChart', `kyverno charts/kyverno/Chart.yaml (version ${chart}) appVersion`);
  return {
    name: 'Kyverno CLI', version, binary: 'kyverno', module: pins.kyverno.module, moduleVersion: version, package: './cmd/cli/kubectl-kyverno',
    ldflags: `-s -w -X github.com/kyverno/kyverno/pkg/version.BuildVersion=${version}`,
  };
}

const run = (cmd: string, args: readonly string[], cwd?: string, env?: NodeJS.ProcessEnv) =>
  spawnSync(cmd, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 1 << 28 });

/** The module's folder in the Go module cache (downloaded from the proxy when absent), or the reason there is none. */
function download(module: string, version: string): { dir: string } | { error: string } {
  const result = run('go', ['mod', 'download', '-json', `${module}@${version}`], os.tmpdir(), { GOFLAGS: '-mod=mod' });
  const info = (() => { try { return JSON.parse(result.stdout) as { Dir?: string; Error?: string }; } catch { return { Error: result.stderr.trim() }; } })();
  return info.Dir ? { dir: info.Dir } : { error: (info.Error ?? 'no answer').split('\n')[0]! };
}

/** The module's source from the Go module proxy, or the reason it has none. */
function fromProxy(recipe: Recipe, into: string): string | { error: string } {
  const found = download(recipe.module, recipe.moduleVersion);
  if ('error' in found) return found;
  fs.cpSync(found.dir, into, { recursive: true });
  // The module cache is read-only; the build writes generated files into its copy.
  execFileSync('chmod', ['-R', 'u+w', into]);
  return `the Go module proxy (${recipe.module}@${recipe.moduleVersion})`;
}

/**
 * A git snapshot of an upstream repository (PROVE_SOURCES, a folder of `<owner>+<name>/repo`
 * bare repositories as the library's fetch lays them out), taken only at the pinned commit: the
 * whole tree, or one folder of it (a module of a multi-module repository) as the folder's root.
 */
function extractSnapshot(snap: Snapshot, into: string, folder?: string): { error: string } | undefined {
  const root = process.env.PROVE_SOURCES;
  if (!root) return { error: 'no git snapshot given (PROVE_SOURCES)' };
  const repo = path.join(root, snap.repository.replace('/', '+'), 'repo');
  if (!fs.existsSync(repo)) return { error: `no snapshot of ${snap.repository} in ${root}` };
  const tagged = run('git', ['-C', repo, 'rev-parse', `${snap.tag}^{commit}`]).stdout.trim();
  if (tagged !== snap.commit) return { error: `${snap.repository} ${snap.tag} is commit ${tagged || 'missing'} in the snapshot, not the pinned ${snap.commit}` };
  fs.mkdirSync(into, { recursive: true });
  const strip = folder ? folder.split('/').length : 0;
  execFileSync('sh', ['-c', `git -C "$1" archive "$2" $4 | tar -x -C "$3" --strip-components=$5`, 'archive', repo, snap.commit, into, folder ?? '', String(strip)]);
  return undefined;
}

function fromSnapshot(recipe: Recipe, into: string): string | { error: string } {
  const snap = recipe.snapshot;
  if (!snap) return { error: 'no git snapshot given (PROVE_SOURCES)' };
  const failed = extractSnapshot(snap, into);
  if (failed) return failed;
  return `a git snapshot of ${snap.repository} at ${snap.tag} (${snap.commit.slice(0, 12)}), the module proxy refusing the module`;
}

/**
 * A module the build takes that the module proxy refuses here, replaced by its folder from a git
 * snapshot at the commit of its tag; nothing when the proxy serves it or the build does not take it.
 */
function snapshotStandIn(dependency: DependencySnapshot, goMod: string, build: string): StandIn | undefined {
  const version = resolvedVersion(goMod, dependency.module);
  if (version === undefined) return undefined;
  const served = download(dependency.module, version);
  if (!('error' in served)) return undefined;
  const snap = { repository: dependency.repository, tag: `${dependency.folder}/${version}`, commit: dependency.commitOf[version] ?? '' };
  if (!snap.commit) return { error: `${dependency.module}@${version}: the module proxy answers "${served.error}", and src/versions.ts provingGround.moduleSnapshots has no commit for ${version}: add the commit of ${dependency.repository} tag ${snap.tag}` };
  const into = path.join(build, 'stand-ins', dependency.folder);
  const failed = extractSnapshot(snap, into, dependency.folder);
  if (failed) return { error: `${dependency.module}@${version}: the module proxy answers "${served.error}"; ${failed.error}` };
  return { goMod: redirect(goMod, dependency.module, into), note: `${dependency.module}@${version} from a git snapshot of ${dependency.repository} at ${snap.tag} (${snap.commit.slice(0, 12)}), the module proxy refusing it` };
}

/** A Flux fork the module proxy refuses, replaced by the upstream release it is cut from. */
function forkStandIn(fork: { module: string; upstream: string }, goMod: string): StandIn | undefined {
  const version = resolvedVersion(goMod, fork.module);
  if (version === undefined) return undefined;
  const served = download(fork.module, version);
  if (!('error' in served)) return undefined;
  const base = version.replace(/-flux\.\d+$/, '');
  if (base === version || 'error' in download(fork.upstream, base)) return { error: `${fork.module}@${version}: the module proxy answers "${served.error}", and it has no ${fork.upstream} ${base} to stand in` };
  return {
    goMod: redirect(goMod, fork.module, `${fork.upstream} ${base}`),
    note: `${fork.upstream} ${base} in place of Flux's fork ${fork.module} ${version}, which the module proxy refuses: the fork's own changes are not in this binary`,
  };
}

type StandIn = { goMod: string; note: string } | { error: string };

/** Every stand-in the copy's go.mod needs, applied to it; the notes, or why the build cannot be made. */
function standIns(src: string, build: string): { notes: string[] } | { error: string } {
  const file = path.join(src, 'go.mod');
  const notes: string[] = [];
  const candidates = [
    ...Object.values(pins.moduleSnapshots).map((d) => (goMod: string) => snapshotStandIn(d, goMod, build)),
    ...Object.values(pins.forks).map((f) => (goMod: string) => forkStandIn(f, goMod)),
  ];
  for (const candidate of candidates) {
    const result = candidate(fs.readFileSync(file, 'utf8'));
    if (!result) continue;
    if ('error' in result) return result;
    fs.writeFileSync(file, result.goMod);
    notes.push(result.note);
  }
  return { notes };
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
    if (recipe.siblings) {
      const goMod = path.join(src, 'go.mod');
      fs.writeFileSync(goMod, pinRelativeReplaces(fs.readFileSync(goMod, 'utf8'), recipe.siblings).goMod);
    }
    const stoodIn = standIns(src, build);
    if ('error' in stoodIn) return { name: recipe.name, version: recipe.version, source: `none: ${stoodIn.error}` };
    if (stoodIn.notes.length > 0) source = `${source}, with ${stoodIn.notes.join('; ')}`;
    // GOWORK off: a module may ship a go.work naming the folders the zip leaves out (Kubernetes does).
    const env = { GOFLAGS: '-mod=mod', CGO_ENABLED: '0', GOWORK: 'off' };
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

/** Why no program can be built here, when no Go toolchain answers. */
function goMissing(): string | undefined {
  fs.mkdirSync(CACHE, { recursive: true });
  const go = run('go', ['version']);
  return go.status !== 0 ? `no Go toolchain on the PATH (${go.error?.message ?? go.stderr.trim()}): install Go 1.26 or later` : undefined;
}

/** The VM half's programs. */
export function provideAll(log: (line: string) => void): { tofu: Program; libvirt: Program; legacy: Program } {
  const noGo = goMissing();
  const [tofu, libvirt, legacy] = VM_RECIPES.map((r) => provide(r, log, noGo)) as [Program, Program, Program];
  return { tofu, libvirt, legacy };
}

export interface KubernetesPrograms {
  readonly kubeApiserver: Program;
  readonly kubectl: Program;
  readonly etcd: Program;
  readonly sourceController: Program;
  readonly kustomizeController: Program;
  readonly helmController: Program;
  readonly notificationController: Program;
}

/** The Kubernetes half's programs, built one after the other (each `go build` uses every core). */
export function provideKubernetes(log: (line: string) => void): KubernetesPrograms {
  const noGo = goMissing();
  const [kubeApiserver, kubectl, etcd, sourceController, kustomizeController, helmController, notificationController] = kubernetesRecipes().map((r) => provide(r, log, noGo)) as [Program, Program, Program, Program, Program, Program, Program];
  return { kubeApiserver, kubectl, etcd, sourceController, kustomizeController, helmController, notificationController };
}

/** A Go module's files at `version` in the module cache (read-only), from the proxy when absent. */
export function moduleDir(module: string, version: string): string {
  const found = download(module, version);
  if ('error' in found) throw new Error(`${module}@${version}: ${found.error}`);
  return found.dir;
}

/** The read-only source of a Kubernetes-half program's module at its pinned version (its CRDs, say). */
export function kubernetesModuleSource(binary: string): string {
  const recipe = kubernetesRecipes().find((r) => r.binary === binary);
  if (!recipe) throw new Error(`no program ${binary} in the Kubernetes half`);
  return moduleDir(recipe.module, recipe.moduleVersion);
}

/** The Kyverno CLI, only when asked: the largest build of all. */
export function provideKyverno(log: (line: string) => void): Program {
  return provide(kyvernoRecipe(), log, goMissing());
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
