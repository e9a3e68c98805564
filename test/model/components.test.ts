import { describe, expect, it } from 'vitest';
import { mgmt } from '../fixtures/fleet/mgmt';
import { layerHealthChecks } from '../../src/model/components';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolve } from '../../src/model/resolve';
import { modify, threeServers } from '../fixtures/environments';

const crd = (name: string) => ({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name });

describe('layer health checks', () => {
  // The operator layer's checks are sorted by provider kind.
  it('gate the cert-manager layer on its CRDs and webhook, and the operator layer on the provider CRDs', () => {
    expect(Object.fromEntries(layerHealthChecks(resolve(mgmt as EnvironmentSpec)))).toEqual({
      'cert-manager': [
        crd('certificates.cert-manager.io'),
        crd('issuers.cert-manager.io'),
        { apiVersion: 'apps/v1', kind: 'Deployment', name: 'cert-manager-webhook', namespace: 'cert-manager' },
      ],
      'capi-operator': [
        crd('bootstrapproviders.operator.cluster.x-k8s.io'),
        crd('controlplaneproviders.operator.cluster.x-k8s.io'),
        crd('coreproviders.operator.cluster.x-k8s.io'),
        crd('ipamproviders.operator.cluster.x-k8s.io'),
        crd('infrastructureproviders.operator.cluster.x-k8s.io'),
      ],
    });
  });

  it('do not depend on the order the providers are declared in', () => {
    const reversed = modify(mgmt as EnvironmentSpec, (e: any) => { e.clusterApi.providers.reverse(); });
    expect(layerHealthChecks(resolve(reversed))).toEqual(layerHealthChecks(resolve(mgmt as EnvironmentSpec)));
  });

  it('are none without Cluster API', () => {
    expect(layerHealthChecks(resolve(threeServers)).size).toBe(0);
  });
});
