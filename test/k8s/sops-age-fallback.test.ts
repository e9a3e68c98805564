import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fluxInstanceProps } from '../../src/k8s/flux-instance';
import { FluxInstanceSpecClusterSize } from '../../src/imports/flux-instance-fluxcd.controlplane.io';
import { resolve } from '../../src/model/resolve';
import { parseYamlDocuments } from '../../src/tree/yaml';
import { checkSchemas } from '../../src/validate/schema-check';
import { SchemaStore } from '../../src/validate/schemas';
import { SOPS_AGE_FALLBACK } from '../../src/workload/handover';
import { mgmt } from '../fixtures/fleet/mgmt';
import { rendered } from '../fixtures/render';

const SCHEMAS = new SchemaStore(path.resolve(import.meta.dirname, '../../schemas/json'));

describe("a management environment's SOPS fallback", () => {
  const env = resolve(mgmt);
  const props = fluxInstanceProps(env, FluxInstanceSpecClusterSize.SMALL, [SOPS_AGE_FALLBACK]);

  it("adds --sops-age-secret=sops-age to kustomize-controller's arguments, as flux-operator patches its own flags", () => {
    expect(props.spec?.kustomize?.patches).toEqual([SOPS_AGE_FALLBACK]);
    expect(SOPS_AGE_FALLBACK.target).toEqual({ kind: 'Deployment', name: 'kustomize-controller' });
    expect(parseYamlDocuments(SOPS_AGE_FALLBACK.patch)[0]).toEqual([{ op: 'add', path: '/spec/template/spec/containers/0/args/-', value: '--sops-age-secret=sops-age' }]);
  });

  it('validates against the FluxInstance schema', () => {
    const doc = { apiVersion: 'fluxcd.controlplane.io/v1', kind: 'FluxInstance', ...props };
    expect(checkSchemas([{ env: 'mgmt', file: 'flux-instance.yaml', doc }], SCHEMAS).findings).toEqual([]);
  });

  it('is written nowhere unless asked: the trees of today are unchanged', () => {
    expect(fluxInstanceProps(env, FluxInstanceSpecClusterSize.SMALL).spec?.kustomize).toBeUndefined();
    expect(rendered(mgmt).doc('kubernetes/flux-system/fluxinstance.flux-system.flux.yaml').spec).not.toHaveProperty('kustomize');
  });
});
