import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SchemaStore, schemaFileName } from '../../../src/validate/schemas';
import { workloadsCheck } from '../../../src/verify/checks/workloads';
import type { VerifyLine } from '../../../src/verify/types';
import { fixtureEnvironment } from '../recorded';
import { recordedWorkload, workloadInput, workloadManagement } from '../recorded-workloads';

const run = (edit?: Parameters<typeof workloadInput>[0]) => workloadsCheck.run(workloadInput(edit));
const drifts = (lines: readonly VerifyLine[]) => lines.filter((l) => l.outcome === 'drift');
/** Edits the recorded object of `resource` named `name`. */
const editing = (resource: string, name: string, change: (o: Record<string, any>) => void) => (r: string, items: Record<string, any>[]) => {
  if (r === resource) change(items.find((i) => i.metadata.name === name)!);
  return items;
};
const DESCRIBE = 'clusterctl describe cluster lab1 -n default --show-conditions all';

describe('the recorded workload cluster objects', () => {
  const store = new SchemaStore(path.join(import.meta.dirname, '..', '..', '..', 'schemas', 'json'));
  it.each(['clusters', 'kubeadmcontrolplanes', 'machinedeployments', 'machines'])('%s: every item has the shape of the vendored v1beta2 schema, status included', (resource) => {
    for (const item of recordedWorkload(resource)) {
      const validate = store.get(schemaFileName(item.apiVersion, item.kind))!;
      expect(validate(item), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it('agree with the tree: the spec of each object is the tree\'s', () => {
    const { tree } = workloadManagement();
    for (const resource of ['clusters', 'kubeadmcontrolplanes', 'machinedeployments']) {
      for (const item of recordedWorkload(resource)) {
        const own = tree.objects.find((o) => o.doc.kind === item.kind && o.doc.metadata.name === item.metadata.name)!;
        expect(item.spec).toMatchObject(own.doc.spec);
      }
    }
  });
});

describe('workloadsCheck', () => {
  it('reads the four kinds in the workload clusters\' namespace on mgmt, and nothing where there are none', () => {
    expect(workloadsCheck.reads(workloadManagement().env).map((k) => `${k.group}/${k.version}/${k.resource} in ${k.namespace}`)).toEqual([
      'cluster.x-k8s.io/v1beta2/clusters in default',
      'controlplane.cluster.x-k8s.io/v1beta2/kubeadmcontrolplanes in default',
      'cluster.x-k8s.io/v1beta2/machinedeployments in default',
      'cluster.x-k8s.io/v1beta2/machines in default',
    ]);
    expect(workloadsCheck.reads(fixtureEnvironment('mgmt').env)).toEqual([]);
    expect(workloadsCheck.reads(fixtureEnvironment('dev').env)).toEqual([]);
  });

  it('passes on the recorded cluster: the Cluster Available, 3 + 2 replicas ready and up to date, 5 machines Running and Ready', () => {
    const lines = run();
    expect(drifts(lines)).toEqual([]);
    expect(lines.map((l) => `${l.outcome} ${l.check} ${l.subject}: ${l.live}`)).toEqual([
      'pass workloads.cluster Cluster default/lab1: Available True',
      'pass workloads.control-plane KubeadmControlPlane default/lab1-control-plane: 3 replicas at v1.35.9: 3 ready, 3 up to date, Available True',
      'pass workloads.machine-deployment MachineDeployment default/lab1-workers: 2 replicas: 2 ready, 2 up to date, Available True',
      'pass workloads.machine Machine default/lab1-control-plane-4vzlm: Running, Ready True, node lab1-control-plane-4vzlm',
      'pass workloads.machine Machine default/lab1-control-plane-9xq2k: Running, Ready True, node lab1-control-plane-9xq2k',
      'pass workloads.machine Machine default/lab1-control-plane-tj6rc: Running, Ready True, node lab1-control-plane-tj6rc',
      'pass workloads.machine Machine default/lab1-workers-6d9fb-bx7kp: Running, Ready True, node lab1-workers-6d9fb-bx7kp',
      'pass workloads.machine Machine default/lab1-workers-6d9fb-q2wrz: Running, Ready True, node lab1-workers-6d9fb-q2wrz',
    ]);
    expect(lines[1]!.expected).toBe('3 replicas at v1.35.9: 3 ready, 3 up to date, Available');
  });

  it('fails when the Cluster is not Available, with its message on one line and the describe command', () => {
    const lines = run(editing('clusters', 'lab1', (c) => {
      c.status.conditions[0] = { ...c.status.conditions[0], status: 'False', reason: 'NotAvailable', message: '* WorkersAvailable:\n  * MachineDeployment lab1-workers: 1 available replicas, at least 2 required' };
    }));
    expect(drifts(lines)).toEqual([{
      check: 'workloads.cluster',
      outcome: 'drift',
      subject: 'Cluster default/lab1',
      expected: 'Available',
      live: 'Available False (NotAvailable): * WorkersAvailable:; * MachineDeployment lab1-workers: 1 available replicas, at least 2 required',
      fix: DESCRIBE,
    }]);
  });

  it('fails when a condition is older than the object, and when Cluster API wrote none', () => {
    expect(drifts(run(editing('clusters', 'lab1', (c) => { c.metadata.generation = 2; })))[0]!.live).toBe('Available True for generation 1, the object is at 2');
    expect(drifts(run(editing('clusters', 'lab1', (c) => { delete c.status; })))[0]!.live).toBe('no Available condition');
  });

  it('fails when the Cluster is paused, naming clusterctl move and how to resume', () => {
    const [line] = drifts(run(editing('clusters', 'lab1', (c) => { c.spec.paused = true; })));
    expect(line).toMatchObject({ subject: 'Cluster default/lab1', live: 'paused (spec.paused true): Cluster API reconciles none of its objects' });
    expect(line!.fix).toBe(`find out who paused it (clusterctl move pauses the Cluster it moves: never run it on an operator-managed cluster), then: kubectl -n default patch cluster lab1 --type merge -p '{"spec":{"paused":false}}'`);
  });

  it('fails when the Cluster is absent or deleting', () => {
    const absent = drifts(run((r, items) => (r === 'clusters' ? [] : items)));
    expect(absent).toEqual([expect.objectContaining({ subject: 'Cluster default/lab1', live: 'absent', expected: 'Available (clusters/mgmt/kubernetes/capi-clusters/lab1/cluster.default.lab1.yaml)', fix: 'flux reconcile kustomization capi-clusters -n flux-system --with-source' })]);
    const deleting = drifts(run(editing('clusters', 'lab1', (c) => { c.metadata.deletionTimestamp = '2026-12-01T08:00:00Z'; })));
    expect(deleting[0]).toMatchObject({ live: 'deleting since 2026-12-01T08:00:00Z', fix: `the tree keeps it, so it was deleted outside Git; Cluster API deletes its machines meanwhile: ${DESCRIBE}` });
  });

  it('fails during a control-plane rollout: replicas above spec, fewer up to date, the lowest version still the old one', () => {
    const lines = run(editing('kubeadmcontrolplanes', 'lab1-control-plane', (k) => {
      Object.assign(k.status, { replicas: 4, upToDateReplicas: 1, readyReplicas: 4, version: 'v1.35.8' });
    }));
    expect(drifts(lines)).toEqual([{
      check: 'workloads.control-plane',
      outcome: 'drift',
      subject: 'KubeadmControlPlane default/lab1-control-plane',
      expected: '3 replicas at v1.35.9: 3 ready, 3 up to date, Available',
      live: '4 replicas at v1.35.8: 4 ready, 1 up to date, Available True',
      fix: `a rollout or scale is under way (see its RollingOut, ScalingUp and ScalingDown conditions): follow it with ${DESCRIBE}, then verify again`,
    }]);
  });

  it('fails when the live spec is not the tree\'s, and says Flux applies the tree\'s', () => {
    const [line] = drifts(run(editing('kubeadmcontrolplanes', 'lab1-control-plane', (k) => { k.spec.replicas = 5; })));
    expect(line).toMatchObject({ live: '3 replicas at v1.35.9: 3 ready, 3 up to date, Available True; spec 5 replicas at v1.35.9', fix: "the live spec is not the tree's: flux reconcile kustomization capi-clusters -n flux-system --with-source" });
  });

  it('fails when a pool has a replica not ready, and when it is missing', () => {
    const lines = run(editing('machinedeployments', 'lab1-workers', (d) => {
      d.status.readyReplicas = 1;
      d.status.conditions[0] = { ...d.status.conditions[0], status: 'False', reason: 'NotAvailable', message: '1 available replicas, at least 2 required (spec.strategy.rollout.maxUnavailable is 0, spec.replicas is 2)' };
    }));
    expect(drifts(lines)).toEqual([expect.objectContaining({
      check: 'workloads.machine-deployment',
      live: '2 replicas: 1 ready, 2 up to date, Available False (NotAvailable): 1 available replicas, at least 2 required (spec.strategy.rollout.maxUnavailable is 0, spec.replicas is 2)',
      fix: `a rollout or scale is under way (see its RollingOut, ScalingUp and ScalingDown conditions): follow it with ${DESCRIBE}, then verify again`,
    })]);
    expect(drifts(run((r, items) => (r === 'machinedeployments' ? [] : items))).map((l) => `${l.subject}: ${l.live}`)).toEqual(['MachineDeployment default/lab1-workers: absent']);
  });

  it('fails for each Machine not Running and Ready, with its phase, its Ready message and no node yet', () => {
    const lines = run(editing('machines', 'lab1-workers-6d9fb-q2wrz', (m) => {
      m.status.phase = 'Provisioned';
      delete m.status.nodeRef;
      m.status.conditions[1] = { ...m.status.conditions[1], status: 'False', reason: 'NotReady', message: '* NodeHealthy: Waiting for a Node with spec.providerID proxmox://4c0f9a7e-1b2d-4e3f-8a9b-000000000005 to exist' };
    }));
    expect(drifts(lines)).toEqual([{
      check: 'workloads.machine',
      outcome: 'drift',
      subject: 'Machine default/lab1-workers-6d9fb-q2wrz',
      expected: 'Running, Ready True',
      live: 'Provisioned, Ready False (NotReady): * NodeHealthy: Waiting for a Node with spec.providerID proxmox://4c0f9a7e-1b2d-4e3f-8a9b-000000000005 to exist, no node yet',
      fix: `${DESCRIBE}; kubectl -n default describe machine lab1-workers-6d9fb-q2wrz`,
    }]);
    expect(drifts(run(editing('machines', 'lab1-control-plane-tj6rc', (m) => { m.metadata.deletionTimestamp = '2026-12-01T08:00:00Z'; })))[0]!.live).toBe('Running, Ready True, node lab1-control-plane-tj6rc, deleting since 2026-12-01T08:00:00Z');
  });

  it('leaves out Machines of another cluster or namespace', () => {
    const lines = run((r, items) => (r === 'machines' ? [...items, { ...items[0]!, metadata: { ...items[0]!.metadata, name: 'other-x', labels: { 'cluster.x-k8s.io/cluster-name': 'other' } } }, { ...items[0]!, metadata: { ...items[0]!.metadata, name: 'lab1-elsewhere', namespace: 'elsewhere' } }] : items));
    expect(lines.filter((l) => l.check === 'workloads.machine')).toHaveLength(5);
  });

  it('is not checkable where Cluster API is not served, and drift where the role may not list a kind', () => {
    const lines = run((r, items) => (r === 'machines' ? { state: 'forbidden', message: 'machines.cluster.x-k8s.io is forbidden' } : r === 'kubeadmcontrolplanes' ? { state: 'not-served' } : items));
    expect(lines.filter((l) => l.outcome !== 'pass').map((l) => `${l.outcome} ${l.check}: ${l.live}`)).toEqual([
      'not-checkable workloads.kubeadmcontrolplanes: the API server does not serve this kind (404)',
      'drift workloads.machines: forbidden (403): machines.cluster.x-k8s.io is forbidden',
    ]);
    // What could be read is still compared.
    expect(lines.filter((l) => l.outcome === 'pass').map((l) => l.check)).toEqual(['workloads.cluster', 'workloads.machine-deployment']);
  });

  it('compares nothing in a tree without a Cluster', () => {
    const { env, tree } = workloadManagement();
    expect(workloadsCheck.run({ ...workloadInput(), env, tree: { ...tree, objects: tree.objects.filter((o) => o.doc.kind !== 'Cluster') } })).toEqual([]);
  });
});
