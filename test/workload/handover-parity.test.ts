import { describe, expect, it } from 'vitest';
import { canonical, stringifyCanonical } from '../../src/tree/yaml';
import { FOLDER, WORKLOAD_CILIUM, WORKLOAD_INSTANCE, WORKLOAD_OPERATOR, handoverKeys, handoverProps, renderHandover, workloadTree } from '../fixtures/workload-handover';

// The workload tree's own HelmReleases adopt what mgmt installs only if mgmt installs the very same
// release: same chart, same values, same release name and namespaces. Each is compared with the
// workload tree as synth renders it.
describe('what mgmt installs is what the workload tree releases', async () => {
  const keys = await handoverKeys();
  const { files, doc } = renderHandover(handoverProps(keys));
  const text = (value: unknown) => stringifyCanonical(canonical(value));

  it.each([
    ['cilium', `${FOLDER}/releases/helmrelease.default.lab1-cilium.yaml`, WORKLOAD_CILIUM],
    ['flux-operator', `${FOLDER}/releases/helmrelease.default.lab1-flux-operator.yaml`, WORKLOAD_OPERATOR],
  ])('%s: the same values, byte for byte', (_name, remote, own) => {
    expect(text(doc(remote).spec.values)).toBe(text(workloadTree.doc(own).spec.values));
    expect(doc(remote).spec.values).toEqual(workloadTree.doc(own).spec.values);
  });

  it("gives Cilium the workload's endpoint: its k8sServiceHost is the tree's", () => {
    const values = doc(`${FOLDER}/releases/helmrelease.default.lab1-cilium.yaml`).spec.values;
    expect(values.k8sServiceHost).toBe(workloadTree.doc(WORKLOAD_CILIUM).spec.values.k8sServiceHost);
    expect(values.kubeProxyReplacement).toBe(true);
  });

  it.each([
    ['cilium', `${FOLDER}/releases/helmrelease.default.lab1-cilium.yaml`, WORKLOAD_CILIUM],
    ['flux-operator', `${FOLDER}/releases/helmrelease.default.lab1-flux-operator.yaml`, WORKLOAD_OPERATOR],
  ])("%s: the release the workload tree's HelmRelease manages (name, namespace, storage)", (_name, remote, own) => {
    const mine = doc(remote).spec;
    const theirs = workloadTree.doc(own);
    // helm-controller defaults both namespaces to the HelmRelease's own (api/v2 GetReleaseNamespace, GetStorageNamespace).
    expect(theirs.spec.targetNamespace).toBeUndefined();
    expect(theirs.spec.storageNamespace).toBeUndefined();
    expect(mine).toMatchObject({ releaseName: theirs.spec.releaseName, targetNamespace: theirs.metadata.namespace, storageNamespace: theirs.metadata.namespace });
  });

  it.each([
    ['cilium', `${FOLDER}/releases/helmrelease.default.lab1-cilium.yaml`, WORKLOAD_CILIUM],
    ['flux-operator', `${FOLDER}/releases/helmrelease.default.lab1-flux-operator.yaml`, WORKLOAD_OPERATOR],
  ])('%s: the same chart, timeout and strategies; Helm may create the namespace', (_name, remote, own) => {
    const { chartRef, install, upgrade, timeout, interval } = doc(remote).spec;
    const theirs = workloadTree.doc(own).spec;
    expect({ timeout, interval, upgrade }).toEqual({ timeout: theirs.timeout, interval: theirs.interval, upgrade: theirs.upgrade });
    expect(install).toEqual({ ...theirs.install, createNamespace: true });
    expect(chartRef.kind).toBe(theirs.chartRef.kind);
  });

  it.each([
    ['cilium', `${FOLDER}/releases/ocirepository.default.lab1-cilium.yaml`, 'kubernetes/platform/cilium/ocirepository.flux-system.cilium.yaml'],
    ['flux-operator', `${FOLDER}/releases/ocirepository.default.lab1-flux-operator.yaml`, 'kubernetes/flux-system/ocirepository.flux-system.flux-operator.yaml'],
  ])('%s: pulled from the same OCI artifact', (_name, remote, own) => {
    expect(doc(remote).spec).toEqual(workloadTree.doc(own).spec);
  });

  it("applies the workload tree's FluxInstance, byte for byte", () => {
    expect(files.get(`${FOLDER}/workload/fluxinstance.flux-system.flux.yaml`)).toBe(workloadTree.text(WORKLOAD_INSTANCE));
  });

  it("applies the Gateway API CRDs of the workload tree's release and folder", () => {
    const source = doc(`${FOLDER}/gitrepository.default.lab1-gateway-api.yaml`);
    expect(source.spec).toEqual(workloadTree.doc('kubernetes/gateway-api/gateway-api/gitrepository.flux-system.gateway-api.yaml').spec);
    expect(doc(`${FOLDER}/kustomization.default.lab1-gateway-api.yaml`).spec.path).toBe(workloadTree.doc('kubernetes/gateway-api/gateway-api/kustomization.flux-system.gateway-api-crds.yaml').spec.path);
  });
});
