import { afterEach, describe, expect, it } from 'vitest';
import { refuseWritableCredentials } from '../../src/verify/access-review';
import { loadKubeconfig } from '../../src/verify/kubeconfig';
import { readSnapshot } from '../../src/verify/live-reader';
import { workloadsCheck } from '../../src/verify/checks/workloads';
import { kindKey } from '../../src/verify/types';
import { fakeRevision } from './recorded';
import { recordedWorkload, workloadManagement } from './recorded-workloads';
import { startLoopback } from './loopback';
import type { Loopback } from './loopback';

// The workloads check through the reader, on the recorded lab1 objects served by the loopback API
// server as mgmt's would serve them: what it asks for, and what it concludes.

let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const recorded = () => ['clusters', 'kubeadmcontrolplanes', 'machinedeployments', 'machines'].flatMap(recordedWorkload);

async function verifyOn(objects: Record<string, any>[], options: { forbidden?: string[] } = {}) {
  server = await startLoopback({ objects, forbidden: options.forbidden });
  const kc = loadKubeconfig({ file: server.kubeconfig() });
  await refuseWritableCredentials(kc, "use the inspector's kubeconfig");
  const { env, tree } = workloadManagement();
  const live = await readSnapshot(kc, workloadsCheck.reads(env));
  return workloadsCheck.run({ env, tree, revision: fakeRevision, live });
}

describe('the workloads check on a loopback mgmt', () => {
  it('lists the four kinds in the clusters\' namespace, gets only, and passes on the recorded objects', async () => {
    const lines = await verifyOn(recorded());
    expect(lines.filter((l) => l.outcome !== 'pass')).toEqual([]);
    expect(lines).toHaveLength(8);
    expect(server!.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual([
      '/apis/cluster.x-k8s.io/v1beta2/namespaces/default/clusters',
      '/apis/cluster.x-k8s.io/v1beta2/namespaces/default/machinedeployments',
      '/apis/cluster.x-k8s.io/v1beta2/namespaces/default/machines',
      '/apis/controlplane.cluster.x-k8s.io/v1beta2/namespaces/default/kubeadmcontrolplanes',
    ]);
    expect(new Set(server!.requests.map((r) => r.method))).toEqual(new Set(['GET', 'POST']));
  });

  it('names the Machine that is not Ready and the pool short of a replica', async () => {
    const objects = recorded();
    const machine = objects.find((o) => o.metadata.name === 'lab1-workers-6d9fb-bx7kp')!;
    machine.status.phase = 'Provisioning';
    machine.status.conditions.find((c: any) => c.type === 'Ready').status = 'False';
    objects.find((o) => o.kind === 'MachineDeployment')!.status.readyReplicas = 1;
    const drift = (await verifyOn(objects)).filter((l) => l.outcome === 'drift').map((l) => `${l.check} ${l.subject}`);
    expect(drift).toEqual(['workloads.machine-deployment MachineDeployment default/lab1-workers', 'workloads.machine Machine default/lab1-workers-6d9fb-bx7kp']);
  });

  it('is drift where the role may not list Machines (403), the rest still compared', async () => {
    const lines = await verifyOn(recorded(), { forbidden: [kindKey({ group: 'cluster.x-k8s.io', version: 'v1beta2', resource: 'machines' })] });
    expect(lines.filter((l) => l.outcome === 'drift').map((l) => l.check)).toEqual(['workloads.machines']);
    expect(lines.filter((l) => l.outcome === 'pass').map((l) => l.check)).toEqual(['workloads.cluster', 'workloads.control-plane', 'workloads.machine-deployment']);
  });
});
