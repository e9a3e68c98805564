import { describe, expect, it } from 'vitest';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolve } from '../../src/model/resolve';
import { overviewReadme } from '../../src/overview/readme';
import { modifyWorkload } from '../fixtures/environments';
import { lab1, workloadFleet } from '../fixtures/workload';

// A workload cluster's README: its machines and where their Cluster API objects are, nothing of k3s's cold build.

const readme = (spec: EnvironmentSpec = lab1) => overviewReadme(resolve(spec, workloadFleet), new Map());

describe("a workload cluster's README", () => {
  it('lists the control plane and every pool with their machines, and points at the Cluster API objects in mgmt\'s tree', () => {
    const twoPools = modifyWorkload(lab1, (e) => {
      e.infrastructure.workers!.push({ name: 'gpu', replicas: 1, generation: 3, machine: { cores: 8, memoryMiB: 16384, diskGiB: 120 } });
    });
    const text = readme(twoPools);
    expect(text).toContain([
      '| machine set | machines | sockets × cores | memory | disk | template |',
      '| --- | --- | --- | --- | --- | --- |',
      '| control-plane | 3 | 1 × 2 | 4096 MiB | 40 GiB | lab1-control-plane-g1 |',
      '| workers | 2 | 1 × 4 | 8192 MiB | 80 GiB | lab1-workers-g1 |',
      '| gpu | 1 | 1 × 8 | 16384 MiB | 120 GiB | lab1-gpu-g3 |',
    ].join('\n'));
    expect(text).toContain("from the objects in [`clusters/mgmt/kubernetes/capi-clusters/lab1/`](../mgmt/kubernetes/capi-clusters/lab1/) (mgmt's `capi-clusters` layer, namespace `default`)");
    expect(text).toContain('Machine addresses: 192.168.4.41–192.168.4.49');
    expect(text).toContain("mgmt's Flux hands it over");
    expect(text).toContain("Until handedOver is set, this tree's own Cilium and flux-operator HelmReleases are suspended: mgmt's release them.");
  });

  it('has no bootstrap link, no server table and no k3s in its storage line', () => {
    const text = readme();
    expect(text).not.toContain('bootstrap/README.md');
    expect(text).not.toContain('| server | address |');
    expect(text).toContain('| storage | none: no Longhorn, and kubeadm installs no storage class |');
    expect(text).not.toMatch(/k3s\.disable|local-storage|k3s's/);
  });

  it('says who owns the cluster once it is handed over', () => {
    const text = readme(modifyWorkload(lab1, (e) => { e.infrastructure.handedOver = true; }));
    expect(text).toContain("The Flux of this tree owns the cluster, its Cilium and flux-operator releases included; mgmt's handover objects are suspended.");
    expect(text).not.toContain('Until handedOver is set');
  });
});
