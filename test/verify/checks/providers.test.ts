import { describe, expect, it } from 'vitest';
import { HELM_CHARTS, PROVIDER_KINDS, providersCheck } from '../../../src/verify/checks/providers';
import type { VerifyLine } from '../../../src/verify/types';
import { fixtureEnvironment, recordedInput } from '../recorded';

const KINDS = [...PROVIDER_KINDS, HELM_CHARTS];
const run = (edit?: Parameters<typeof recordedInput>[2]) => providersCheck.run(recordedInput('mgmt', KINDS, edit));
const drifts = (lines: readonly VerifyLine[]) => lines.filter((l) => l.outcome === 'drift');

describe('providersCheck', () => {
  it('reads the five Provider kinds and kube-system HelmCharts on mgmt, nothing on dev', () => {
    expect(providersCheck.reads(fixtureEnvironment('mgmt').env).map((k) => `${k.group}/${k.version}/${k.resource}${k.namespace ? ` in ${k.namespace}` : ''}`)).toEqual([
      'operator.cluster.x-k8s.io/v1alpha2/coreproviders',
      'operator.cluster.x-k8s.io/v1alpha2/bootstrapproviders',
      'operator.cluster.x-k8s.io/v1alpha2/controlplaneproviders',
      'operator.cluster.x-k8s.io/v1alpha2/infrastructureproviders',
      'operator.cluster.x-k8s.io/v1alpha2/ipamproviders',
      'helm.cattle.io/v1/helmcharts in kube-system',
    ]);
    expect(providersCheck.reads(fixtureEnvironment('dev').env)).toEqual([]);
  });

  it('passes on the recorded mgmt cluster', () => {
    const lines = run();
    expect(drifts(lines)).toEqual([]);
    expect(lines.map((l) => `${l.outcome} ${l.subject}`)).toEqual([
      'pass CoreProvider capi-system/cluster-api',
      'pass BootstrapProvider capi-kubeadm-bootstrap-system/kubeadm',
      'pass ControlPlaneProvider capi-kubeadm-control-plane-system/kubeadm',
      'pass InfrastructureProvider capmox-system/proxmox',
      'pass IPAMProvider capi-ipam-in-cluster-system/in-cluster',
      'pass HelmChart kube-system/cert-manager',
      'pass HelmChart kube-system/cluster-api-operator',
    ]);
  });

  it('fails when a Provider runs an older version', () => {
    const lines = run((r, items) => {
      if (r === 'infrastructureproviders') items[0]!.status.installedVersion = 'v0.8.0';
      return items;
    });
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'providers.provider', subject: 'InfrastructureProvider capmox-system/proxmox', expected: 'Ready at v0.9.1', live: 'Ready, installed v0.8.0' })]);
  });

  it('fails when a Provider is not Ready', () => {
    const lines = run((r, items) => {
      if (r === 'coreproviders') items[0]!.status.conditions[0] = { type: 'Ready', status: 'False', reason: 'NoDeploymentAvailableConditionReason' };
      return items;
    });
    expect(drifts(lines)).toEqual([expect.objectContaining({ subject: 'CoreProvider capi-system/cluster-api', live: expect.stringContaining('Ready False (NoDeploymentAvailableConditionReason)') })]);
  });

  it('fails when a k3s HelmChart is at another chart version', () => {
    const lines = run((r, items) => {
      if (r === 'helmcharts') items.find((c) => c.metadata.name === 'cert-manager')!.spec.version = 'v1.20.0';
      return items;
    });
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'providers.helmchart', subject: 'HelmChart kube-system/cert-manager', expected: 'chart cert-manager v1.21.2, not failed', live: expect.stringContaining('v1.20.0') })]);
  });

  it("fails when a k3s HelmChart's install Job failed", () => {
    const lines = run((r, items) => {
      if (r === 'helmcharts') items[0]!.status.conditions[1] = { type: 'Failed', status: 'True', reason: 'Failed', message: 'Helm install failed' };
      return items;
    });
    expect(drifts(lines)).toEqual([expect.objectContaining({ check: 'providers.helmchart', fix: expect.stringContaining('logs job/helm-install-') })]);
  });

  it('fails when a Provider of the tree is absent', () => {
    const lines = run((r, items) => (r === 'ipamproviders' ? [] : items));
    expect(drifts(lines)).toEqual([expect.objectContaining({ subject: 'IPAMProvider capi-ipam-in-cluster-system/in-cluster', live: 'absent', fix: 'flux reconcile kustomization capi-providers -n flux-system --with-source' })]);
  });

  it('says the Provider kinds are not checkable before the operator serves them', () => {
    const lines = run((r, items) => (r.endsWith('providers') ? { state: 'not-served' } : items));
    expect(lines.filter((l) => l.outcome === 'not-checkable')).toHaveLength(5);
    expect(drifts(lines)).toEqual([]);
  });
});
