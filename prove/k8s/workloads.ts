/**
 * The Deployments a tree's Kustomizations health-check (`spec.healthChecks`, kind Deployment) that a
 * stand-in chart does not run: no kubelet runs pods here, so the harness creates each one once its
 * namespace exists and writes the status the deployment controller writes when its pods are
 * available, which is what kstatus reads (fluxcd/cli-utils pkg/kstatus/status/core.go,
 * deploymentConditions: observedGeneration, replicas updated/ready/available, Progressing with
 * reason NewReplicaSetAvailable, Available True). Listed in the report as rewrites.
 */
import YAML from 'yaml';
import type { Rewrite } from '../rewrite';
import type { Kubectl } from './kubectl';

type Json = Record<string, any>;

/** `<namespace>/<name>` of each Deployment a Kustomization of `objects` health-checks. */
export function healthCheckedDeployments(objects: readonly Json[]): string[] {
  const ids = objects
    .filter((o) => o.kind === 'Kustomization' && String(o.apiVersion).startsWith('kustomize.toolkit.fluxcd.io/'))
    .flatMap((o) => ((o.spec?.healthChecks ?? []) as Json[]).filter((h) => h.kind === 'Deployment').map((h) => `${h.namespace ?? o.metadata.namespace}/${h.name}`));
  return [...new Set(ids)].sort();
}

/** The Deployment that stands in for a chart's (one replica of a pause container, never scheduled here). */
export function standInDeployment(id: string): Json {
  const [namespace, name] = id.split('/') as [string, string];
  const labels = { 'app.kubernetes.io/name': name, 'prove.k3s-gitops-synth/stand-in': 'deployment' };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace, labels },
    spec: { replicas: 1, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name, image: 'registry.k8s.io/pause:3.10' }] } } },
  };
}

/** The status the deployment controller writes once every replica of generation `generation` is available. */
export function availableStatus(generation: number, replicas: number): Json {
  const condition = (type: string, reason: string) => ({ type, status: 'True', reason, message: 'written by the proving ground: no kubelet runs pods here', lastUpdateTime: new Date().toISOString(), lastTransitionTime: new Date().toISOString() });
  return {
    status: {
      observedGeneration: generation, replicas, updatedReplicas: replicas, readyReplicas: replicas, availableReplicas: replicas,
      conditions: [condition('Available', 'MinimumReplicasAvailable'), condition('Progressing', 'NewReplicaSetAvailable')],
    },
  };
}

/**
 * Creates each health-checked Deployment whose namespace exists and is not there yet, and marks it
 * available; returns the ids it handled (call it until every id is handled).
 */
export function playDeployments(k: Kubectl, ids: readonly string[], done: Set<string>, rewrites: Rewrite[]): void {
  for (const id of ids.filter((i) => !done.has(i))) {
    const [namespace, name] = id.split('/') as [string, string];
    if (k.try(['get', 'namespace', namespace]).status !== 0) continue;
    if (k.try(['-n', namespace, 'get', 'deployment', name]).status !== 0) k.apply(YAML.stringify(standInDeployment(id)));
    const live = k.json(['-n', namespace, 'get', 'deployment', name]);
    k.run(['-n', namespace, 'patch', 'deployment', name, '--subresource=status', '--type=merge', '-p', JSON.stringify(availableStatus(live.metadata.generation, live.spec.replicas ?? 1))]);
    done.add(id);
    rewrites.push({ address: `Deployment/${id}`, path: 'status', from: undefined, to: 'Available', why: 'a Kustomization health-checks the Deployment its chart runs; no kubelet runs pods here, so the harness creates it and writes the status the deployment controller would' });
  }
}
