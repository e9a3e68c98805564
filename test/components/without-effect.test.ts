import { describe, expect, it } from 'vitest';
import { check } from '../../src/check/run';
import { mgmt } from '../fixtures/fleet/mgmt';
import { fiveServersTwoPlanned, modify, singleServer, threeServers } from '../fixtures/environments';
import { codes, expectOnly } from '../fixtures/expect';
import type { EnvironmentSpec } from '../../src/model/environment';

const withoutEffect = (spec: EnvironmentSpec) => check(spec).filter((v) => v.code === 'setting.without-effect');

describe('settings without effect (setting.without-effect)', () => {
  it('passes the clean fixtures', () => {
    for (const spec of [threeServers, singleServer, fiveServersTwoPlanned]) expect(withoutEffect(spec)).toEqual([]);
  });

  it('warns on an ingressVip with no Gateway to announce it, naming what is missing', () => {
    const [v] = expectOnly(modify(singleServer, (e) => { e.ingressVip = '10.30.0.30'; }), 'setting.without-effect');
    expect(v).toEqual({
      code: 'setting.without-effect',
      severity: 'warning',
      path: 'single.ingressVip',
      value: '10.30.0.30',
      message: 'the ingress Gateway needs cilium, ingressVip and controlPlane.vipInterface, and cilium and controlPlane.vipInterface are not set: nothing announces 10.30.0.30',
      fix: 'set cilium and controlPlane.vipInterface for an ingress Gateway, or remove ingressVip',
      action: { unset: 'ingressVip' },
    });
  });

  it('warns on an ingressVip where only Cilium is missing', () => {
    const [v] = withoutEffect(modify(threeServers, (e) => { delete e.cilium; }));
    expect(v).toMatchObject({ path: 'fixture.ingressVip', message: 'the ingress Gateway needs cilium, ingressVip and controlPlane.vipInterface, and cilium is not set: nothing announces 10.20.0.30', fix: 'set cilium for an ingress Gateway, or remove ingressVip' });
  });

  it('warns on a vipInterface with neither a VIP nor a Gateway', () => {
    const [v] = expectOnly(modify(singleServer, (e) => { e.controlPlane = { vipInterface: 'eth0' }; }), 'setting.without-effect');
    expect(v).toMatchObject({
      path: 'single.controlPlane.vipInterface',
      value: 'eth0',
      message: 'kube-vip runs only with controlPlane.vip, and the ingress Gateway only with cilium and ingressVip; controlPlane.vip, cilium and ingressVip are not set, so nothing announces an address on eth0',
      fix: 'set controlPlane.vip (or cilium and ingressVip), or remove controlPlane.vipInterface',
    });
  });

  it('passes a vipInterface that only the Gateway uses (no VIP)', () => {
    const spec = modify(singleServer, (e) => {
      e.controlPlane = { vipInterface: 'eth0' };
      e.ingressVip = '10.30.0.30';
      e.cilium = {};
      e.flux.layers = [{ name: 'gateway-api' }, { name: 'platform', dependsOn: ['gateway-api'] }, { name: 'network', dependsOn: ['platform'] }];
    });
    expect(withoutEffect(spec)).toEqual([]);
  });

  it("warns on a node's vm settings on bare metal, pointing memory to bare metal's own field", () => {
    const violations = expectOnly(modify(fiveServersTwoPlanned, (e) => { e.nodes[3]!.vm = { memoryMiB: 8192 }; e.nodes[0]!.vm = { vcpus: 4 }; }), 'setting.without-effect');
    expect(violations.map((v) => [v.path, v.value, v.fix])).toEqual([
      ['five.nodes[0].vm', '{"vcpus":4}', 'remove vm from five-1'],
      ['five.nodes[3].vm', '{"memoryMiB":8192}', "remove vm from five-4 (the servers' RAM is infrastructure.memoryMiB on bare metal)"],
    ]);
    expect(violations[0]!.message).toBe("infrastructure.kind is bare-metal: no VM is made, so nothing reads five-1's vm settings");
  });

  it('warns on a Proxmox VM id on libvirt', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.nodes[1]!.vm = { image: '20260926', vmId: 101 }; }), 'setting.without-effect');
    expect(v).toMatchObject({ path: 'fixture.nodes[1].vm.vmId', value: '101', message: "infrastructure.kind is libvirt, which names fx-2's domain by the node's name: a Proxmox VM id does nothing here", fix: 'remove vmId from fx-2' });
  });

  it("warns on a MAC of an adopted Proxmox VM, which keeps its own", () => {
    const spec = modify(singleServer, (e: any) => {
      e.nodes[0].vm = { vmId: 150, mac: '52:54:00:aa:bb:cc' };
      e.infrastructure.adopt = { vms: { solo: { mac: 'BC:24:11:00:00:01' } } };
    });
    const [v] = withoutEffect(spec);
    expect(v).toMatchObject({ path: 'single.nodes[0].vm.mac', value: '52:54:00:aa:bb:cc', message: 'solo is adopted and keeps the MAC it runs with, infrastructure.adopt.vms.solo.mac (BC:24:11:00:00:01): this one is not used', fix: 'remove mac from solo' });
    expect(withoutEffect(modify(spec, (e: any) => { delete e.nodes[0].vm.mac; }))).toEqual([]);
  });

  it('warns on protectData where no VM has a data disk, and not where a planned node has one', () => {
    const spec = modify(threeServers, (e: any) => { delete e.infrastructure.vm.dataDiskGiB; e.infrastructure.protectData = true; });
    const [v] = expectOnly(spec, 'setting.without-effect');
    expect(v).toMatchObject({ path: 'fixture.infrastructure.protectData', value: 'true', message: 'protectData guards data disks, and no VM has one (infrastructure.vm.dataDiskGiB is unset, and no node sets its own)', fix: 'remove protectData' });
    expect(withoutEffect(modify(spec, (e) => { e.nodes.push({ name: 'fx-4', ip: '10.20.0.14', state: 'planned', vm: { dataDiskGiB: 20 } }); }))).toEqual([]);
    expect(withoutEffect(modify(spec, (e) => { e.nodes[2]!.vm = { image: '20260926', dataDiskGiB: 20 }; }))).toEqual([]);
  });

  it('warns on tls.layer where Cluster API installs cert-manager', () => {
    const spec = modify(threeServers, (e: any) => {
      e.clusterApi = mgmt.clusterApi;
      e.flux.layers.push({ name: 'cert-manager', wait: false }, { name: 'capi-operator', dependsOn: ['cert-manager'], wait: false }, { name: 'capi-providers', dependsOn: ['capi-operator'] });
      e.tls = { layer: 'platform' };
    });
    const [v] = withoutEffect(spec);
    expect(v).toMatchObject({ path: 'fixture.tls.layer', value: 'platform', message: 'with clusterApi set, cert-manager is installed in clusterApi.layers.certManager (cert-manager), so tls.layer places nothing', fix: 'remove tls.layer (set clusterApi.layers.certManager to move cert-manager)' });
    expect(withoutEffect(modify(spec, (e: any) => { delete e.tls.layer; }))).toEqual([]);
  });

  it('warns on a pin of a component that is off, and not on one that runs', () => {
    const [v] = expectOnly(modify(threeServers, (e: any) => { e.versions = { charts: { longhorn: { version: '1.12.0' }, cilium: { version: '1.20.1' } } }; }), 'setting.without-effect');
    expect(v).toEqual({
      code: 'setting.without-effect',
      severity: 'warning',
      path: 'fixture.versions.charts.longhorn.version',
      value: '1.12.0',
      message: 'only longhorn uses this pin, and it is off in fixture: the override pins nothing',
      fix: 'remove versions.charts.longhorn.version, or switch on longhorn',
      action: { unset: 'versions.charts.longhorn.version' },
    });
  });

  it("warns on the Gateway API pin without Cilium, whose component's pins are by prefix", () => {
    const [v] = withoutEffect(modify(singleServer, (e: any) => { e.versions = { gatewayApi: { version: 'v1.5.0' } }; }));
    expect(v).toMatchObject({ path: 'single.versions.gatewayApi.version', value: 'v1.5.0', message: 'only gateway-api uses this pin, and it is off in single: the override pins nothing' });
  });
});

describe('pins and layers nothing reads (setting.without-effect)', () => {
  it('warns on a Cluster API provider pin without Cluster API, matched by the entry\'s pin prefix', () => {
    const [v] = expectOnly(modify(threeServers, (e: any) => { e.versions = { capiProviders: { clusterApi: { version: 'v1.12.10' } } }; }), 'setting.without-effect');
    expect(v).toMatchObject({ path: 'fixture.versions.capiProviders.clusterApi.version', value: 'v1.12.10', message: 'only cluster-api uses this pin, and it is off in fixture: the override pins nothing', fix: 'remove versions.capiProviders.clusterApi.version, or switch on cluster-api' });
  });

  it("warns on kube-vip's image without a VIP, and not with one", () => {
    const [v] = expectOnly(modify(singleServer, (e: any) => { e.versions = { images: { kubeVip: { tag: 'v1.0.0' } } }; }), 'setting.without-effect');
    expect(v).toMatchObject({ path: 'single.versions.images.kubeVip.tag', value: 'v1.0.0', message: 'kube-vip runs only with controlPlane.vip, which is not set: the override pins nothing', fix: 'remove versions.images.kubeVip.tag' });
    expect(withoutEffect(modify(threeServers, (e: any) => { e.versions = { images: { kubeVip: { tag: 'v1.0.0' } } }; }))).toEqual([]);
  });

  it('warns on a cloud image on bare metal, once per overridden key', () => {
    const spec = modify(fiveServersTwoPlanned, (e: any) => { e.versions = { cloudImage: { serial: '20261001', sha256: 'a'.repeat(64) } }; });
    const violations = withoutEffect(spec);
    expect(violations.map((v) => [v.path, v.value])).toEqual([['five.versions.cloudImage.serial', '20261001'], ['five.versions.cloudImage.sha256', 'a'.repeat(64)]]);
    expect(violations[0]!.message).toBe('the cloud image is what the VMs boot from, and infrastructure.kind is bare-metal (no VM is made): the override pins nothing');
  });

  it("warns on Cilium's custom-resource layer where nothing goes into it", () => {
    const spec = modify(fiveServersTwoPlanned, (e: any) => { e.cilium.layers.network = 'platform'; });
    const [v] = expectOnly(spec, 'setting.without-effect');
    expect(v).toMatchObject({ path: 'five.cilium.layers.network', value: 'platform', message: 'only the ingress Gateway, its certificate and the default-deny baseline go into this layer, and five has none of them (the Gateway needs ingressVip too; defaultDeny is not set)', fix: 'remove cilium.layers.network' });
    expect(withoutEffect(modify(spec, (e) => { e.defaultDeny = {}; }))).toEqual([]);
  });
});

describe('a default-deny baseline without Cilium (default-deny.without-cilium)', () => {
  it('fails, naming the flannel the environment runs and the fix', () => {
    const [v] = expectOnly(modify(singleServer, (e) => { e.defaultDeny = { exempt: ['apps'] }; }), 'default-deny.without-cilium');
    expect(v).toMatchObject({ path: 'single.defaultDeny', value: '{"exempt":["apps"]}', message: "the baseline is written as Cilium network policies and single runs k3s's flannel (no cilium section): no namespace would get a default-deny policy", fix: 'set cilium: {} to run Cilium as the CNI, or remove defaultDeny' });
  });
});

describe("suspended layers the CNI depends on (flux.cni-suspended)", () => {
  it('fails on the CNI layer, naming the layers held back', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.flux.layers[0]!.suspend = true; }), 'flux.cni-suspended');
    expect(v).toMatchObject({
      path: 'fixture.flux.layers[0].suspend',
      value: 'true',
      message: "layer platform holds cilium, the cluster's CNI: suspended, Flux never applies it, so cilium stays as the bootstrap installed it (no upgrade, no drift corrected), and on a new cluster platform never reports ready, so the layers depending on it (apps, network) are never applied",
      fix: 'remove suspend: true from layer platform; to hold back a layer, suspend one that comes after platform',
    });
  });

  it('fails on a layer the CNI layer depends on through another, naming what it holds', () => {
    const spec = modify(fiveServersTwoPlanned, (e) => { e.flux.layers.push({ name: 'base' }); e.flux.layers[3]!.dependsOn = ['base']; e.flux.layers[4]!.suspend = true; });
    const [v] = expectOnly(spec, 'flux.cni-suspended');
    expect(v).toMatchObject({ path: 'five.flux.layers[4].suspend', message: "layer base is suspended, and layer infra, which holds cilium, the cluster's CNI, depends on it: on a new cluster Flux never applies base, so it never reports ready and infra is never applied" });
  });

  it('passes a suspended layer after the CNI, and a suspended layer where there is no Cilium', () => {
    expect(codes(fiveServersTwoPlanned)).toEqual([]);
    expect(codes(modify(singleServer, (e) => { e.flux.layers[0]!.suspend = true; }))).toEqual([]);
  });

  it('says nothing of dependents where no layer depends on the CNI layer', () => {
    const spec = modify(singleServer, (e) => {
      e.cilium = {};
      e.flux.layers = [{ name: 'gateway-api' }, { name: 'platform', dependsOn: ['gateway-api'], suspend: true }, { name: 'network' }];
    });
    const [v] = check(spec).filter((x) => x.code === 'flux.cni-suspended');
    expect(v!.message).toBe("layer platform holds cilium, the cluster's CNI: suspended, Flux never applies it, so cilium stays as the bootstrap installed it (no upgrade, no drift corrected)");
  });
});
