import { describe, expect, it } from 'vitest';
import { workloadHandoverRules } from '../../src/check/workload-handover-rules';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolve } from '../../src/model/resolve';
import { runRules } from '../../src/model/violation';
import { toYaml } from '../../src/tree/yaml';
import { modifyWorkload } from '../fixtures/environments';
import { managementBase, workloadBase } from '../fixtures/workload-rules';

const mgmtOf = (lab: EnvironmentSpec) => resolve(managementBase, [managementBase, lab]);
const handedOver = (value: boolean) => modifyWorkload(workloadBase, (e: any) => { e.infrastructure.handedOver = value; });
const FILE = 'kubernetes/capi-clusters/lab1/handover/kustomization.default.lab1-gateway-api.yaml';
/** mgmt's tree holding lab1's remote Gateway API Kustomization, suspended or not. */
const treeWith = (suspend: boolean) => new Map([[FILE, toYaml({ apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', metadata: { name: 'lab1-gateway-api', namespace: 'default' }, spec: suspend ? { suspend: true } : {} })]]);
const findings = (spec: EnvironmentSpec, previous?: Map<string, string>) => runRules(workloadHandoverRules, { env: mgmtOf(spec), files: new Map(), previous });

describe('workload.handover-undone', () => {
  it('fails when the committed tree has the handover suspended and the spec no longer hands over', () => {
    expect(findings(handedOver(false), treeWith(true))).toEqual([expect.objectContaining({
      code: 'workload.handover-undone',
      path: 'lab1.infrastructure.handedOver',
      value: 'false',
      message: expect.stringContaining(`Kustomization default/lab1-gateway-api in ${FILE} is suspended`),
      fix: 'set lab1.infrastructure.handedOver back to true: the handover is one-way',
    })]);
  });

  it('passes while handed over, before any handover, and on a first render', () => {
    expect(findings(handedOver(true), treeWith(true))).toEqual([]);
    expect(findings(handedOver(false), treeWith(false))).toEqual([]);
    expect(findings(handedOver(false))).toEqual([]);
  });
});

describe('workload.release-two-owners', () => {
  const release = (name: string, namespace: string, spec: Record<string, unknown>) => toYaml({ apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease', metadata: { name, namespace }, spec });
  const CILIUM = 'kubernetes/platform/cilium/helmrelease.kube-system.cilium.yaml';
  const REMOTE = 'kubernetes/capi-clusters/lab1/releases/helmrelease.default.lab1-cilium.yaml';
  const remoteSpec = (suspend: boolean) => ({ releaseName: 'cilium', targetNamespace: 'kube-system', storageNamespace: 'kube-system', kubeConfig: { secretRef: { name: 'lab1-kubeconfig' } }, ...(suspend ? { suspend: true } : {}) });
  const labOf = (lab: EnvironmentSpec) => resolve(lab, [managementBase, lab]);
  const check = (env: ReturnType<typeof resolve>, files: Map<string, string>) => runRules(workloadHandoverRules, { env, files }).filter((v) => v.code === 'workload.release-two-owners');

  it("fails when the workload's own HelmRelease of Cilium is active before the handover, naming mgmt's", () => {
    const [v, ...rest] = check(labOf(handedOver(false)), new Map([[CILIUM, release('cilium', 'kube-system', { releaseName: 'cilium' })]]));
    expect(rest).toEqual([]);
    expect(v).toMatchObject({
      path: `clusters/lab1/${CILIUM}`,
      value: 'HelmRelease kube-system/cilium',
      message: "lab1 is not handed over yet: mgmt's HelmRelease default/lab1-cilium releases kube-system/cilium on lab1, and this one is active on the same release: each finds the other's revision not its own (internal/reconcile/state.go: ErrReleaseNotObserved, Unmanaged) and upgrades the release again at its interval",
      fix: 'keep it suspended until lab1.infrastructure.handedOver is true (npm run synth writes it so)',
    });
  });

  it('finds the release by the name helm-controller gives it (no releaseName: <targetNamespace>-<name>, else its name) and its storage namespace', () => {
    const lab = labOf(handedOver(false));
    expect(check(lab, new Map([[CILIUM, release('cilium', 'kube-system', {})]]))).toHaveLength(1);
    expect(check(lab, new Map([[CILIUM, release('cilium', 'apps', { targetNamespace: 'kube-system', storageNamespace: 'kube-system' })]]))).toHaveLength(0);
    expect(check(lab, new Map([[CILIUM, release('cilium', 'apps', { releaseName: 'cilium', storageNamespace: 'kube-system' })]]))).toHaveLength(1);
    expect(check(lab, new Map([[CILIUM, release('cilium', 'kube-system', { releaseName: 'cilium', suspend: true })]]))).toEqual([]);
  });

  it('passes the workload\'s own active HelmReleases once handed over', () => {
    expect(check(labOf(handedOver(true)), new Map([[CILIUM, release('cilium', 'kube-system', { releaseName: 'cilium' })]]))).toEqual([]);
  });

  it("fails when mgmt's remote HelmRelease is active after the handover, and passes it before or suspended", () => {
    const [v] = check(mgmtOf(handedOver(true)), new Map([[REMOTE, release('lab1-cilium', 'default', remoteSpec(false))]]));
    expect(v).toMatchObject({
      path: `clusters/mgmt/${REMOTE}`,
      value: 'HelmRelease default/lab1-cilium',
      message: expect.stringContaining('lab1 is handed over (lab1.infrastructure.handedOver): its own HelmRelease of kube-system/cilium releases it there'),
      fix: 'suspend it, as npm run synth writes every handover HelmRelease of lab1 once it is handed over',
    });
    expect(check(mgmtOf(handedOver(true)), new Map([[REMOTE, release('lab1-cilium', 'default', remoteSpec(true))]]))).toEqual([]);
    expect(check(mgmtOf(handedOver(false)), new Map([[REMOTE, release('lab1-cilium', 'default', remoteSpec(false))]]))).toEqual([]);
  });
});
