import { describe, expect, it } from 'vitest';
import { gatewayApiCatalogueRules } from '../../src/components/gateway-api/rules';
import type { Catalogue } from '../../src/components/gateway-api/rules';
import { runRules } from '../../src/model/violation';
import * as versions from '../../src/versions';
import { codes, expectOnly, expectReport } from '../fixtures/expect';
import { modify, threeServers } from '../fixtures/environments';

/** The catalogue with the Gateway API pin or Cilium's chart version replaced (the module itself is never touched). */
function pins(gatewayApi: string, cilium: string = versions.charts.cilium.version): Catalogue {
  return { ...versions, gatewayApi: { ...versions.gatewayApi, version: gatewayApi }, charts: { ...versions.charts, cilium: { ...versions.charts.cilium, version: cilium } } } as unknown as Catalogue;
}

describe('the Gateway API pin against the Cilium pin', () => {
  it('accepts the pinned pair, and a newer Gateway API', () => {
    expect(runRules(gatewayApiCatalogueRules, versions)).toEqual([]);
    expect(runRules(gatewayApiCatalogueRules, pins('v1.7.0'))).toEqual([]);
  });

  it("refuses a Gateway API release older than the one Cilium's minor requires", () => {
    const [v] = expectReport(runRules(gatewayApiCatalogueRules, pins('v1.4.1')));
    expect(v).toMatchObject({ code: 'compat.gateway-api-cilium', path: 'versions.gatewayApi.version', value: 'v1.4.1' });
    expect(v!.message).toBe('Cilium 1.20.0 requires Gateway API v1.6.1 at least (cilium/cilium Documentation/operations/upgrade.rst (rendered at https://docs.cilium.io/en/v1.20/operations/upgrade/) at v1.20.0 (schemas/compat/cilium-gateway-api.json)); with v1.4.1 its operator finds a CRD missing and turns Gateway support off');
    expect(v!.fix).toBe('pin Gateway API v1.6.1 or later');
  });

  it('accepts exactly the required release (the boundary)', () => {
    expect(runRules(gatewayApiCatalogueRules, pins('v1.6.1'))).toEqual([]);
    expect(runRules(gatewayApiCatalogueRules, pins('v1.6.0')).map((v) => v.code)).toEqual(['compat.gateway-api-cilium']);
  });

  it('warns, never fails, on a Cilium minor the table does not know, and asks for its requirement', () => {
    const [v] = runRules(gatewayApiCatalogueRules, pins('v1.6.1', '1.21.0'));
    expect(v).toMatchObject({ code: 'compat.gateway-api-cilium-unknown', severity: 'warning', path: 'versions.charts.cilium.version', value: '1.21.0' });
    expect(v!.message).toBe('the compatibility data, cilium/cilium Documentation/operations/upgrade.rst (rendered at https://docs.cilium.io/en/v1.20/operations/upgrade/) at v1.20.0 (schemas/compat/cilium-gateway-api.json), records no Gateway API requirement for Cilium 1.21 (its newest is 1.20), so the Gateway API pin v1.6.1 is not judged against it');
    expect(v!.fix).toBe('pin a Cilium release of 1.20 or older, or bump k3s-gitops-synth to a release whose vendored data covers Cilium 1.21');
  });
});

describe('the layer order of Cilium and its neighbours', () => {
  it('passes with CRDs, then Cilium, then its custom resources', () => {
    expect(codes(threeServers)).toEqual([]);
  });

  it("refuses Cilium's custom resources in Cilium's own layer", () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.cilium = { layers: { network: 'platform' } }; }), 'component.layer-order');
    expect(v).toMatchObject({ path: 'fixture.cilium.layers.network', value: 'platform' });
    expect(v!.fix).toContain('a layer of its own');
  });

  it('refuses a Cilium layer that does not wait for the CRD layer, naming the dependency to add', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.flux.layers[0]!.dependsOn = []; }), 'component.layer-order');
    expect(v).toMatchObject({ path: 'fixture.cilium.layer', value: 'platform', fix: "add 'gateway-api' to the dependsOn of layer platform" });
  });

  it('accepts an order that holds through a layer in between', () => {
    const spec = modify(threeServers, (e) => {
      e.flux.layers.push({ name: 'crds-extra', dependsOn: ['gateway-api'] });
      e.flux.layers[0]!.dependsOn = ['crds-extra'];
    });
    expect(codes(spec)).toEqual([]);
  });

  it('has no Gateway objects without an ingress VIP, and no Gateway API CRDs without Cilium', () => {
    const noVip = modify(threeServers, (e) => { delete e.ingressVip; });
    expect(codes(noVip)).toEqual([]);
    // Without Cilium the ingress VIP announces nothing (setting.without-effect), so it goes too.
    expect(codes(modify(threeServers, (e) => { delete (e as any).cilium; delete e.ingressVip; }))).toEqual([]);
  });
});
