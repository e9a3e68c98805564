/**
 * One Kubernetes scenario: a fleet of one shape, its tree committed to the local Git server, a
 * real API server with Flux's own controllers pulling it, and what must hold: every layer Ready in
 * its `dependsOn` order, every HelmRelease Ready, every SOPS Secret decrypted by
 * kustomize-controller to what `secrets show` prints, an app's removal pruned and nothing else,
 * and `verify` run by the runbook's own step with the inspector token it mints.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import type { Row } from '../compare';
import type { Check, ScenarioResult, StepResult } from '../report';
import { outcomeOf } from '../report';
import type { Rewrite } from '../rewrite';
import type { K8sFleet, Shape } from './fleets';
import { scaffold } from './fleets';
import type { Kubectl } from './kubectl';
import { kubectl } from './kubectl';
import type { ApiServer } from './api-server';
import type { ControllerArgs, Flux } from './flux';
import { allReady, layerRows, layersOf, snapshotOf } from './layers';
import type { Layer, Snapshot } from './layers';
import { serveRegistry } from './registry';
import { publishUpstream, servedRepo, upstreamRepo } from './served-repo';
import { crdFiles, vendoredCrds } from './stand-ins';
import { placements, readTrees, writeRewritten } from './tree-copy';
import { runVerifyStep } from './verify-step';
import type { TreeFile } from './tree-copy';

type Json = Record<string, any>;

export interface ClusterContext {
  readonly work: string;
  /** The packed tool's bin, which writes each scenario's fleet. */
  readonly bin: string;
  /** kubectl of the cluster's Kubernetes release: the harness's and the runbook's lines use it. */
  readonly kubectl: string;
  readonly log: (line: string) => void;
  readonly rewrites: Rewrite[];
  /** Starts an API server (its folder and logs under `<work>/<name>/`). */
  readonly apiServer: (name: string) => Promise<ApiServer>;
  /** Starts Flux's controllers against `api`, each with its `args` added (a FluxInstance's patches). */
  readonly flux: (api: ApiServer, args: ControllerArgs) => Promise<Flux>;
  /** The local Git server: its root folder and the URL of a repository under it. */
  readonly git: { readonly root: string; url(repo: string): string };
  /** The upstream files of the Gateway API CRDs at the tree's tag, which the runbook applies before Flux. */
  readonly gatewayApiCrds: (tag: string) => string[];
}

export interface ClusterStep {
  readonly title: string;
  /** The environment edit a user makes (synth and commit follow). */
  readonly edit: (source: string) => string;
}

export interface ClusterScenario {
  readonly name: string;
  readonly shape: Shape;
  readonly steps: readonly ClusterStep[];
  /** What the harness plays at every poll for a program not run here (a slow ACME order). */
  readonly actor?: (k: Kubectl) => void;
  /** The scenario's own checks once day 0 has reconciled. */
  readonly checks?: (k: Kubectl) => Check[];
  /** A runner of its own (the handover's two clusters); default runClusterScenario. */
  readonly run?: (ctx: ClusterContext, scenario: ClusterScenario) => Promise<ScenarioResult>;
}

/** The table's headings: the order and state the tree declares, what Flux's controllers did. */
export const COLUMNS = ['the tree', 'Flux'] as const;
export const POLL_MS = 2000;
const ACTOR_MS = 200;
const WAIT_MS = 8 * 60_000;
const STALL_MS = 120_000;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Inventory ids as kustomize-controller writes them (`<ns>_<name>_<group>_<kind>`). */
export const inventoryId = (o: Json) => `${o.metadata?.namespace ?? ''}_${o.metadata?.name}_${String(o.apiVersion).includes('/') ? String(o.apiVersion).split('/')[0] : ''}_${o.kind}`;

/** The objects Flux applies from one environment's tree (kustomize's own files left out). */
export function envObjects(trees: readonly TreeFile[], env: string): Json[] {
  return trees
    .filter((t) => t.file.startsWith(`clusters/${env}/kubernetes/`))
    .flatMap((t) => t.docs)
    .filter((o) => !(o.kind === 'Kustomization' && String(o.apiVersion).startsWith('kustomize.config.k8s.io/')));
}

/** What flux-operator creates from the FluxInstance's sync: the GitRepository and Kustomization `flux-system`. */
export function syncObjects(instance: Json, url: string): Json[] {
  const sync = instance.spec.sync as Json;
  const ns = instance.metadata.namespace as string;
  return [
    { apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'GitRepository', metadata: { name: 'flux-system', namespace: ns }, spec: { interval: sync.interval, ref: { name: sync.ref }, url } },
    { apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', metadata: { name: 'flux-system', namespace: ns }, spec: { interval: sync.interval, path: sync.path, prune: true, sourceRef: { kind: 'GitRepository', name: 'flux-system' } } },
  ];
}

export async function watchLayers(k: Kubectl, layers: readonly Layer[], revision: string, log: (l: string) => void, actor?: (k: Kubectl) => void): Promise<Snapshot[]> {
  const timeline: Snapshot[] = [];
  const started = Date.now();
  for (;;) {
    actor?.(k);
    const got = k.try(['get', 'kustomizations.kustomize.toolkit.fluxcd.io', '-A', '-o', 'json']);
    if (got.status === 0) timeline.push(snapshotOf(JSON.parse(got.stdout) as Json, Date.now()));
    const last = timeline.at(-1);
    if (last && allReady(layers, last, revision)) return timeline;
    // Stand-in charts install in seconds: two minutes without any change is a stall, not a slow install.
    const key = (s: Snapshot) => JSON.stringify([...s.layers.entries()]);
    const changed = timeline.findLast((s) => last && key(s) !== key(last))?.at ?? started;
    if (Date.now() - started > WAIT_MS || Date.now() - changed > STALL_MS) {
      log(`prove: layers not all Ready after ${Math.round((Date.now() - started) / 1000)} s`);
      return timeline;
    }
    // The program the actor plays reacts within a moment, as a watching controller does.
    for (const until = Date.now() + POLL_MS; Date.now() < until;) {
      await sleep(ACTOR_MS);
      actor?.(k);
    }
  }
}

export const yamlDocs = (objects: readonly Json[]) => objects.map((o) => YAML.stringify(o)).join('---\n');

export function helmRows(k: Kubectl, objects: readonly Json[]): Row[] {
  const live = k.json(['get', 'helmreleases.helm.toolkit.fluxcd.io', '-A']);
  return objects.filter((o) => o.kind === 'HelmRelease').map((o) => {
    const id = `${o.metadata.namespace}/${o.metadata.name}`;
    const found = ((live.items ?? []) as Json[]).find((h) => `${h.metadata.namespace}/${h.metadata.name}` === id);
    const ready = ((found?.status?.conditions ?? []) as Json[]).find((c) => c.type === 'Ready');
    const release = found?.status?.history?.[0];
    return {
      address: `HelmRelease/${id}`,
      predicted: o.spec.suspend ? 'suspended' : 'Ready',
      real: !found ? 'not applied' : o.spec.suspend ? (found.status?.history?.length ? `installed (${release.chartName} ${release.chartVersion})` : 'suspended') : ready?.status === 'True' ? `Ready (${release?.chartName} ${release?.chartVersion}, release ${release?.namespace}/${release?.name})` : `not Ready (${ready?.message ?? 'no Ready condition'})`,
      agrees: !!found && (o.spec.suspend ? !found.status?.history?.length : ready?.status === 'True'),
    };
  });
}

/** Each SOPS Secret of the tree, as the API holds it after kustomize-controller's decryption, against `secrets show`. */
export function secretChecks(k: Kubectl, fleet: K8sFleet, objects: readonly Json[], env = fleet.env): Check[] {
  return objects.filter((o) => o.kind === 'Secret' && o.sops).map((o) => {
    const ref = `${o.metadata.namespace}/${o.metadata.name}`;
    const shown = YAML.parse(fleet.show(ref, env)) as Json;
    const live = k.try(['get', 'secret', '-n', o.metadata.namespace, o.metadata.name, '-o', 'json']);
    const data = live.status === 0 ? (JSON.parse(live.stdout) as Json).data ?? {} : undefined;
    const keys = Object.keys(shown.data ?? {}).sort();
    const same = data !== undefined && keys.length > 0 && keys.every((key) => data[key] === shown.data[key]) && Object.keys(data).length === keys.length;
    return { what: `Secret ${ref} decrypted by kustomize-controller holds what \`secrets show\` prints (${keys.join(', ')}; values not shown)`, ok: same, ...(!same && { detail: data === undefined ? 'not in the API' : 'the values differ' }) };
  });
}

/** Every object of the tree is in some Kustomization's inventory: the API server admitted it. */
export function admittedCheck(k: Kubectl, objects: readonly Json[]): Check {
  const inventories = new Set(((k.json(['get', 'kustomizations.kustomize.toolkit.fluxcd.io', '-A']).items ?? []) as Json[]).flatMap((x) => ((x.status?.inventory?.entries ?? []) as Json[]).map((e) => e.id as string)));
  const missing = objects.filter((o) => !inventories.has(inventoryId(o))).map((o) => `${o.kind}/${o.metadata.namespace ? `${o.metadata.namespace}/` : ''}${o.metadata.name}`);
  return { what: `every object of the tree (${objects.length}) was applied by Flux and admitted by the API server`, ok: missing.length === 0, ...(missing.length > 0 && { detail: `missing: ${missing.join(', ')}` }) };
}

/** The objects the change removed are gone, every other one is still there. */
export function pruneChecks(k: Kubectl, before: readonly Json[], after: readonly Json[]): Check[] {
  const afterIds = new Set(after.map(inventoryId));
  const removed = before.filter((o) => !afterIds.has(inventoryId(o)));
  const live = (o: Json) => {
    const got = k.try(['get', `${o.kind}.${String(o.apiVersion).includes('/') ? String(o.apiVersion).split('/')[0] : ''}`.replace(/\.$/, ''), ...(o.metadata.namespace ? ['-n', o.metadata.namespace] : []), o.metadata.name, '-o', 'json']);
    return got.status === 0 ? (JSON.parse(got.stdout) as Json) : undefined;
  };
  // A Namespace Flux deleted stays Terminating: its finalizer is the namespace controller's (kube-controller-manager), not run here.
  const pruned = (o: Json) => { const found = live(o); return found === undefined || (o.kind === 'Namespace' && found.metadata?.deletionTimestamp !== undefined); };
  const gone = removed.filter(pruned);
  const name = (o: Json) => `${o.kind}/${o.metadata.namespace ? `${o.metadata.namespace}/` : ''}${o.metadata.name}`;
  const terminating = removed.filter((o) => o.kind === 'Namespace' && live(o) !== undefined).map(name);
  if (removed.length === 0) return [admittedCheck(k, after)];
  return [
    { what: `the ${removed.length} object(s) synth removed are pruned (${removed.map(name).join(', ')})`, ok: gone.length === removed.length, ...(gone.length !== removed.length ? { detail: `still there: ${removed.filter((o) => !gone.includes(o)).map(name).join(', ')}` } : terminating.length > 0 && { detail: `deleted; ${terminating.join(', ')} Terminating, which the namespace controller (not run here) finalizes` }) },
    admittedCheck(k, after),
  ];
}

/** The fleet's repository on the local Git server, its trees rewritten onto the loopback chart registry. */
export interface ServedFleet {
  readonly repo: string;
  /** Writes `trees` rewritten into the served copy (then `alter`, when given) and commits it; returns the commit. */
  publish(trees: readonly TreeFile[], message: string): string;
  stop(): Promise<void>;
}

export async function serveFleet(ctx: ClusterContext, dir: string, fleet: K8sFleet, trees: readonly TreeFile[], alter?: (served: string) => Rewrite[]): Promise<ServedFleet> {
  const registry = await serveRegistry(placements(dir, trees));
  const repo = `${fleet.env}.git`;
  const served = servedRepo(ctx.git.root, repo, path.join(dir, 'served'));
  return {
    repo,
    publish: (now, message) => {
      const { rewrites, upstream } = writeRewritten(fleet.dir, now, served.work, registry.host, (url) => ctx.git.url(upstreamRepo(url)));
      for (const up of upstream) publishUpstream(ctx.git.root, up);
      ctx.rewrites.push(...rewrites, ...(alter?.(served.work) ?? []));
      return served.publish(message);
    },
    stop: () => registry.stop(),
  };
}

/** An environment's FluxInstance as its tree holds it (`clusters/<env>/kubernetes/flux-system/`). */
export function fluxInstanceOf(trees: readonly TreeFile[], env: string): Json | undefined {
  return trees.filter((t) => t.file.startsWith(`clusters/${env}/kubernetes/flux-system/`)).flatMap((t) => t.docs).find((o) => o.kind === 'FluxInstance');
}

/**
 * The arguments a FluxInstance's kustomize patches add to a controller's container, as
 * flux-operator renders them into its Deployment (`op: add`, `…/containers/0/args/-`).
 */
export function patchedArgs(instance: Json | undefined): ControllerArgs {
  const out: Record<string, string[]> = {};
  for (const p of (instance?.spec?.kustomize?.patches ?? []) as Json[]) {
    if (p.target?.kind !== 'Deployment') continue;
    const ops = (YAML.parse(String(p.patch ?? '')) ?? []) as Json[];
    for (const op of ops) if (op.op === 'add' && op.path === '/spec/template/spec/containers/0/args/-') (out[p.target.name] ??= []).push(String(op.value));
  }
  return out;
}

/** An API server with Flux's controllers; `stop` stops both. */
export async function startCluster(ctx: ClusterContext, name: string, args: ControllerArgs): Promise<{ api: ApiServer; stop(): Promise<void> }> {
  const api = await ctx.apiServer(name);
  try {
    const flux = await ctx.flux(api, args);
    return { api, stop: async () => { await flux.stop(); await api.stop(); } };
  } catch (error) {
    await api.stop();
    throw error;
  }
}

/**
 * What flux-operator does with a FluxInstance here: the GitRepository and Kustomization
 * `flux-system` it would create, pulling the local Git server (the rewrite listed).
 */
export function playFluxOperator(ctx: ClusterContext, k: Kubectl, instance: Json, repo: string, address: string): void {
  k.apply(yamlDocs(syncObjects(instance, ctx.git.url(repo))));
  ctx.rewrites.push({ address, path: 'spec.sync.url', from: instance.spec.sync.url, to: ctx.git.url(repo), why: 'flux-operator does not run here: the harness creates the GitRepository and Kustomization flux-system it would create, pulling the local Git server' });
}

/**
 * What an environment's runbook does before Flux: the CRDs of Cilium (its step) and of the Gateway
 * API (applied first), k3s's built-in HelmChart, flux-operator's FluxInstance (its chart), the age
 * identity, the FluxInstance; then flux-operator's part.
 */
export function bootstrapFlux(ctx: ClusterContext, k: Kubectl, fleet: K8sFleet, trees: readonly TreeFile[], env: string, repo: string): void {
  const objects = envObjects(trees, env);
  const bootstrap = YAML.parse(fs.readFileSync(path.join(fleet.dir, 'clusters', env, 'bootstrap', 'flux-instance.yaml'), 'utf8')) as Json;
  const gatewayTag = objects.find((o) => o.kind === 'GitRepository' && o.metadata.name === 'gateway-api')?.spec.ref.tag as string | undefined;
  const cilium = objects.find((o) => o.kind === 'OCIRepository' && o.metadata.name === 'cilium')?.spec.ref.tag as string | undefined;
  const crds = [...(cilium ? crdFiles('cilium', cilium) : []), ...vendoredCrds('flux-operator'), ...vendoredCrds('k3s-helm-controller'), ...(gatewayTag ? ctx.gatewayApiCrds(gatewayTag) : [])];
  for (const file of crds) k.run(['apply', '--server-side', '--field-manager=prove', '-f', file]);
  k.run(['create', 'namespace', 'flux-system']);
  const secret = spawnSync('sh', ['-c', `kubectl -n flux-system create secret generic sops-age --from-file=age.agekey="$1" --dry-run=client -o yaml | kubectl apply --server-side --field-manager=k3s-gitops-synth --force-conflicts -f -`, 'sh', fleet.ageKey(env)], { env: { ...process.env, PATH: `${path.dirname(ctx.kubectl)}:${process.env.PATH}`, KUBECONFIG: k.kubeconfig }, encoding: 'utf8' });
  if (secret.status !== 0) throw new Error(`the runbook's sops-age line failed: ${secret.stderr}`);
  k.apply(YAML.stringify(bootstrap));
  playFluxOperator(ctx, k, fluxInstanceOf(trees, env) ?? bootstrap, repo, 'FluxInstance/flux-system/flux');
}

/** The layers Flux reconciles in an environment: flux-system, then the tree's Kustomizations. */
export const fleetLayers = (objects: readonly Json[]): Layer[] => [{ namespace: 'flux-system', name: 'flux-system', dependsOn: [], fromFleet: true }, ...layersOf(objects)];

/** Asks source-controller to fetch the fleet's repository now (what the forge's webhook would do). */
export const requestFetch = (k: Kubectl) => k.run(['-n', 'flux-system', 'annotate', '--overwrite', 'gitrepository/flux-system', `reconcile.fluxcd.io/requestedAt=${Date.now()}`]);

export async function runClusterScenario(ctx: ClusterContext, scenario: ClusterScenario): Promise<ScenarioResult> {
  const steps: StepResult[] = [];
  const stops: (() => unknown)[] = [];
  try {
    const dir = path.join(ctx.work, scenario.shape.env);
    ctx.log(`${scenario.name}: writing the fleet …`);
    const fleet = scaffold(ctx.bin, path.join(dir, 'fleet'), scenario.shape);
    let trees = readTrees(fleet.dir);
    const served = await serveFleet(ctx, dir, fleet, trees);
    stops.push(() => served.stop());
    let revision = served.publish(trees, 'day 0');
    ctx.log(`${scenario.name}: starting an API server and Flux …`);
    const cluster = await startCluster(ctx, fleet.env, patchedArgs(fluxInstanceOf(trees, fleet.env)));
    stops.push(() => cluster.stop());
    const k = kubectl(ctx.kubectl, cluster.api.kubeconfig);
    const objects = () => envObjects(trees, fleet.env);
    bootstrapFlux(ctx, k, fleet, trees, fleet.env, served.repo);
    const layers = fleetLayers(objects());
    ctx.log(`${scenario.name}: day 0, waiting for ${layers.length} Kustomizations …`);
    let timeline = await watchLayers(k, layers, revision, ctx.log, scenario.actor);
    steps.push({
      title: 'day 0: the tree reconciled from an empty cluster',
      columns: COLUMNS,
      rows: [...layerRows(layers, timeline), ...helmRows(k, objects())],
      checks: [admittedCheck(k, objects()), ...secretChecks(k, fleet, objects()), ...(scenario.checks?.(k) ?? [])],
    });
    steps.push(runVerifyStep({ fleet: fleet.dir, env: fleet.env, k, kubectl: ctx.kubectl, adminKubeconfig: cluster.api.kubeconfig, home: path.join(dir, 'home') }));
    for (const step of scenario.steps) {
      const before = objects();
      const commit = fleet.change(step.edit, step.title);
      trees = readTrees(fleet.dir);
      revision = served.publish(trees, `${step.title} (${commit.slice(0, 12)})`);
      requestFetch(k);
      const now = fleetLayers(objects());
      timeline = await watchLayers(k, now, revision, ctx.log, scenario.actor);
      steps.push({ title: step.title, columns: COLUMNS, rows: [...layerRows(now, timeline, revision), ...helmRows(k, objects())], checks: [...pruneChecks(k, before, objects()), ...(scenario.checks?.(k) ?? [])] });
    }
    return { name: scenario.name, outcome: outcomeOf(steps), steps };
  } catch (error) {
    return { name: scenario.name, outcome: 'failed', reason: (error as Error).message.slice(0, 4000), steps };
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
