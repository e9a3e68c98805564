import { describe, expect, it } from 'vitest';
import { availableStatus, healthCheckedDeployments, standInDeployment } from '../../../prove/k8s/workloads';

// A Deployment a layer health-checks, stood in for where no kubelet runs its pods.

describe('the Deployments the harness plays', () => {
  it("lists every Deployment a Flux Kustomization health-checks, once, in the check's namespace", () => {
    const layer = (name: string, checks: object[]) => ({ apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', metadata: { name, namespace: 'flux-system' }, spec: { healthChecks: checks } });
    const objects = [
      layer('capi-operator', [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'cluster-api-operator', namespace: 'capi-operator-system' }, { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: 'coreproviders.operator.cluster.x-k8s.io' }]),
      layer('again', [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'cluster-api-operator', namespace: 'capi-operator-system' }]),
      { apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources: [] },
    ];
    expect(healthCheckedDeployments(objects)).toEqual(['capi-operator-system/cluster-api-operator']);
  });

  it('creates a labelled one-replica Deployment of that name', () => {
    expect(standInDeployment('capi-operator-system/cluster-api-operator')).toMatchObject({ kind: 'Deployment', metadata: { name: 'cluster-api-operator', namespace: 'capi-operator-system', labels: { 'prove.k3s-gitops-synth/stand-in': 'deployment' } }, spec: { replicas: 1 } });
  });

  it('writes the status kstatus reads as Current: the generation observed, every replica available, Progressing by NewReplicaSetAvailable', () => {
    const { status } = availableStatus(3, 1);
    expect(status).toMatchObject({ observedGeneration: 3, replicas: 1, updatedReplicas: 1, readyReplicas: 1, availableReplicas: 1 });
    expect(status.conditions.map((c: { type: string; reason: string }) => [c.type, c.reason])).toEqual([['Available', 'MinimumReplicasAvailable'], ['Progressing', 'NewReplicaSetAvailable']]);
  });
});
