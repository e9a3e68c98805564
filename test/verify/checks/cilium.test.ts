import { describe, expect, it } from 'vitest';
import { ciliumCheck, kubeProxyDisabled } from '../../../src/verify/checks/cilium';
import { KUBE_SYSTEM_HELM_RELEASES } from '../../../src/verify/kinds';
import { kindKey } from '../../../src/verify/types';
import { resolve } from '../../../src/model/resolve';
import { mgmt } from '../../fixtures/fleet/mgmt';
import { devEnv, devObjects, drifts, find, runDev, tree, noRevision, snapshotFor } from '../snapshot';

const agent = (objects: Record<string, any>[], name: string) => find(objects, 'Pod', name).spec.containers[0];
const setEnv = (container: { env: { name: string; value?: string }[] }, name: string, value: string) => (container.env.find((e) => e.name === name)!.value = value);

describe('the cilium check', () => {
  it('passes on the recorded dev cluster: agents, kube-proxy and the deployed values', () => {
    const lines = runDev(ciliumCheck);
    expect(drifts(lines)).toEqual([]);
    expect(lines.filter((l) => l.check === 'cilium.service-host')).toHaveLength(3);
    expect(lines.filter((l) => l.check === 'cilium.kube-proxy')).toHaveLength(3);
    expect(lines.find((l) => l.check === 'cilium.values')).toMatchObject({ outcome: 'pass', subject: 'HelmRelease kube-system/cilium', live: expect.stringContaining('release v3 deployed, chart 1.20.0') });
  });

  it('fails when an agent dials a node IP instead of the VIP (the named gap)', () => {
    const lines = runDev(ciliumCheck, (objects) => setEnv(agent(objects, 'cilium-9qzvd'), 'KUBERNETES_SERVICE_HOST', '192.168.1.50'));
    expect(drifts(lines)).toEqual([
      expect.objectContaining({
        check: 'cilium.service-host',
        subject: 'Pod kube-system/cilium-9qzvd on k3s-dev-2',
        expected: 'KUBERNETES_SERVICE_HOST=192.168.1.49 KUBERNETES_SERVICE_PORT=6443 (the apiserver endpoint, the kube-vip VIP)',
        live: 'KUBERNETES_SERVICE_HOST=192.168.1.50 KUBERNETES_SERVICE_PORT=6443',
      }),
    ]);
  });

  it('fails when an agent dials another port', () => {
    const lines = runDev(ciliumCheck, (objects) => setEnv(agent(objects, 'cilium-4xk2p'), 'KUBERNETES_SERVICE_PORT', '443'));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'cilium.service-host', live: 'KUBERNETES_SERVICE_HOST=192.168.1.49 KUBERNETES_SERVICE_PORT=443' })]);
  });

  it('fails when an agent has no KUBERNETES_SERVICE_HOST', () => {
    const lines = runDev(ciliumCheck, (objects) => {
      const c = agent(objects, 'cilium-tm7wr');
      c.env = c.env.filter((e: { name: string }) => e.name !== 'KUBERNETES_SERVICE_HOST');
    });
    expect(drifts(lines)).toEqual([expect.objectContaining({ subject: 'Pod kube-system/cilium-tm7wr on k3s-dev-3', live: expect.stringContaining('KUBERNETES_SERVICE_HOST unset') })]);
  });

  it('fails when no agent runs', () => {
    const lines = runDev(ciliumCheck, (objects) => objects.forEach((o) => o.metadata?.labels?.['k8s-app'] === 'cilium' && delete o.metadata.labels['k8s-app']));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'cilium.service-host', live: 'no pod labelled k8s-app=cilium in kube-system' })]);
  });

  it('fails when a server runs kube-proxy (its k3s started without --disable-kube-proxy)', () => {
    const lines = runDev(ciliumCheck, (objects) => {
      const node = find(objects, 'Node', 'k3s-dev-3');
      const args = JSON.parse(node.metadata.annotations['k3s.io/node-args']) as string[];
      args.splice(args.indexOf('--disable-kube-proxy'), 2);
      node.metadata.annotations['k3s.io/node-args'] = JSON.stringify(args);
    });
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'cilium.kube-proxy', subject: 'Node k3s-dev-3', live: 'k3s runs kube-proxy' })]);
  });

  it('reads kube-proxy off the node-args list as k3s writes it', () => {
    const node = (args: unknown) => ({ metadata: { annotations: { 'k3s.io/node-args': JSON.stringify(args) } } });
    expect(kubeProxyDisabled(node(['server', '--disable-kube-proxy', 'true']))).toBe(true);
    expect(kubeProxyDisabled(node(['server', '--disable-kube-proxy']))).toBe(true);
    expect(kubeProxyDisabled(node(['server', '--disable-kube-proxy', 'false']))).toBe(false);
    expect(kubeProxyDisabled(node(['server']))).toBe(false);
    expect(kubeProxyDisabled({ metadata: {} })).toBe('no k3s.io/node-args annotation');
    expect(kubeProxyDisabled({ metadata: { annotations: { 'k3s.io/node-args': 'server' } } })).toBe('k3s.io/node-args is not a JSON list');
  });

  it('fails when the deployed values digest differs from the tree\'s values', () => {
    const lines = runDev(ciliumCheck, (objects) => (find(objects, 'HelmRelease', 'cilium').status.history[0].configDigest = 'sha256:1c0e5b9d3a7f2e6c4b8a0d9f1e3c5a7b9d2f4e6a8c0b1d3f5e7a9c2b4d6f8e0a'));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'cilium.values', expected: expect.stringContaining('sha256:b3612aeb'), fix: expect.stringContaining('flux reconcile helmrelease -n kube-system cilium --force') })]);
  });

  it('fails when the latest release is not deployed', () => {
    const lines = runDev(ciliumCheck, (objects) => (find(objects, 'HelmRelease', 'cilium').status.history[0].status = 'failed'));
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'cilium.values', live: expect.stringContaining('release v3 failed') })]);
  });

  it('fails when helm-controller has no release in its history (Cilium installed by the runbook, not adopted)', () => {
    const lines = runDev(ciliumCheck, (objects) => delete find(objects, 'HelmRelease', 'cilium').status.history);
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'cilium.values', live: expect.stringContaining('no release in status.history') })]);
  });

  it("cannot tell the values from a HelmRelease the tree suspends (a workload cluster's before the handover), and says whose release it is", () => {
    const env = devEnv();
    const suspended = { ...tree(), objects: tree().objects.map((o) => (o.doc.kind === 'HelmRelease' && o.doc.metadata?.name === 'cilium' ? { ...o, doc: { ...o.doc, spec: { ...o.doc.spec, suspend: true } } } : o)) };
    const lines = ciliumCheck.run({ env, tree: suspended, revision: noRevision, live: snapshotFor(ciliumCheck.reads(env), devObjects((objects) => delete find(objects, 'HelmRelease', 'cilium').status.history)) });
    expect(lines.find((l) => l.check === 'cilium.values')).toMatchObject({ outcome: 'not-checkable', live: expect.stringContaining('the tree suspends it') });
    expect(drifts(lines)).toEqual([]);
  });

  it('cannot tell the values when HelmReleases are not served', () => {
    const lines = runDev(ciliumCheck, undefined, { [kindKey(KUBE_SYSTEM_HELM_RELEASES)]: { state: 'not-served' } });
    expect(lines.find((l) => l.check === 'cilium.values')).toMatchObject({ outcome: 'not-checkable', live: 'the API server does not serve helmreleases.helm.toolkit.fluxcd.io/v2' });
  });

  it('reads and reports nothing where the environment has no Cilium', () => {
    const env = resolve(mgmt);
    expect(ciliumCheck.reads(env)).toEqual([]);
    expect(ciliumCheck.run({ env, tree: tree(), revision: noRevision, live: snapshotFor([], []) })).toEqual([]);
  });
});
