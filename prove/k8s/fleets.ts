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
  /** Environments the user adds by hand beside init's (docs/guides/environments.md, "Adding an environment"). @default none */
  readonly added?: readonly AddedEnvironment[];
}

/** An environment written by hand: its file, its line in environments/index.ts, `secrets init`. */
export interface AddedEnvironment {
  readonly env: string;
  /** `environments/<env>.ts` as the user writes it. */
  readonly source: string;
  /** Other files of the fleet the guides have the user edit for it (a pin in `environments/versions.ts`). */
  readonly edits: Readonly<Record<string, (source: string) => string>>;
  /** Secrets set from files: `<namespace>/<name>` and `KEY=<fleet-relative path>` (`secrets set --file`). */
  readonly files: Readonly<Record<string, readonly string[]>>;
}

export interface K8sFleet {
  readonly dir: string;
  readonly env: string;
  /** Rewrites an environment's file (default the shape's) with `edit`, synthesizes through the bin and commits; returns the commit. */
  change(edit: (source: string) => string, message: string, env?: string): string;
  /** `npm run secrets -- show <env> <ref>`: the Secret as the tool decrypts it. */
  show(ref: string, env?: string): string;
  /** The age identity file `secrets init` wrote (`.age/<env>.agekey`). */
  ageKey(env: string): string;
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
  const added = shape.added ?? [];
  for (const a of added) add(dir, a);
  for (const env of [shape.env, ...added.map((a) => a.env)]) npmRun(dir, ['secrets', '--', 'init', env]);
  for (const [ref, lines] of Object.entries(shape.secrets)) npmRun(dir, ['secrets', '--', 'set', shape.env, ref, '--env-file', '-'], `${lines.join('\n')}\n`);
  for (const a of added) for (const [ref, files] of Object.entries(a.files)) npmRun(dir, ['secrets', '--', 'set', a.env, ref, ...files.flatMap((f) => ['--file', f])]);
  npmRun(dir, ['synth']);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', `${shape.name}: day 0`);
  const fileOf = (env: string) => path.join(dir, 'environments', `${env}.ts`);
  return {
    dir,
    env: shape.env,
    ageKey: (env) => path.join(dir, '.age', `${env}.agekey`),
    change(edit, message, env = shape.env) {
      fs.writeFileSync(fileOf(env), edit(fs.readFileSync(fileOf(env), 'utf8')));
      npmRun(dir, ['synth']);
      git(dir, 'add', '-A');
      git(dir, 'commit', '-q', '--allow-empty', '-m', message);
      return git(dir, 'rev-parse', 'HEAD');
    },
    show: (ref, env = shape.env) => npmRun(dir, ['secrets', '--', 'show', env, ref]),
  };
}

/** Writes an added environment's file and its line in environments/index.ts, and the guides' other edits. */
function add(dir: string, a: AddedEnvironment): void {
  fs.writeFileSync(path.join(dir, 'environments', `${a.env}.ts`), a.source);
  const index = path.join(dir, 'environments', 'index.ts');
  const list = fs.readFileSync(index, 'utf8');
  const listed = list.replace(/^(import .*\n)(?!import)/m, `$1import { ${a.env} } from './${a.env}';\n`).replace(/(environments: readonly EnvironmentSpec\[\] = \[[^\]]*)\]/, `$1, ${a.env}]`);
  if (!listed.includes(`, ${a.env}]`)) throw new Error(`prove: environments/index.ts as init wrote it has another layout than the proving ground expects`);
  fs.writeFileSync(index, listed);
  for (const [file, edit] of Object.entries(a.edits)) fs.writeFileSync(path.join(dir, file), edit(fs.readFileSync(path.join(dir, file), 'utf8')));
}

/** `source` with `from` replaced once; an error when init's file has no `from`. */
export const replaceOnce = (source: string, from: string, to: string) => {
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
const PROVE_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKABBli1KFrxit4mplErN2IKVdpwfM3AFsgMhANf/BhD prove@localhost';

/**
 * A management environment as docs/guides/workload-clusters.md's "Adding a workload cluster" has a user write one: a
 * Proxmox VM (one server, no VIP) running Cluster API, its Git host under home.arpa and its one
 * resolver the router that answers it (network.private-name-public-resolvers refuses a public one).
 */
const MANAGEMENT_SPEC = `  controlPlane: {},
  k3s: { version: pins.k3s.mgmt, datastore: 'sqlite', disable: ['traefik'] },
  clusterApi: {
    providers: [
      { kind: 'CoreProvider', name: 'cluster-api', namespace: 'capi-system', ...capiProviders.clusterApi },
      { kind: 'BootstrapProvider', name: 'kubeadm', namespace: 'capi-kubeadm-bootstrap-system', ...capiProviders.kubeadmBootstrap },
      { kind: 'ControlPlaneProvider', name: 'kubeadm', namespace: 'capi-kubeadm-control-plane-system', ...capiProviders.kubeadmControlPlane },
      { kind: 'InfrastructureProvider', name: 'proxmox', namespace: 'capmox-system', ...capiProviders.proxmox, configSecret: { name: 'capmox-variables', keys: ['PROXMOX_URL', 'PROXMOX_TOKEN', 'PROXMOX_SECRET'] } },
      { kind: 'IPAMProvider', name: 'in-cluster', namespace: 'capi-ipam-in-cluster-system', ...capiProviders.ipamInCluster },
    ],
  },
  infrastructure: {
    kind: 'proxmox',
    endpoint: 'https://192.168.77.8:8006/',
    insecure: true,
    node: 'pve1',
    datastore: 'local-lvm',
    imageDatastore: 'local',
    bridge: 'vmbr0',
    vm: { vcpus: 2, memoryMiB: 4096, osDiskGiB: 30 },
    access: { user: 'ubuntu', sshKeys: ['${PROVE_KEY}'] },
  },
`;

/** The workload cluster, written by hand as docs/guides/workload-clusters.md's lab1 (its template VM, its pool, its own Flux). */
const WORKLOAD_SOURCE = `import type { EnvironmentSpec } from 'k3s-gitops-synth';
import { ageRecipients } from './age-recipients';
import * as pins from './versions';

/** A workload cluster of mgmt: mgmt's Cluster API creates its machines, mgmt's Flux hands it over to its own. */
export const lab1 = {
  name: 'lab1',
  baseDomain: 'lab1.home.arpa',
  network: { subnet: '192.168.77.0/24', gateway: '192.168.77.1', dns: ['192.168.77.1'] },
  controlPlane: { vip: '192.168.77.40' },
  cilium: {},
  infrastructure: {
    kind: 'cluster-api',
    management: 'mgmt',
    kubernetes: pins.kubernetes.lab1,
    controlPlane: { replicas: 3, machine: { cores: 2, memoryMiB: 4096, diskGiB: 40 } },
    workers: [{ name: 'workers', replicas: 2, machine: { cores: 4, memoryMiB: 8192, diskGiB: 80 } }],
    proxmox: { sourceNode: 'pve1', templates: { 'v1.35.9': 9035 }, bridge: 'vmbr0' },
    addresses: { first: '192.168.77.41', last: '192.168.77.49' },
    podCidr: '10.244.0.0/16',
    serviceCidr: '10.96.0.0/12',
    sshKeys: ['${PROVE_KEY}'],
  },
  sops: { ageRecipients: ageRecipients.lab1 },
  flux: {
    url: 'https://gitea.home.arpa/ops/fleet.git',
    branch: 'main',
    layers: [{ name: 'gateway-api' }, { name: 'platform', dependsOn: ['gateway-api'] }, { name: 'network', dependsOn: ['platform'] }],
  },
} satisfies EnvironmentSpec;
`;

/** A management environment with one workload cluster, lab1, before its handover. */
export const MANAGEMENT: Shape = {
  name: 'management with a workload cluster',
  env: 'mgmt',
  init: ['--infrastructure', 'bare-metal', '--nodes', 'mgmt-1=192.168.77.21', '--subnet', '192.168.77.0/24', '--flux-url', 'https://gitea.home.arpa/ops/fleet.git'],
  edit: (s) => [
    (x: string) => replaceOnce(x, "import * as pins from './versions';", "import * as pins from './versions';\nimport { versions } from 'k3s-gitops-synth';\n\nconst { capiProviders } = versions;"),
    (x: string) => x.replace(/ {2}controlPlane: [\s\S]*?(?= {2}apps: \[\],)/, MANAGEMENT_SPEC),
    (x: string) => replaceOnce(x, "{ name: 'mgmt-1', ip: '192.168.77.21', founder: true }", "{ name: 'mgmt-1', ip: '192.168.77.21', founder: true, vm: { vmId: 201 } }"),
    (x: string) => x.replace(/ {6}\/\/ Cilium's operator looks[\s\S]*?\{ name: 'apps', dependsOn: \['network'\] \},\n/, [
      "      { name: 'cert-manager', wait: false },",
      "      { name: 'capi-operator', dependsOn: ['cert-manager'], wait: false },",
      "      { name: 'capi-providers', dependsOn: ['capi-operator'] },",
      "      { name: 'capi-clusters', dependsOn: ['capi-providers'], wait: false },",
      '',
    ].join('\n')),
  ].reduce((acc, f) => f(acc), s),
  secrets: { 'capmox-system/capmox-variables': ['PROXMOX_URL=https://192.168.77.8:8006/', 'PROXMOX_TOKEN=capi@pve!prove', 'PROXMOX_SECRET=prove-not-a-secret'] },
  added: [{
    env: 'lab1',
    source: WORKLOAD_SOURCE,
    edits: {
      'environments/versions.ts': (s) => replaceOnce(s, '\n/**\n * Charts', "\n/** Kubernetes (kubeadm) release per workload cluster that Cluster API creates; each needs its template VM. */\nexport const kubernetes = {\n  // renovate: datasource=github-releases depName=kubernetes/kubernetes\n  lab1: 'v1.35.9',\n} as const;\n\n/**\n * Charts"),
    },
    files: { 'flux-system/sops-age': ['age.agekey=.age/lab1.agekey'] },
  }],
};

/** Hands lab1 over to its own Flux: `infrastructure.handedOver: true` (docs/guides/workload-clusters.md, "Adding a workload cluster", step 6). */
export const handedOver = (s: string) => replaceOnce(s, "    kind: 'cluster-api',\n", "    kind: 'cluster-api',\n    handedOver: true,\n");
