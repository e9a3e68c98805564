/**
 * The fleets the Kubernetes half scaffolds, one per environment shape, as a user writes them: the
 * packed tool's `init`, then the environment file edited, `secrets init`, each secret the tree
 * needs set through `secrets set` (values on stdin), `synth` and a commit. Never the example fleet.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { initFleet } from '../../scripts/packed-fleet';

export interface Shape {
  readonly name: string;
  /** The environment Flux syncs here, and init's answers for it. */
  readonly env: string;
  readonly init: readonly string[];
  /** Edits of the environment file init wrote, as a user makes them. */
  readonly edit: (source: string) => string;
  /** Secrets the tree needs: `<namespace>/<name>` and their KEY=VALUE lines (harness-made values). */
  readonly secrets: Readonly<Record<string, readonly string[]>>;
}

export interface K8sFleet {
  readonly dir: string;
  readonly env: string;
  /** Rewrites the environment file with `edit`, synthesizes through the bin and commits; returns the commit. */
  change(edit: (source: string) => string, message: string): string;
  /** `npm run secrets -- show <env> <ref>`: the Secret as the tool decrypts it. */
  show(ref: string): string;
  /** The age identity file `secrets init` wrote (`.age/<env>.agekey`). */
  readonly ageKey: string;
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

function npmRun(cwd: string, args: readonly string[], input?: string): string {
  const r = spawnSync('npm', ['run', '--silent', ...args], { cwd, input, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`npm run ${args.join(' ')} exited ${r.status}:\n${r.stderr}${r.stdout}`.slice(0, 6000));
  return r.stdout;
}

/** Writes a fleet of `shape` with the packed tool's bin into `dir`. */
export function scaffold(bin: string, dir: string, shape: Shape): K8sFleet {
  initFleet(bin, dir, ['--name', shape.env, ...shape.init]);
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.email', 'prove@localhost');
  git(dir, 'config', 'user.name', 'prove');
  const envFile = path.join(dir, 'environments', `${shape.env}.ts`);
  const initial = fs.readFileSync(envFile, 'utf8');
  const edited = shape.edit(initial);
  if (edited === initial) throw new Error(`prove: the environment init wrote for ${shape.name} has another layout than the proving ground expects`);
  fs.writeFileSync(envFile, edited);
  npmRun(dir, ['secrets', '--', 'init', shape.env]);
  for (const [ref, lines] of Object.entries(shape.secrets)) npmRun(dir, ['secrets', '--', 'set', shape.env, ref, '--env-file', '-'], `${lines.join('\n')}\n`);
  npmRun(dir, ['synth']);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', `${shape.name}: day 0`);
  return {
    dir,
    env: shape.env,
    ageKey: path.join(dir, '.age', `${shape.env}.agekey`),
    change(edit, message) {
      fs.writeFileSync(envFile, edit(fs.readFileSync(envFile, 'utf8')));
      npmRun(dir, ['synth']);
      git(dir, 'add', '-A');
      git(dir, 'commit', '-q', '--allow-empty', '-m', message);
      return git(dir, 'rev-parse', 'HEAD');
    },
    show: (ref) => npmRun(dir, ['secrets', '--', 'show', shape.env, ref]),
  };
}

const replaceOnce = (source: string, from: string, to: string) => {
  if (!source.includes(from)) throw new Error(`prove: init's environment file has no ${JSON.stringify(from)}`);
  return source.replace(from, to);
};

const PODINFO = "helm: { oci: 'oci://ghcr.io/stefanprodan/charts/podinfo', chart: 'podinfo', version: '6.14.1' }";

/** Bare metal with the full platform: Kyverno, monitoring, the Flux webhook, two apps behind the ingress Gateway. */
export const BARE_METAL: Shape = {
  name: 'bare metal, full platform',
  env: 'metal',
  init: ['--infrastructure', 'bare-metal', '--nodes', 'metal-1=192.168.78.11,metal-2=192.168.78.12,metal-3=192.168.78.13', '--vip', '192.168.78.10', '--subnet', '192.168.78.0/24', '--flux-url', 'https://gitea.metal.home.arpa/ops/fleet.git'],
  edit: (s) => [
    (x: string) => replaceOnce(x, '  defaultDeny: {},\n', "  defaultDeny: {},\n  kyverno: {},\n  monitoring: {},\n  notifications: { webhook: { forge: 'gitea' } },\n  ingressVip: '192.168.78.20',\n"),
    (x: string) => replaceOnce(x, '  apps: [],', `  apps: [\n    { name: 'podinfo', layer: 'apps', ${PODINFO}, route: { host: 'podinfo', port: 9898 } },\n    { name: 'hello', layer: 'apps', ${PODINFO} },\n  ],`),
    (x: string) => replaceOnce(x, "      { name: 'apps', dependsOn: ['network'] },", "      { name: 'policies', dependsOn: ['platform'] },\n      { name: 'apps', dependsOn: ['network', 'policies'], namespaces: ['apps'] },"),
  ].reduce((acc, f) => f(acc), s),
  secrets: { 'flux-system/flux-webhook-token': ['token=prove-webhook-token-not-a-secret'] },
};

/** Removes the app `hello` from an environment file (the second commit of a scenario). */
export const withoutHello = (s: string) => replaceOnce(s, `    { name: 'hello', layer: 'apps', ${PODINFO} },\n`, '');

/** A libvirt VM environment as init writes it, with one app. */
export const VM: Shape = {
  name: 'VM environment',
  env: 'vms',
  init: ['--infrastructure', 'libvirt', '--ssh-key', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKABBli1KFrxit4mplErN2IKVdpwfM3AFsgMhANf/BhD prove@localhost', '--nodes', 'vms-1=192.168.79.11,vms-2=192.168.79.12,vms-3=192.168.79.13', '--vip', '192.168.79.10', '--subnet', '192.168.79.0/24', '--flux-url', 'https://gitea.vms.home.arpa/ops/fleet.git'],
  edit: (s) => replaceOnce(s, '  apps: [],', `  apps: [\n    { name: 'hello', layer: 'apps', ${PODINFO} },\n  ],`),
  secrets: {},
};

/**
 * Bare metal under ACME (a domain in public DNS, Let's Encrypt's staging server, Cloudflare's
 * DNS-01 solver) with one app behind the ingress Gateway: the wildcard certificate's order is
 * what the scenario keeps pending.
 */
export const ACME: Shape = {
  name: 'bare metal under ACME',
  env: 'acme',
  init: ['--infrastructure', 'bare-metal', '--domain', 'k3s-prove.net', '--nodes', 'acme-1=192.168.80.11,acme-2=192.168.80.12,acme-3=192.168.80.13', '--vip', '192.168.80.10', '--subnet', '192.168.80.0/24', '--flux-url', 'https://gitea.acme.home.arpa/ops/fleet.git'],
  edit: (s) => [
    (x: string) => replaceOnce(x, '  defaultDeny: {},\n', "  defaultDeny: {},\n  ingressVip: '192.168.80.20',\n  tls: { issuer: { kind: 'acme', email: 'ops@k3s-prove.net', server: 'staging', dns01: { provider: 'cloudflare' } } },\n"),
    (x: string) => replaceOnce(x, '  apps: [],', `  apps: [\n    { name: 'podinfo', layer: 'apps', ${PODINFO}, route: { host: 'podinfo', port: 9898 } },\n  ],`),
  ].reduce((acc, f) => f(acc), s),
  secrets: { 'cert-manager/cloudflare-api-token': ['api-token=prove-not-a-token'] },
};

/** Gives the app podinfo a value of its own (a change of the apps' layer only). */
export const podinfoValues = (s: string) => replaceOnce(s, `{ name: 'podinfo', layer: 'apps', ${PODINFO},`, `{ name: 'podinfo', layer: 'apps', ${PODINFO.replace(/ }$/, ", values: { replicaCount: 2 } }")},`);
