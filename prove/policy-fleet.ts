/**
 * The fleet the policy scenario scaffolds, as a user writes it: the packed tool's `init`, Kyverno
 * and its policies layer switched on in the environment file, a folder of plain manifests
 * (`manifests/shop`) and a cdk8s construct (`apps/hello.ts`), then `secrets init`. Each step of
 * the scenario is a user's edit of those files and `npm run synth`. Never the example fleet.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { initFleet } from '../scripts/packed-fleet';
import { replaceOnce } from './k8s/fleets';

export const POLICY_ENV = 'shop';

/** The apps the environment declares: their folders of the tree hold every app object synth renders. */
export const POLICY_APPS = [{ name: 'shop', layer: 'apps' }, { name: 'hello', layer: 'apps' }] as const;

const INIT = ['--name', POLICY_ENV, '--infrastructure', 'bare-metal', '--nodes', 'shop-1=192.168.76.11,shop-2=192.168.76.12,shop-3=192.168.76.13', '--vip', '192.168.76.10', '--subnet', '192.168.76.0/24', '--flux-url', 'https://gitea.shop.home.arpa/ops/fleet.git'];

const requests = (cpu: string, memory: string) => ({ resources: { requests: { cpu, memory } } });
const template = (name: string, spec: Record<string, unknown>) => ({ selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec } });

/** The manifests folder's files that pass both policies (and one object no policy matches). */
const COMPLIANT_MANIFESTS: Record<string, unknown> = {
  'deployment.yaml': { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop' }, spec: template('web', { containers: [{ name: 'web', image: 'ghcr.io/acme/shop:1.4.2', ...requests('100m', '128Mi') }] }) },
  'cronjob.yaml': {
    apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'report', namespace: 'shop' },
    spec: { schedule: '0 3 * * *', jobTemplate: { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'report', image: 'ghcr.io/acme/report@sha256:0b1c2d3e4f', ...requests('10m', '32Mi') }] } } } } },
  },
  'configmap.yaml': { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'shop' }, data: { mode: 'production' } },
};

/** Files the policies refuse, one per rule and kind of object. */
const REFUSED_MANIFESTS: Record<string, unknown> = {
  'deployment-canary.yaml': { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web-canary', namespace: 'shop' }, spec: template('web-canary', { containers: [{ name: 'web', image: 'ghcr.io/acme/shop:latest', ...requests('100m', '128Mi') }] }) },
  'pod-debug.yaml': { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'debug', namespace: 'shop' }, spec: { containers: [{ name: 'shell', image: 'ghcr.io/acme/toolbox:3.1', resources: { limits: { cpu: '200m' } } }] } },
  'daemonset-agent.yaml': {
    apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'shop' },
    spec: template('agent', { initContainers: [{ name: 'setup', image: 'ghcr.io/acme/setup', ...requests('10m', '16Mi') }], containers: [{ name: 'agent', image: 'ghcr.io/acme/agent:0.9', ...requests('10m', '16Mi') }] }),
  },
};

/** The construct: a cdk8s-plus Deployment (the library's default requests) and a Job; `refused` adds a Deployment with neither a tag nor requests. */
const construct = (refused: boolean) => `import { Size } from 'cdk8s';
import * as kplus from 'cdk8s-plus-31';
import type { Construct } from 'constructs';

export function hello(scope: Construct): void {
  const tmp = kplus.Volume.fromEmptyDir(scope, 'tmp', 'tmp');
  new kplus.Deployment(scope, 'web', {
    containers: [{ image: 'nginxinc/nginx-unprivileged:1.27', portNumber: 8080, volumeMounts: [{ path: '/tmp', volume: tmp }] }],
  });
  new kplus.Job(scope, 'migrate', {
    containers: [{ image: 'ghcr.io/acme/migrate:2.0.1', resources: { cpu: { request: kplus.Cpu.millis(50) }, memory: { request: Size.mebibytes(64) } } }],
  });
${refused ? `  new kplus.Deployment(scope, 'worker', {
    containers: [{ image: 'ghcr.io/acme/worker', resources: { cpu: { limit: kplus.Cpu.millis(200) } } }],
  });
` : ''}}
`;

/** Kyverno, its policies' layer before the apps', and the two apps, as a user adds them to init's file. */
const withApps = (s: string) => [
  (x: string) => replaceOnce(x, "import * as pins from './versions';\n", "import * as pins from './versions';\nimport { hello } from '../apps/hello';\n"),
  (x: string) => replaceOnce(x, '  defaultDeny: {},\n', '  defaultDeny: {},\n  kyverno: {},\n'),
  (x: string) => replaceOnce(x, '  apps: [],', "  apps: [\n    { name: 'shop', layer: 'apps', manifests: 'manifests/shop' },\n    { name: 'hello', layer: 'apps', construct: hello },\n  ],"),
  (x: string) => replaceOnce(x, "      { name: 'apps', dependsOn: ['network'] },", "      { name: 'policies', dependsOn: ['platform'] },\n      { name: 'apps', dependsOn: ['network', 'policies'] },"),
].reduce((acc, f) => f(acc), s);

/** What `npm run synth` printed and whether it wrote the tree. */
export interface SynthRun {
  readonly ok: boolean;
  readonly output: string;
}

export interface PolicyFleet {
  readonly dir: string;
  /** The environment's tree: `clusters/<env>/`. */
  readonly tree: string;
  /** Adds the objects the policies refuse: manifests files and the construct's Deployment. */
  addRefused(): void;
  /** Sets `kyverno.failureAction`. */
  setFailureAction(action: 'Enforce' | 'Audit'): void;
  synth(): SynthRun;
}

function writeManifests(dir: string, files: Record<string, unknown>): void {
  for (const [file, doc] of Object.entries(files)) fs.writeFileSync(path.join(dir, 'manifests', 'shop', file), YAML.stringify(doc));
}

/** Writes the fleet with the packed tool's bin into `dir`, with the apps' compliant objects only. */
export function scaffoldPolicyFleet(bin: string, dir: string): PolicyFleet {
  initFleet(bin, dir, INIT);
  const envFile = path.join(dir, 'environments', `${POLICY_ENV}.ts`);
  fs.writeFileSync(envFile, withApps(fs.readFileSync(envFile, 'utf8')));
  fs.mkdirSync(path.join(dir, 'manifests', 'shop'), { recursive: true });
  writeManifests(dir, COMPLIANT_MANIFESTS);
  fs.writeFileSync(path.join(dir, 'apps', 'hello.ts'), construct(false));
  const npm = (...args: string[]) => spawnSync('npm', ['run', '--silent', ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  const init = npm('secrets', '--', 'init', POLICY_ENV);
  if (init.status !== 0) throw new Error(`npm run secrets -- init ${POLICY_ENV} exited ${init.status}:\n${init.stderr}${init.stdout}`.slice(0, 6000));
  return {
    dir,
    tree: path.join(dir, 'clusters', POLICY_ENV),
    addRefused() {
      writeManifests(dir, REFUSED_MANIFESTS);
      fs.writeFileSync(path.join(dir, 'apps', 'hello.ts'), construct(true));
    },
    setFailureAction(action) {
      const source = fs.readFileSync(envFile, 'utf8');
      const line = /\n {2}kyverno: \{.*\},\n/.exec(source)?.[0];
      if (!line) throw new Error(`prove: ${envFile} has no kyverno line to set failureAction on`);
      fs.writeFileSync(envFile, source.replace(line, `\n  kyverno: { failureAction: '${action}' },\n`));
    },
    synth() {
      const r = npm('synth');
      return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
    },
  };
}
