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
