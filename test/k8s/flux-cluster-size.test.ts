import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import { threeServers } from '../fixtures/environments';
import { rendered } from '../fixtures/render';
import { fluxClusterSize } from '../../src/k8s/flux-cluster-size';
import { checkSchemas } from '../../src/validate/schema-check';
import { SchemaStore } from '../../src/validate/schemas';

const SCHEMAS = new SchemaStore(path.resolve(import.meta.dirname, '../../schemas/json'));
const INSTANCE = 'kubernetes/flux-system/fluxinstance.flux-system.flux.yaml';
const releaseCount = (tree: ReturnType<typeof rendered>) => [...tree.files.keys()].filter((f) => /\/helmrelease\.[^/]+\.yaml$/.test(f)).length;

describe('the FluxInstance size', () => {
  it('is small up to the five releases small reconciles at once, medium above', () => {
    expect([1, 5, 6, 10, 11, 400].map(fluxClusterSize)).toEqual(['small', 'small', 'medium', 'medium', 'medium', 'medium']);
  });

  it.each([
    ['mgmt, whose charts k3s installs: only the operator is a HelmRelease', mgmt, 'small'],
    ['a cluster with only Cilium and the operator', threeServers, 'small'],
    ['dev, with Longhorn, Kyverno and monitoring', dev, 'medium'],
  ])('follows the releases of %s', (_what, spec, size) => {
    const tree = rendered(spec);
    expect(fluxClusterSize(releaseCount(tree))).toBe(size);
    expect(tree.doc(INSTANCE).spec.cluster.size).toBe(size);
  });

  it('is the same in the FluxInstance the runbook applies and the one Flux keeps applied', () => {
    for (const spec of [mgmt, dev]) {
      const tree = rendered(spec);
      expect(tree.doc('bootstrap/flux-instance.yaml')).toEqual(tree.doc(INSTANCE));
    }
  });

  it('validates against the vendored FluxInstance schema', () => {
    for (const spec of [mgmt, dev]) {
      const doc = rendered(spec).doc(INSTANCE);
      expect(checkSchemas([{ env: 'test', file: INSTANCE, doc }], SCHEMAS)).toEqual({ findings: [], validated: 1 });
    }
  });
});
