/**
 * The workload handover on two API servers: mgmt with Flux from day 0, lab1 with nothing but what
 * mgmt's Flux applies through the kubeconfig Secret Cluster API writes (played here by the
 * harness), then lab1's own Flux (flux-operator played here too) and `handedOver: true`. What must
 * hold, read from helm-controller's status on both clusters and Helm's storage on lab1 over the
 * whole run: each release lab1's Cilium and flux-operator make is only ever acted on by one
 * HelmRelease, mgmt's until the handover commit and lab1's from it.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import type { Row } from '../compare';
import type { Check, ScenarioResult, StepResult } from '../report';
import { outcomeOf } from '../report';
import type { Rewrite } from '../rewrite';
import { scaffold } from './fleets';
import type { Kubectl } from './kubectl';
import { kubectl } from './kubectl';
import { layerRows } from './layers';
import { handedReleases, oneOwnerCheck, phaseRow, sampleReleases } from './release-owners';
import type { HandedRelease, ReleaseSample } from './release-owners';
import type { ClusterContext, ClusterScenario } from './scenario';
import { COLUMNS, POLL_MS, admittedCheck, bootstrapFlux, envObjects, fleetLayers, fluxInstanceOf, helmRows, patchedArgs, playFluxOperator, requestFetch, secretChecks, serveFleet, sleep, startCluster, watchLayers } from './scenario';
import { readTrees } from './tree-copy';
import { healthCheckedDeployments, playDeployments } from './workloads';
import type { TreeFile } from './tree-copy';

type Json = Record<string, any>;

const WORKLOAD = 'lab1';
/** How long one bounded wait lasts: stand-in charts install in seconds. */
const WAIT_MS = 4 * 60_000;
/** Reconciles the harness requests of every HelmRelease per phase, as that many intervals passing would. */
const ROUNDS = 3;

/**
 * The Secret Cluster API's control plane provider writes for a cluster (v1.12.11
 * util/kubeconfig/kubeconfig.go GenerateSecretWithOwner: `<cluster>-kubeconfig` in the Cluster's
 * namespace, label cluster.x-k8s.io/cluster-name, key `value` (util/secret/consts.go), type
 * cluster.x-k8s.io/secret, owned by the KubeadmControlPlane as its controller).
 */
export function kubeconfigSecret(cluster: { name: string; namespace: string }, kubeconfig: string, owner: Json): Json {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: `${cluster.name}-kubeconfig`,
      namespace: cluster.namespace,
      labels: { 'cluster.x-k8s.io/cluster-name': cluster.name },
      ownerReferences: [{ apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name, uid: owner.metadata.uid, controller: true, blockOwnerDeletion: true }],
    },
    type: 'cluster.x-k8s.io/secret',
    data: { value: Buffer.from(kubeconfig).toString('base64') },
  };
}

/**
 * The fix of commit 982f6b8 undone in the served copy only (`prove/k8s/handover-control.ts`): the
 * workload's own HelmReleases of the handed releases active before the handover, to show what the
 * scenario sees when two HelmReleases own one release.
 */
export function activateWorkloadReleases(served: string, trees: readonly TreeFile[], releases: readonly HandedRelease[]): Rewrite[] {
  const rewrites: Rewrite[] = [];
  for (const r of releases) {
    const id = r.workload.split(' ')[1]!;
    const owns = (o: Json) => o.kind === 'HelmRelease' && `${o.metadata?.namespace}/${o.metadata?.name}` === id;
    const tree = trees.find((t) => t.file.startsWith(`clusters/${WORKLOAD}/kubernetes/`) && t.docs.some(owns));
    if (!tree) throw new Error(`prove: ${WORKLOAD}'s tree has no HelmRelease ${id}`);
    const file = path.join(served, tree.file);
    const docs = YAML.parseAllDocuments(fs.readFileSync(file, 'utf8')).map((d) => d.toJS() as Json);
    const hr = docs.find(owns)!;
    if (hr.spec.suspend !== true) continue;
    hr.spec.suspend = false;
    fs.writeFileSync(file, docs.map((d) => YAML.stringify(d)).join('---\n'));
    rewrites.push({ address: `HelmRelease/${id} (${WORKLOAD})`, path: 'spec.suspend', from: true, to: false, why: 'the control run only: the fix that suspends the workload\'s own release until the handover is undone, to show two owners' });
  }
  return rewrites;
}

async function until<T>(what: string, probe: () => T | undefined, log: (l: string) => void): Promise<T> {
  const started = Date.now();
  for (;;) {
    const got = probe();
    if (got !== undefined) return got;
    if (Date.now() - started > WAIT_MS) throw new Error(`prove: ${what} within ${WAIT_MS / 1000} s`);
    await sleep(POLL_MS);
  }
}

/** Polls both clusters in the background until stopped. */
function pollReleases(clusters: Record<string, Kubectl>): { samples: ReleaseSample[]; stop(): Promise<void> } {
  const samples: ReleaseSample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      samples.push(sampleReleases(clusters, WORKLOAD, Date.now()));
      await sleep(POLL_MS);
    }
  })();
  return { samples, stop: async () => { running = false; await loop; } };
}

/** Requests a reconcile of every HelmRelease of `releases` on both sides and waits until each active one handled it. */
async function reconcileRound(clusters: Record<string, Kubectl>, releases: readonly HandedRelease[], log: (l: string) => void): Promise<void> {
  const token = `prove-${Date.now()}`;
  const ids = releases.flatMap((r) => [r.management, r.workload]);
  const handled = () => ids.every((id) => {
    const [cluster, ref] = id.split(' ') as [string, string];
    const [ns, name] = ref.split('/') as [string, string];
    const got = clusters[cluster]!.try(['get', 'helmreleases.helm.toolkit.fluxcd.io', '-n', ns, name, '-o', 'json']);
    if (got.status !== 0) return true;
    const hr = JSON.parse(got.stdout) as Json;
    return hr.spec.suspend === true || (hr.status?.lastHandledReconcileAt === token && hr.status?.observedGeneration === hr.metadata.generation);
  });
  for (const id of ids) {
    const [cluster, ref] = id.split(' ') as [string, string];
    const [ns, name] = ref.split('/') as [string, string];
    clusters[cluster]!.try(['-n', ns, 'annotate', '--overwrite', `helmreleases.helm.toolkit.fluxcd.io/${name}`, `reconcile.fluxcd.io/requestedAt=${token}`]);
  }
  await until(`every active HelmRelease handled the reconcile ${token}`, () => (handled() ? true : undefined), log);
}

/** A row's address with the cluster it was read on: both trees have a Kustomization flux-system/flux-system. */
const on = (cluster: string, rows: readonly Row[]): Row[] => rows.map((r) => ({ ...r, address: `${cluster}: ${r.address}` }));

/** The workload's SOPS identity, which mgmt's tree carries and mgmt's Flux applies on the workload cluster. */
const delivered = (o: Json) => o.kind === 'Secret' && o.metadata?.namespace === 'flux-system' && o.metadata?.name === 'sops-age';

/** Rows of mgmt's HelmReleases the handover suspends: suspended live, whatever they installed before. */
function suspendedRows(k: Kubectl, objects: readonly Json[]): Row[] {
  return objects.filter((o) => o.kind === 'HelmRelease' && o.spec.suspend === true).map((o) => {
    const got = k.try(['get', 'helmreleases.helm.toolkit.fluxcd.io', '-n', o.metadata.namespace, o.metadata.name, '-o', 'json']);
    const live = got.status === 0 ? (JSON.parse(got.stdout) as Json) : undefined;
    return { address: `HelmRelease/${o.metadata.namespace}/${o.metadata.name}`, predicted: 'suspended', real: !live ? 'not applied' : live.spec.suspend === true ? 'suspended' : 'active', agrees: live?.spec.suspend === true };
  });
}

export interface HandoverOptions {
  /** The control run: the fix undone in the served copy (activateWorkloadReleases). */
  readonly withoutFix?: boolean;
}

export async function runHandover(ctx: ClusterContext, scenario: ClusterScenario, options: HandoverOptions = {}): Promise<ScenarioResult> {
  const steps: StepResult[] = [];
  const stops: (() => unknown)[] = [];
  const rounds = async (clusters: Record<string, Kubectl>, releases: readonly HandedRelease[]) => { for (let i = 0; i < ROUNDS; i++) await reconcileRound(clusters, releases, ctx.log); };
  try {
    const dir = path.join(ctx.work, 'handover');
    ctx.log(`${scenario.name}: writing the fleet …`);
    const fleet = scaffold(ctx.bin, path.join(dir, 'fleet'), scenario.shape);
    let trees: TreeFile[] = readTrees(fleet.dir);
    const objects = (env: string) => envObjects(trees, env);
    const releases = handedReleases(objects(fleet.env), objects(WORKLOAD), { management: fleet.env, workload: WORKLOAD });
    if (releases.length === 0) throw new Error(`prove: ${fleet.env}'s tree installs no release of ${WORKLOAD}'s own`);
    const served = await serveFleet(ctx, dir, fleet, trees, options.withoutFix ? (work) => activateWorkloadReleases(work, trees, releases) : undefined);
    stops.push(() => served.stop());
    let revision = served.publish(trees, 'day 0');

    ctx.log(`${scenario.name}: starting ${fleet.env} with Flux, and ${WORKLOAD}'s API server …`);
    const mgmt = await startCluster(ctx, fleet.env, patchedArgs(fluxInstanceOf(trees, fleet.env)));
    stops.push(() => mgmt.stop());
    const lab1Api = await ctx.apiServer(WORKLOAD);
    stops.push(() => lab1Api.stop());
    const k = kubectl(ctx.kubectl, mgmt.api.kubeconfig);
    const k1 = kubectl(ctx.kubectl, lab1Api.kubeconfig);
    const clusters = { [fleet.env]: k, [WORKLOAD]: k1 };
    const poll = pollReleases(clusters);
    stops.push(() => poll.stop());
    bootstrapFlux(ctx, k, fleet, trees, fleet.env, served.repo);

    // Cluster API, played: the kubeconfig Secret appears once mgmt's remote Kustomizations ask for it.
    const cluster = objects(fleet.env).find((o) => o.kind === 'Cluster' && o.metadata.name === WORKLOAD)!;
    const kcpRef = cluster.spec.controlPlaneRef as Json;
    const secretName = `${WORKLOAD}-kubeconfig`;
    ctx.log(`${scenario.name}: waiting for ${fleet.env}'s Flux to ask for ${secretName} …`);
    const layers = fleetLayers(objects(fleet.env));
    // Watched from the start, so the order of mgmt's own layers is read before the Secret exists.
    const watching = watchLayers(k, layers, revision, ctx.log);
    const deployments = healthCheckedDeployments(objects(fleet.env));
    const played = new Set<string>();
    const asking = await until(`no Kustomization of ${fleet.env} asked for Secret ${secretName}`, () => {
      playDeployments(k, deployments, played, ctx.rewrites);
      const list = k.try(['get', 'kustomizations.kustomize.toolkit.fluxcd.io', '-n', cluster.metadata.namespace, '-o', 'json']);
      const items = list.status === 0 ? ((JSON.parse(list.stdout) as Json).items as Json[]) : [];
      const names = items.filter((x) => ((x.status?.conditions ?? []) as Json[]).some((c) => c.type === 'Ready' && String(c.message).includes(secretName))).map((x) => x.metadata.name as string);
      return names.length > 0 ? names : undefined;
    }, ctx.log);
    const kcp = k.json(['get', `${kcpRef.kind}.${kcpRef.apiGroup}`, '-n', cluster.metadata.namespace, kcpRef.name]);
    k.apply(YAML.stringify(kubeconfigSecret({ name: WORKLOAD, namespace: cluster.metadata.namespace }, fs.readFileSync(lab1Api.kubeconfig, 'utf8'), kcp)));
    // kustomize-controller reads the Secret again at its next attempt (retryInterval 2m): requested now instead.
    for (const name of asking) k.run(['-n', cluster.metadata.namespace, 'annotate', '--overwrite', `kustomizations.kustomize.toolkit.fluxcd.io/${name}`, `reconcile.fluxcd.io/requestedAt=${Date.now()}`]);
    ctx.log(`${scenario.name}: day 0, waiting for ${fleet.env}'s ${layers.length} Kustomizations …`);
    const timeline = await watching;

    // flux-operator on lab1, played: Flux's controllers and the sync objects of the FluxInstance mgmt applied there.
    const instance = await until(`mgmt's Flux applied no FluxInstance on ${WORKLOAD}`, () => {
      const got = k1.try(['get', 'fluxinstances.fluxcd.controlplane.io', '-n', 'flux-system', 'flux', '-o', 'json']);
      return got.status === 0 ? (JSON.parse(got.stdout) as Json) : undefined;
    }, ctx.log);
    const flux1 = await ctx.flux(lab1Api, patchedArgs(instance));
    stops.push(() => flux1.stop());
    playFluxOperator(ctx, k1, instance, served.repo, `FluxInstance/flux-system/flux (${WORKLOAD}, applied by ${fleet.env})`);
    const layers1 = fleetLayers(objects(WORKLOAD));
    ctx.log(`${scenario.name}: day 0, waiting for ${WORKLOAD}'s ${layers1.length} Kustomizations …`);
    const timeline1 = await watchLayers(k1, layers1, revision, ctx.log);
    const settled0 = Date.now();
    ctx.log(`${scenario.name}: ${ROUNDS} reconciles of each HelmRelease of the handed releases …`);
    await rounds(clusters, releases);
    const handover = Date.now();
    steps.push({
      columns: COLUMNS,
      title: `day 0: ${fleet.env} reconciled from an empty cluster, ${WORKLOAD} through ${secretName}, then by its own Flux`,
      rows: [
        ...on(fleet.env, [...layerRows(layers, timeline), ...helmRows(k, objects(fleet.env))]),
        ...on(WORKLOAD, [...layerRows(layers1, timeline1), ...helmRows(k1, objects(WORKLOAD))]),
        ...releases.map((r) => phaseRow(poll.samples, r, { from: 0, settled: settled0, owner: r.management, expected: 1, predicted: `installed once by ${r.management}; ${r.workload} suspended, so no revision after ${ROUNDS} requested reconciles of each` })),
      ],
      checks: [
        ...[[fleet.env, k], [WORKLOAD, k1]].map(([env, kc]) => { const c = admittedCheck(kc as Kubectl, objects(env as string)); return { ...c, what: `${env}: ${c.what}` }; }),
        ...secretChecks(k, fleet, objects(fleet.env).filter((o) => !delivered(o))),
        ...secretChecks(k1, fleet, objects(fleet.env).filter(delivered), WORKLOAD).map((c): Check => ({ ...c, what: `on ${WORKLOAD}, applied by ${fleet.env}'s Flux: ${c.what}` })),
      ],
    });

    // The scenario's one step: lab1's file edited (infrastructure.handedOver: true).
    const { title, edit } = scenario.steps[0]!;
    const commit = fleet.change(edit, title, WORKLOAD);
    trees = readTrees(fleet.dir);
    revision = served.publish(trees, `${title} (${commit.slice(0, 12)})`);
    requestFetch(k);
    requestFetch(k1);
    const now = fleetLayers(objects(fleet.env));
    const now1 = fleetLayers(objects(WORKLOAD));
    ctx.log(`${scenario.name}: the handover commit, waiting for both clusters …`);
    const after = await watchLayers(k, now, revision, ctx.log);
    const after1 = await watchLayers(k1, now1, revision, ctx.log);
    await until(`${WORKLOAD}'s own HelmReleases did not act on the handover commit`, () => (releases.every((r) => {
      const [, ref] = r.workload.split(' ') as [string, string];
      const hr = k1.json(['get', 'helmreleases.helm.toolkit.fluxcd.io', '-n', ref.split('/')[0]!, ref.split('/')[1]!]);
      return hr.status?.observedGeneration === hr.metadata.generation && ((hr.status?.conditions ?? []) as Json[]).some((c) => c.type === 'Ready' && c.status === 'True');
    }) ? true : undefined), ctx.log);
    const settled1 = Date.now();
    await rounds(clusters, releases);
    await poll.stop();
    steps.push({
      columns: COLUMNS,
      title,
      rows: [
        ...on(fleet.env, [...layerRows(now, after, revision), ...helmRows(k, objects(fleet.env).filter((o) => o.kind !== 'HelmRelease' || o.spec.suspend !== true)), ...suspendedRows(k, objects(fleet.env))]),
        ...on(WORKLOAD, [...layerRows(now1, after1, revision), ...helmRows(k1, objects(WORKLOAD))]),
        ...releases.map((r) => phaseRow(poll.samples, r, { from: handover, settled: settled1, owner: r.workload, expected: 1, predicted: `upgraded once by ${r.workload} (no history of its own: Unmanaged), ${r.management} suspended; no revision after ${ROUNDS} requested reconciles of each` })),
      ],
      checks: releases.map((r) => oneOwnerCheck(poll.samples, r)),
    });
    return { name: scenario.name, outcome: outcomeOf(steps), steps };
  } catch (error) {
    return { name: scenario.name, outcome: 'failed', reason: (error as Error).message.slice(0, 4000), steps };
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
