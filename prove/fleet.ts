/**
 * A fleet of the proving ground's own, as a user gets one: the packed tool installed, `init`
 * through its bin, then every change an environment edit, `npm run synth`, a commit, and
 * `npm run review -- --format json` against the commit before. Never the example fleet.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { initFleet } from '../scripts/packed-fleet';
import type { Predicted } from './compare';
import { cloudImage } from '../src/versions';
import { BRIDGE, POOL, URI } from './host';

export const ENV = 'prove';

export interface NodeSpec {
  readonly name: string;
  readonly ip: string;
  readonly image?: string;
}

/** The parts of the environment the scenarios edit; the rest is what init writes. */
export interface FleetSpec {
  readonly nodes: readonly NodeSpec[];
  readonly vm: { readonly vcpus: number; readonly memoryMiB: number; readonly osDiskGiB: number; readonly dataDiskGiB: number };
  readonly bridge?: string;
  /** The VMs' login key, when not the one init wrote (a seed change). */
  readonly sshKey?: string;
  readonly protectData?: boolean;
  readonly migrateFromCount?: readonly string[];
  readonly adopt?: unknown;
  /** The environment's own cloud image pin over the tool's (a serial bump, as a release of the tool makes it). */
  readonly cloudImage?: { readonly serial: string; readonly sha256: string };
}

/** Three small servers on the proving ground's pool and bridge (addresses are data only: nothing boots). */
export const BASE: FleetSpec = {
  nodes: [
    { name: 'prove-1', ip: '192.168.77.11', image: cloudImage.serial },
    { name: 'prove-2', ip: '192.168.77.12', image: cloudImage.serial },
    { name: 'prove-3', ip: '192.168.77.13', image: cloudImage.serial },
  ],
  vm: { vcpus: 1, memoryMiB: 1024, osDiskGiB: 10, dataDiskGiB: 10 },
};

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKABBli1KFrxit4mplErN2IKVdpwfM3AFsgMhANf/BhD prove@localhost';

export interface Fleet {
  readonly dir: string;
  readonly bin: string;
  /** Writes the environment, synthesizes through the bin and commits; returns the commit. */
  change(spec: FleetSpec, message: string): string;
  /** The review's VM actions for the head against `base`, from `npm run review -- --format json`. */
  review(base: string): { vm: Predicted[]; dangers: string[] };
  /** The committed generated file of the environment's VM layer. */
  stack(): Record<string, unknown>;
  /** A file of the committed tree, relative to clusters/<env>/. */
  treeFile(relative: string): string;
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

function npmRun(cwd: string, args: readonly string[]): string {
  const r = spawnSync('npm', ['run', '--silent', ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`npm run ${args.join(' ')} exited ${r.status}:\n${r.stderr}${r.stdout}`.slice(0, 6000));
  return r.stdout;
}

/** The environment file: init's, with the node list and the infrastructure block the spec gives. */
function environmentSource(initial: string, spec: FleetSpec): string {
  const nodes = spec.nodes.map((n, i) => `    ${JSON.stringify({ name: n.name, ip: n.ip, ...(i === 0 && { founder: true }), ...(n.image && { vm: { image: n.image } }) })},`).join('\n');
  const infrastructure = {
    kind: 'libvirt', uri: URI, pool: POOL, bridge: spec.bridge ?? BRIDGE, vm: spec.vm,
    access: '__ACCESS__',
    ...(spec.protectData !== undefined && { protectData: spec.protectData }),
    ...(spec.migrateFromCount && { migrateFromCount: spec.migrateFromCount }),
    ...(spec.adopt !== undefined && { adopt: spec.adopt }),
  };
  const withNodes = initial.replace(/\n {2}nodes: \[\n[\s\S]*?\n {2}\],\n/, `\n  nodes: [\n${nodes}\n  ],\n`);
  const withInfra = withNodes.replace(/\n {2}infrastructure: \{\n[\s\S]*?\n {2}\},\n/, `\n  infrastructure: ${JSON.stringify(infrastructure, null, 2).replace(/\n/g, '\n  ').replace('"__ACCESS__"', spec.sshKey ? `{ user: 'ubuntu', sshKeys: [${JSON.stringify(spec.sshKey)}] }` : "{ user: 'ubuntu', sshKeys }")},\n`);
  // The environment's version overrides, right after its name (init writes none).
  const withVersions = spec.cloudImage ? withInfra.replace(/\n {2}name: ('[^']+'),\n/, `\n  name: $1,\n  versions: { cloudImage: ${JSON.stringify(spec.cloudImage)} },\n`) : withInfra;
  if (withInfra === initial || !withInfra.includes(spec.nodes[0]!.name)) throw new Error('prove: the environment init wrote has another layout than the proving ground expects (nodes, infrastructure)');
  return withVersions;
}

/** The VM half's fleet, written by the packed tool's `bin` (packed once per run, prove/main.ts). */
export function scaffoldFleet(work: string, toolBin: string, log: (line: string) => void): Fleet {
  log('writing a fleet with the packed tool\'s init …');
  const nodes = BASE.nodes.map((n) => `${n.name}=${n.ip}`).join(',');
  const dir = initFleet(toolBin, path.join(work, 'fleet'), ['--name', ENV, '--infrastructure', 'libvirt', '--ssh-key', KEY, '--nodes', nodes, '--vip', '192.168.77.10', '--subnet', '192.168.77.0/24', '--flux-url', 'https://git.prove.invalid/fleet.git']);
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.email', 'prove@localhost');
  git(dir, 'config', 'user.name', 'prove');
  const envFile = path.join(dir, 'environments', `${ENV}.ts`);
  const initial = fs.readFileSync(envFile, 'utf8');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'init');
  const bin = path.join(dir, 'node_modules', '.bin', 'k3s-gitops-synth');
  return {
    dir,
    bin,
    change(spec, message) {
      fs.writeFileSync(envFile, environmentSource(initial, spec));
      npmRun(dir, ['synth']);
      git(dir, 'add', '-A');
      git(dir, 'commit', '-q', '--allow-empty', '-m', message);
      return git(dir, 'rev-parse', 'HEAD');
    },
    review(base) {
      const out = JSON.parse(npmRun(dir, ['review', '--', '--base', base, '--format', 'json', '--env', ENV])) as { environments: { env: string; vm: Predicted[]; dangers: { code?: string; title?: string }[] }[] };
      const mine = out.environments.find((e) => e.env === ENV);
      return { vm: mine?.vm ?? [], dangers: (mine?.dangers ?? []).map((d) => d.code ?? d.title ?? JSON.stringify(d)) };
    },
    stack: () => JSON.parse(fs.readFileSync(path.join(dir, 'clusters', ENV, 'terraform', 'cdk.tf.json'), 'utf8')) as Record<string, unknown>,
    treeFile: (relative) => fs.readFileSync(path.join(dir, 'clusters', ENV, relative), 'utf8'),
  };
}
