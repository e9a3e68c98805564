import { describe, expect, it } from 'vitest';
import { fluxOperatorRelease } from '../../src/k8s/flux-instance';
import { mgmt } from '../fixtures/fleet/mgmt';
import { COMPONENTS, enabledComponents, layerHealthChecks } from '../../src/components/table';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolve } from '../../src/model/resolve';
import { cataloguePins } from '../../src/model/invariants/catalogue';
import * as versions from '../../src/versions';
import { modify, threeServers } from '../fixtures/environments';

const crd = (name: string) => ({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name });
const checks = (spec: EnvironmentSpec) => layerHealthChecks(enabledComponents(resolve(spec)));

describe('layer health checks', () => {
  // The operator layer's checks are sorted by provider kind.
  it('gate the cert-manager layer on its CRDs and webhook, and the operator layer on the provider CRDs', () => {
    expect(Object.fromEntries(checks(mgmt as EnvironmentSpec))).toEqual({
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
        { apiVersion: 'apps/v1', kind: 'Deployment', name: 'cluster-api-operator', namespace: 'capi-operator-system' },
      ],
    });
  });

  it('do not depend on the order the providers are declared in', () => {
    const reversed = modify(mgmt as EnvironmentSpec, (e: any) => { e.clusterApi.providers.reverse(); });
    expect(checks(reversed)).toEqual(checks(mgmt as EnvironmentSpec));
  });

  it("gate on the operator's Deployment under the name the chart gives it", () => {
    const named = modify(mgmt as EnvironmentSpec, (e: any) => { e.clusterApi.operatorValues = { fullnameOverride: 'capi' }; });
    expect(checks(named).get('capi-operator')!.at(-1)).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'capi', namespace: 'capi-operator-system' });
  });

  it('are none without Cluster API', () => {
    expect(checks(threeServers).size).toBe(0);
  });
});

describe('the component table', () => {
  it('has unique names', () => {
    const names = COMPONENTS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  // A pin an entry names must exist, and every chart pin must belong to an entry (no orphan to bump),
  // but flux-operator's: Flux itself is in every tree, below the table (src/k8s/flux-instance.ts).
  it('names only pins src/versions.ts has, and every chart pin but Flux\'s own has its entry', () => {
    const keys = cataloguePins(versions).map((p) => p.key);
    for (const entry of COMPONENTS) {
      for (const key of entry.versions) expect(keys.some((k) => k === key || k.startsWith(`${key}.`)), `${entry.name}: ${key}`).toBe(true);
    }
    for (const chart of Object.keys(versions.charts).filter((c) => c !== 'fluxOperator')) expect(COMPONENTS.some((e) => e.versions.includes(`charts.${chart}`)), chart).toBe(true);
    expect(fluxOperatorRelease(versions).version).toBe(versions.charts.fluxOperator.version);
  });

  it('switches components on from the spec: Cilium with spec.cilium, TLS with its Gateway, the Cluster API three with spec.clusterApi', () => {
    expect(enabledComponents(resolve(threeServers)).map((c) => [c.entry.name, c.placement.layer])).toEqual([
      ['gateway-api', 'gateway-api'],
      ['cilium', 'platform'],
      ['ingress-gateway', 'network'],
      ['cert-manager', 'platform'],
      ['tls', 'network'],
    ]);
    expect(enabledComponents(resolve(mgmt as EnvironmentSpec)).map((c) => [c.entry.name, c.placement.layer])).toEqual([
      ['cert-manager', 'cert-manager'],
      ['cluster-api-operator', 'capi-operator'],
      ['cluster-api', 'capi-providers'],
    ]);
    expect(enabledComponents(resolve(modify(threeServers, (e) => { delete (e as any).cilium; })))).toEqual([]);
  });
});
