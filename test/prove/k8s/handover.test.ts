import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { activateWorkloadReleases, kubeconfigSecret } from '../../../prove/k8s/handover';
import { patchedArgs } from '../../../prove/k8s/scenario';
import type { TreeFile } from '../../../prove/k8s/tree-copy';

// The handover scenario's stand-ins for the programs that do not run here: Cluster API's
// kubeconfig Secret, flux-operator's patches of the controllers' arguments, and the control run's
// one rewrite that undoes the fix.

const KCP = { apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2', kind: 'KubeadmControlPlane', metadata: { name: 'lab1-control-plane', namespace: 'default', uid: 'u-1' } };

describe("Cluster API's kubeconfig Secret, as the harness writes it", () => {
  it('is <cluster>-kubeconfig in the Cluster\'s namespace, key value, type cluster.x-k8s.io/secret, labelled and owned as CAPI v1.12 writes it', () => {
    const secret = kubeconfigSecret({ name: 'lab1', namespace: 'default' }, 'apiVersion: v1\nkind: Config\n', KCP);
    expect(secret).toMatchObject({
      metadata: { name: 'lab1-kubeconfig', namespace: 'default', labels: { 'cluster.x-k8s.io/cluster-name': 'lab1' }, ownerReferences: [{ kind: 'KubeadmControlPlane', name: 'lab1-control-plane', uid: 'u-1', controller: true }] },
      type: 'cluster.x-k8s.io/secret',
    });
    expect(Buffer.from(secret.data.value, 'base64').toString()).toBe('apiVersion: v1\nkind: Config\n');
  });
});

describe("a FluxInstance's patches, as flux-operator renders them into the controllers", () => {
  it("adds each patch's argument to the controller it targets", () => {
    const instance = { spec: { kustomize: { patches: [{ target: { kind: 'Deployment', name: 'kustomize-controller' }, patch: '- op: add\n  path: /spec/template/spec/containers/0/args/-\n  value: --sops-age-secret=sops-age\n' }] } } };
    expect(patchedArgs(instance)).toEqual({ 'kustomize-controller': ['--sops-age-secret=sops-age'] });
  });

  it('adds nothing for an instance without patches, or a patch of anything but a Deployment\'s arguments', () => {
    expect(patchedArgs({ spec: {} })).toEqual({});
    expect(patchedArgs({ spec: { kustomize: { patches: [{ target: { kind: 'Deployment', name: 'helm-controller' }, patch: '- op: replace\n  path: /spec/replicas\n  value: 2\n' }] } } })).toEqual({});
  });
});

describe("the control run's rewrite", () => {
  let dir: string | undefined;
  afterEach(() => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

  it("activates the workload's own HelmRelease of a handed release in the served copy, and lists it", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'handover-test-'));
    const file = 'clusters/lab1/kubernetes/platform/cilium/helmrelease.kube-system.cilium.yaml';
    const doc = { apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease', metadata: { name: 'cilium', namespace: 'kube-system' }, spec: { suspend: true, interval: '30m' } };
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), YAML.stringify(doc));
    const trees: TreeFile[] = [{ file, docs: [doc] }];
    const rewrites = activateWorkloadReleases(dir, trees, [{ release: 'kube-system/cilium', management: 'mgmt default/lab1-cilium', workload: 'lab1 kube-system/cilium' }]);
    expect(YAML.parse(fs.readFileSync(path.join(dir, file), 'utf8')).spec).toEqual({ suspend: false, interval: '30m' });
    expect(rewrites).toMatchObject([{ address: 'HelmRelease/kube-system/cilium (lab1)', path: 'spec.suspend', from: true, to: false }]);
  });

  it('fails when the workload tree has no HelmRelease of the release', () => {
    expect(() => activateWorkloadReleases(os.tmpdir(), [], [{ release: 'kube-system/cilium', management: 'mgmt default/lab1-cilium', workload: 'lab1 kube-system/cilium' }])).toThrow("lab1's tree has no HelmRelease kube-system/cilium");
  });
});
