import { describe, expect, it } from 'vitest';
import { resolve } from '../../../src/model/resolve';
import { kubeVipCheck, kubeVipLease } from '../../../src/verify/checks/kube-vip';
import { mgmt } from '../../fixtures/fleet/mgmt';
import { lab1, workloadFleet } from '../../fixtures/workload';
import { drifts, find, noRevision, runDev, snapshotFor, tree } from '../snapshot';

describe('the kube-vip check', () => {
  it('takes the lease name from the manifest the tree ships', () => {
    expect(kubeVipLease(tree())).toEqual({ file: 'clusters/dev/bootstrap/kube-vip.yaml', namespace: 'kube-system', name: 'plndr-cp-lock' });
  });

  it('passes when a live server holds the lease', () => {
    expect(runDev(kubeVipCheck)).toEqual([expect.objectContaining({ check: 'kube-vip.lease', outcome: 'pass', subject: 'Lease kube-system/plndr-cp-lock', live: 'held by k3s-dev-1' })]);
  });

  it('fails when the lease is held by a node that is no server of the model', () => {
    const lines = runDev(kubeVipCheck, (objects) => (find(objects, 'Lease', 'plndr-cp-lock').spec.holderIdentity = 'old-server'));
    expect(drifts(lines)).toEqual([expect.objectContaining({ live: 'held by old-server (not a live server of the model) (not a Node of the cluster)' })]);
  });

  it('fails when the holder is a server of the model that is no Node of the cluster', () => {
    const lines = runDev(kubeVipCheck, (objects) => objects.splice(objects.indexOf(find(objects, 'Node', 'k3s-dev-1')), 1));
    expect(drifts(lines)).toEqual([expect.objectContaining({ live: 'held by k3s-dev-1 (not a Node of the cluster)' })]);
  });

  it('fails when no kube-vip has ever led', () => {
    const lines = runDev(kubeVipCheck, (objects) => objects.splice(objects.indexOf(find(objects, 'Lease', 'plndr-cp-lock')), 1));
    expect(drifts(lines)).toEqual([expect.objectContaining({ live: 'no such Lease: no kube-vip instance has led' })]);
  });

  it('reads and reports nothing without a VIP', () => {
    const env = resolve(mgmt);
    expect(kubeVipCheck.reads(env)).toEqual([]);
    expect(kubeVipCheck.run({ env, tree: tree(), revision: noRevision, live: snapshotFor([], []) })).toEqual([]);
  });
});

describe('the kube-vip check on a workload cluster', () => {
  const env = resolve(lab1, workloadFleet);
  const node = (name: string, controlPlane: boolean) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: controlPlane ? { 'node-role.kubernetes.io/control-plane': '' } : {} } });
  const lease = (holder?: string) => ({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'plndr-cp-lock', namespace: 'kube-system' }, spec: holder === undefined ? {} : { holderIdentity: holder } });
  const nodes = [node('lab1-control-plane-4vzlm', true), node('lab1-control-plane-9xq2k', true), node('lab1-workers-6d9fb-bx7kp', false)];
  const run = (objects: Record<string, any>[]) => kubeVipCheck.run({ env, tree: tree(), revision: noRevision, live: snapshotFor(kubeVipCheck.reads(env), objects) });

  it('passes when a control-plane Node holds the lease: the machines are named by Cluster API, so the label decides', () => {
    expect(run([...nodes, lease('lab1-control-plane-9xq2k')])).toEqual([expect.objectContaining({ outcome: 'pass', subject: 'Lease kube-system/plndr-cp-lock', expected: 'held by a control-plane Node (label node-role.kubernetes.io/control-plane)', live: 'held by lab1-control-plane-9xq2k' })]);
  });

  it('is drift when a worker, or no Node of the cluster, holds it, or nobody has led', () => {
    expect(drifts(run([...nodes, lease('lab1-workers-6d9fb-bx7kp')]))).toEqual([expect.objectContaining({ live: 'held by lab1-workers-6d9fb-bx7kp (a Node without the control-plane label)' })]);
    expect(drifts(run([...nodes, lease('k3s-dev-1')]))).toEqual([expect.objectContaining({ live: 'held by k3s-dev-1 (not a Node of the cluster)' })]);
    expect(drifts(run(nodes))).toEqual([expect.objectContaining({ live: 'no such Lease: no kube-vip instance has led' })]);
    expect(drifts(run([...nodes, lease()]))).toEqual([expect.objectContaining({ live: 'held by nobody', fix: expect.stringContaining("lab1's KubeadmControlPlane on mgmt") })]);
  });
});
