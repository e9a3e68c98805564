import { describe, expect, it } from 'vitest';
import { serversCheck } from '../../../src/verify/checks/servers';
import { NODES } from '../../../src/verify/kinds';
import { kindKey } from '../../../src/verify/types';
import { recorded } from '../loopback';
import { drifts, find, noRevision, runDev, snapshotFor, tree } from '../snapshot';
import { resolve } from '../../../src/model/resolve';
import { dev } from '../../fixtures/fleet/dev';

describe('the servers check', () => {
  it('passes on the recorded dev cluster, one line per server and aspect', () => {
    const lines = runDev(serversCheck);
    expect(drifts(lines)).toEqual([]);
    expect(lines.map((l) => l.check)).toEqual(['servers.members', ...['k3s-dev-1', 'k3s-dev-2', 'k3s-dev-3'].flatMap(() => ['servers.internal-ip', 'servers.ready', 'servers.roles', 'servers.kubelet'])]);
    expect(lines[0]).toMatchObject({ outcome: 'pass', live: 'k3s-dev-1, k3s-dev-2, k3s-dev-3' });
  });

  it('fails when a Node joined outside the model', () => {
    const lines = runDev(serversCheck, (objects) => {
      const extra = structuredClone(find(objects, 'Node', 'k3s-dev-3'));
      extra.metadata.name = 'k3s-dev-9';
      objects.push(extra);
    });
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'servers.extra', subject: 'Node k3s-dev-9', fix: expect.stringContaining('kubectl delete node k3s-dev-9') })]);
  });

  it('fails when a live server has no Node', () => {
    const lines = runDev(serversCheck, (objects) => objects.splice(objects.indexOf(find(objects, 'Node', 'k3s-dev-2')), 1));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'servers.missing', subject: 'Node k3s-dev-2', expected: 'a Node (dev.nodes[1] is live)', live: 'no such Node' })]);
  });

  it('fails when a server is NotReady', () => {
    const lines = runDev(serversCheck, (objects) => {
      const ready = find(objects, 'Node', 'k3s-dev-2').status.conditions.find((c: { type: string }) => c.type === 'Ready');
      Object.assign(ready, { status: 'False', reason: 'KubeletNotReady' });
    });
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'servers.ready', subject: 'Node k3s-dev-2', live: 'Ready=False (KubeletNotReady)' })]);
  });

  it('fails when a Node reports another InternalIP', () => {
    const lines = runDev(serversCheck, (objects) => (find(objects, 'Node', 'k3s-dev-3').status.addresses[0].address = '192.168.1.99'));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'servers.internal-ip', expected: 'InternalIP 192.168.1.52 (dev.nodes[2].ip)', live: 'InternalIP 192.168.1.99' })]);
  });

  it('fails when a server lacks its etcd role', () => {
    const lines = runDev(serversCheck, (objects) => delete find(objects, 'Node', 'k3s-dev-1').metadata.labels['node-role.kubernetes.io/etcd']);
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'servers.roles', subject: 'Node k3s-dev-1', live: 'node-role.kubernetes.io/etcd missing' })]);
  });

  it('fails when a kubelet runs another k3s release than the pin', () => {
    const lines = runDev(serversCheck, (objects) => (find(objects, 'Node', 'k3s-dev-1').status.nodeInfo.kubeletVersion = 'v1.35.8+k3s1'));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'servers.kubelet', expected: 'kubelet v1.36.4+k3s1 (the k3s pin)', live: 'kubelet v1.35.8+k3s1' })]);
    // The fix names the runbook's section that upgrades every server to the pin.
    expect(drifts(lines)[0]!.fix).toBe('upgrade or downgrade k3s on k3s-dev-1 to v1.36.4+k3s1 (bootstrap/README.md, Day 2 "Upgrade k3s to the pinned release"), or pin the version it runs');
  });

  it('fails when a planned server is already a Node', () => {
    const spec = { ...dev, nodes: [...dev.nodes, { name: 'k3s-dev-4', ip: '192.168.1.53', state: 'planned' as const }] };
    const env = resolve(spec);
    const nodes = recorded('dev/nodes.json');
    const planned = structuredClone(nodes[2]);
    planned.metadata.name = 'k3s-dev-4';
    const lines = serversCheck.run({ env, tree: tree(), revision: noRevision, live: snapshotFor([NODES], [...nodes, planned]) });
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'servers.planned', subject: 'Node k3s-dev-4', expected: 'absent (dev.nodes[3] is planned)' })]);
    const absent = serversCheck.run({ env, tree: tree(), revision: noRevision, live: snapshotFor([NODES], nodes) });
    expect(absent.find((l) => l.check === 'servers.planned')).toMatchObject({ outcome: 'pass', live: 'absent' });
  });

  it('calls Nodes the credentials may not list drift (the tree\'s role grants them), and Nodes not served not checkable', () => {
    const lines = runDev(serversCheck, undefined, { [kindKey(NODES)]: { state: 'forbidden', message: 'nodes is forbidden' } });
    expect(lines).toEqual([expect.objectContaining({ check: 'servers.members', outcome: 'drift', live: 'listing nodes is forbidden: nodes is forbidden' })]);
    const unserved = runDev(serversCheck, undefined, { [kindKey(NODES)]: { state: 'not-served' } });
    expect(unserved).toEqual([expect.objectContaining({ check: 'servers.members', outcome: 'not-checkable', fix: "the API server serves nodes itself: check the kubeconfig's server" })]);
  });
});
