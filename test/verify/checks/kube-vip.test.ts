import { describe, expect, it } from 'vitest';
import { resolve } from '../../../src/model/resolve';
import { kubeVipCheck, kubeVipLease } from '../../../src/verify/checks/kube-vip';
import { mgmt } from '../../fixtures/fleet/mgmt';
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
