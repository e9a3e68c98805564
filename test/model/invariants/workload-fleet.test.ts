import { describe, expect, it } from 'vitest';
import { runChecks } from '../../../src/check/run';
import { clusterApiKubernetes, newestOf } from '../../../src/model/compatibility';
import type { EnvironmentSpec } from '../../../src/model/environment';
import { checkFleet } from '../../../src/model/invariants/fleet';
import { proxmoxNodesOf } from '../../../src/model/invariants/workload-fleet';
import { resolve } from '../../../src/model/resolve';
import type { Violation } from '../../../src/model/violation';
import { modify, modifyWorkload, threeServers } from '../../fixtures/environments';
import { expectReport } from '../../fixtures/expect';
import { managementBase, workloadBase } from '../../fixtures/workload-rules';

/** The fleet's own violations (names and fleet family), each resolved beside the others. */
const fleet = (...specs: EnvironmentSpec[]): Violation[] => expectReport(checkFleet(specs.map((s) => resolve(s, specs)))) as Violation[];
const codes = (...specs: EnvironmentSpec[]) => fleet(...specs).map((v) => [v.code, v.path]);
const lab = (edit: (e: any) => void) => modifyWorkload(workloadBase, edit);
const mgmtWith = (edit: (e: any) => void) => modify(managementBase, edit);

describe('a workload cluster in its fleet', () => {
  it('passes beside the management environment that runs it', () => {
    expect(fleet(managementBase, workloadBase)).toEqual([]);
  });

  it('is silent on a fleet of k3s environments only', () => {
    expect(fleet(managementBase, threeServers)).toEqual([]);
  });

  describe('its management environment', () => {
    it('fails when the fleet has none of that name, naming those that run Cluster API', () => {
      const [v] = fleet(managementBase, lab((e) => { e.infrastructure.management = 'mgmt2'; }));
      expect(v).toMatchObject({ code: 'workload.management-unknown', path: 'lab1.infrastructure.management', value: 'mgmt2' });
      expect(v!.fix).toContain(': mgmt');
      expect(codes(workloadBase)).toEqual([['workload.management-unknown', 'lab1.infrastructure.management']]);
    });

    it('fails when it names itself', () => {
      expect(codes(managementBase, lab((e) => { e.infrastructure.management = 'lab1'; }))).toEqual([['workload.management-unknown', 'lab1.infrastructure.management']]);
    });

    it('fails when it names a workload cluster', () => {
      const lab2 = lab((e) => { e.name = 'lab2'; e.infrastructure.management = 'lab1'; e.infrastructure.addresses = { first: '192.168.4.60', last: '192.168.4.69' }; e.controlPlane.vip = '192.168.4.59'; });
      expect(codes(managementBase, workloadBase, lab2)).toEqual([['workload.management-is-workload', 'lab2.infrastructure.management']]);
    });

    it('fails when it runs no Cluster API, or lacks a provider the objects need', () => {
      const none = mgmtWith((e) => { delete e.clusterApi; });
      expect(codes(none, workloadBase)).toEqual([['workload.management-providers', 'lab1.infrastructure.management']]);
      const noIpam = mgmtWith((e) => { e.clusterApi.providers = e.clusterApi.providers.filter((p: any) => p.kind !== 'IPAMProvider'); });
      const [v] = fleet(noIpam, workloadBase);
      expect(v).toMatchObject({ code: 'workload.management-providers', message: "mgmt's Cluster API lacks IPAMProvider in-cluster: nothing there would reconcile lab1's objects of that provider" });
    });

    it("fails when the proxmox provider's configSecret lacks the controller's Proxmox credentials: CAPMOX uses no other", () => {
      const none = mgmtWith((e) => { delete e.clusterApi.providers[3].configSecret; });
      const [v] = fleet(none, workloadBase);
      expect(v).toMatchObject({
        code: 'workload.management-credentials',
        path: 'mgmt.clusterApi.providers[3].configSecret',
        value: '(none)',
        message: 'CAPMOX creates the machines of lab1 with its controller\'s Proxmox client, built from PROXMOX_URL, PROXMOX_TOKEN, PROXMOX_SECRET; without PROXMOX_URL, PROXMOX_TOKEN, PROXMOX_SECRET it has none and fails every ProxmoxCluster ("No credentials found")',
        fix: "set configSecret: { name: 'capmox-variables', keys: ['PROXMOX_URL', 'PROXMOX_TOKEN', 'PROXMOX_SECRET'] } on mgmt's proxmox InfrastructureProvider, then npm run secrets -- set mgmt capmox-system/capmox-variables --env-file - with those values",
      });
      const noSecret = mgmtWith((e) => { e.clusterApi.providers[3].configSecret.keys = ['PROXMOX_URL', 'PROXMOX_TOKEN']; });
      expect(fleet(noSecret, workloadBase).map((v) => [v.code, v.value])).toEqual([['workload.management-credentials', 'capmox-variables (keys PROXMOX_URL, PROXMOX_TOKEN)']]);
      // Without a workload cluster the provider may run without credentials (CAPMOX's docs: optional at install).
      expect(fleet(none)).toEqual([]);
    });

    it('fails when the clusters layer is missing, once per management environment', () => {
      const lab2 = lab((e) => { e.name = 'lab2'; e.infrastructure.addresses = { first: '192.168.4.60', last: '192.168.4.69' }; e.controlPlane.vip = '192.168.4.59'; });
      const noLayer = mgmtWith((e) => { e.flux.layers = e.flux.layers.filter((l: any) => l.name !== 'capi-clusters'); });
      const found = fleet(noLayer, workloadBase, lab2);
      expect(found.map((v) => [v.code, v.path])).toEqual([['workload.clusters-layer-missing', 'mgmt.clusterApi.layers.clusters']]);
      expect(found[0]!.message).toBe('layer capi-clusters holds the Cluster API objects of lab1, lab2, and flux.layers declares no such layer');
      // Without a workload cluster the layer need not exist.
      expect(fleet(noLayer)).toEqual([]);
    });

    it('fails when the clusters layer does not come after the providers layer, directly or not', () => {
      const unordered = mgmtWith((e) => { e.flux.layers.at(-1).dependsOn = ['cert-manager']; });
      expect(codes(unordered, workloadBase)).toEqual([['workload.clusters-layer-order', 'mgmt.flux.layers[3].dependsOn']]);
      const shared = mgmtWith((e) => { e.clusterApi.layers = { clusters: 'capi-providers' }; });
      expect(codes(shared, workloadBase)).toEqual([['workload.clusters-layer-order', 'mgmt.clusterApi.layers.clusters']]);
      const indirect = mgmtWith((e) => { e.flux.layers.push({ name: 'late', dependsOn: ['capi-providers'] }); e.flux.layers[3].dependsOn = ['late']; });
      expect(fleet(indirect, workloadBase)).toEqual([]);
    });

    it('warns when the clusters layer waits for its objects, set or by default, naming the layer', () => {
      const set = fleet(mgmtWith((e) => { e.flux.layers.at(-1).wait = true; }), workloadBase);
      expect(set.map((v) => [v.code, v.severity, v.path])).toEqual([['workload.clusters-layer-wait', 'warning', 'mgmt.flux.layers[3].wait']]);
      expect(set[0]!.fix).toBe('set wait: false on layer capi-clusters: nothing depends on it, and the handover steps wait for each other instead');
      const byDefault = fleet(mgmtWith((e) => { delete e.flux.layers.at(-1).wait; }), workloadBase);
      expect(byDefault.map((v) => v.code)).toEqual(['workload.clusters-layer-wait']);
      expect(byDefault[0]!.message).toContain('(wait is true unless set)');
      // wait: false, as the walkthrough writes it; and no workload cluster, no layer to judge.
      expect(fleet(managementBase, workloadBase)).toEqual([]);
      expect(fleet(mgmtWith((e) => { e.flux.layers.at(-1).wait = true; }))).toEqual([]);
    });

    it("fails when the Cluster's namespace does not exist on the management cluster", () => {
      const outcome = runChecks({ specs: [managementBase, lab((e) => { e.infrastructure.namespace = 'lab1'; })] });
      const found = outcome.violations.filter((v) => v.code === 'workload.namespace-unknown');
      expect(found.map((v) => [v.path, v.value])).toEqual([['mgmt.clusterApi.layers.clusters', 'lab1']]);
      expect(found[0]!.fix).toBe('list lab1 in layer capi-clusters\'s namespaces, or set lab1.infrastructure.namespace to default');
      const created = mgmtWith((e) => { e.flux.layers.at(-1).namespaces = ['lab1']; });
      expect(runChecks({ specs: [created, lab((e) => { e.infrastructure.namespace = 'lab1'; })] }).violations.filter((v) => v.code === 'workload.namespace-unknown')).toEqual([]);
    });
  });

  describe('placement', () => {
    it("knows the management environment's own Proxmox node by default, else what clusterApi.proxmoxNodes lists", () => {
      expect(proxmoxNodesOf(resolve(managementBase))).toEqual(['pv1-1']);
      expect(proxmoxNodesOf(resolve(mgmtWith((e) => { e.clusterApi.proxmoxNodes = ['pv1-1', 'pv1-2']; })))).toEqual(['pv1-1', 'pv1-2']);
      expect(proxmoxNodesOf(resolve(mgmtWith((e) => { e.infrastructure = { kind: 'bare-metal' }; e.nodes[0].vm = undefined; })))).toEqual([]);
    });

    it('fails when the source node or an allowed node is one the management environment does not know', () => {
      const found = fleet(managementBase, lab((e) => { e.infrastructure.proxmox.sourceNode = 'pv1-2'; e.infrastructure.proxmox.allowedNodes = ['pv1-1', 'pv1-3']; }));
      expect(found.map((v) => [v.code, v.path, v.value])).toEqual([
        ['workload.node-unknown', 'lab1.infrastructure.proxmox.sourceNode', 'pv1-2'],
        ['workload.node-unknown', 'lab1.infrastructure.proxmox.allowedNodes[1]', 'pv1-3'],
      ]);
      expect(found[0]!.message).toBe('mgmt knows the Proxmox node pv1-1, not pv1-2');
      const listed = mgmtWith((e) => { e.clusterApi.proxmoxNodes = ['pv1-1', 'pv1-2', 'pv1-3']; });
      expect(fleet(listed, lab((e) => { e.infrastructure.proxmox.sourceNode = 'pv1-2'; e.infrastructure.proxmox.allowedNodes = ['pv1-1', 'pv1-3']; }))).toEqual([]);
    });

    it('fails when the source node is a name Proxmox refuses, and never proposes adding it to the list', () => {
      const [v] = fleet(managementBase, lab((e) => { e.infrastructure.proxmox.sourceNode = 'pv1 2'; }));
      expect(v).toMatchObject({ code: 'workload.node-unknown', fix: 'use one of pv1-1' });
      const [w] = fleet(managementBase, lab((e) => { e.infrastructure.proxmox.sourceNode = 'pv1-2'; }));
      expect(w!.fix).toBe("use one of pv1-1, or add pv1-2 to mgmt's clusterApi.proxmoxNodes");
    });
  });

  describe("the Kubernetes release against the management environment's Cluster API", () => {
    const core = (version: string) => mgmtWith((e) => { e.clusterApi.providers.find((p: any) => p.kind === 'CoreProvider').version = version; });

    it('passes every minor v1.12 supports for workload clusters (1.29 to 1.35), and fails outside them, citing the data', () => {
      for (const v of ['v1.29.0', 'v1.30.14', 'v1.35.9']) expect(fleet(managementBase, lab((e) => { e.infrastructure.kubernetes = v; e.infrastructure.proxmox.templates = { [v]: 9035 }; })), v).toEqual([]);
      const [v] = fleet(managementBase, lab((e) => { e.infrastructure.kubernetes = 'v1.36.2'; e.infrastructure.proxmox.templates = { 'v1.36.2': 9036 }; }));
      expect(v).toMatchObject({ code: 'workload.kubernetes-unsupported', path: 'lab1.infrastructure.kubernetes' });
      expect(v!.message).toBe("Cluster API v1.12.11 (mgmt's core provider) supports workload clusters of Kubernetes 1.29 to 1.35 (kubernetes-sigs/cluster-api docs/book/src/reference/versions.md at v1.12.11 (schemas/compat/cluster-api-kubernetes.json)), not 1.36");
      expect(codes(managementBase, lab((e) => { e.infrastructure.kubernetes = 'v1.28.15'; e.infrastructure.proxmox.templates = { 'v1.28.15': 9028 }; }))).toEqual([['workload.kubernetes-unsupported', 'lab1.infrastructure.kubernetes']]);
    });

    it('fails before the first patch release that supports a minor', () => {
      expect(codes(core('v1.12.0'), workloadBase)).toEqual([['workload.kubernetes-unsupported', 'lab1.infrastructure.kubernetes']]);
      expect(fleet(core('v1.12.1'), workloadBase)).toEqual([]);
    });

    it('warns when the data knows no such Cluster API minor, naming its newest', () => {
      const [v] = fleet(core('v1.13.0'), workloadBase);
      expect(v).toMatchObject({ code: 'workload.kubernetes-support-unknown', severity: 'warning' });
      expect(v!.message).toContain(`its newest is ${newestOf(clusterApiKubernetes)}`);
    });

    it('does not judge a release the model rules refuse already', () => {
      expect(fleet(managementBase, lab((e) => { e.infrastructure.kubernetes = '1.40.0'; e.infrastructure.proxmox.templates = { '1.40.0': 9040 }; }))).toEqual([]);
    });
  });

  describe('addresses across the fleet', () => {
    it("fails when the pool holds another environment's node IP or VIP on the same network", () => {
      const found = fleet(mgmtWith((e) => { e.controlPlane = { vip: '192.168.4.44', vipInterface: 'eth0' }; }), lab((e) => { e.infrastructure.addresses.first = '192.168.4.20'; }));
      expect(found.map((v) => [v.code, v.path, v.message])).toEqual([
        ['workload.pool-overlap', 'lab1.infrastructure.addresses', 'the pool 192.168.4.20-192.168.4.49 holds 192.168.4.21, node lab-mgmt of mgmt (mgmt.nodes[0].ip), on the same network: a machine could be given it'],
        ['workload.pool-overlap', 'lab1.infrastructure.addresses', 'the pool 192.168.4.20-192.168.4.49 holds 192.168.4.44, the control-plane VIP of mgmt (mgmt.controlPlane.vip), on the same network: a machine could be given it'],
      ]);
    });

    it('tells networks apart by the VLAN of the machines (mgmt, on VLAN 4, then cannot reach them: workload.network-unreachable)', () => {
      expect(fleet(managementBase, lab((e) => { e.infrastructure.addresses.first = '192.168.4.20'; e.infrastructure.proxmox.vlan = 5; e.infrastructure.podCidr = '10.244.0.0/16'; })).map((v) => v.code)).toEqual(['workload.network-unreachable']);
    });

    it("fails once when two workload clusters' pools overlap", () => {
      const lab2 = lab((e) => { e.name = 'lab2'; e.infrastructure.addresses = { first: '192.168.4.45', last: '192.168.4.59' }; e.controlPlane.vip = '192.168.4.60'; });
      const found = fleet(managementBase, workloadBase, lab2);
      expect(found.map((v) => [v.code, v.path])).toEqual([['workload.pool-overlap', 'lab2.infrastructure.addresses']]);
      expect(found[0]!.message).toBe("the pool 192.168.4.45-192.168.4.59 overlaps lab1's pool 192.168.4.41-192.168.4.49 on the same network: two clusters' machines could be given one address");
    });

    it("fails when the pod or service CIDR overlaps another environment's subnet, on any network", () => {
      const dev = modify(threeServers, (e: any) => { e.network = { subnet: '10.96.0.0/24', gateway: '10.96.0.1', dns: ['10.96.0.1'] }; e.nodes = e.nodes.map((n: any, i: number) => ({ ...n, ip: `10.96.0.1${i + 1}` })); e.controlPlane.vip = '10.96.0.10'; e.ingressVip = '10.96.0.30'; });
      const found = fleet(managementBase, workloadBase, dev);
      expect(found.map((v) => [v.code, v.path])).toEqual([['workload.cidr-overlaps-fleet', 'lab1.infrastructure.serviceCidr']]);
      expect(found[0]!.message).toBe("the service CIDR 10.96.0.0/12 overlaps fixture's subnet 10.96.0.0/24: inside lab1 those addresses are its Services', so its workloads could not reach fixture's hosts that have them");
    });
  });
});

describe("a workload cluster beside what its management environment runs and reaches", () => {
  describe('workload.template-is-vm', () => {
    it("passes template ids that are no VM of the fleet, and a VM id on a Proxmox node mgmt's Cluster API does not know", () => {
      expect(fleet(managementBase, lab((e) => { e.infrastructure.proxmox.templates = { 'v1.35.9': 9035, 'v1.35.8': 202 }; }))).toEqual([]);
      const elsewhere = mgmtWith((e) => { e.infrastructure.node = 'pv2-1'; e.clusterApi.proxmoxNodes = ['pv1-1']; });
      expect(fleet(elsewhere, lab((e) => { e.infrastructure.proxmox.templates = { 'v1.35.9': 201 }; })).filter((v) => v.code === 'workload.template-is-vm')).toEqual([]);
    });

    it("fails when a template id is the VM id of a node of the fleet on that Proxmox cluster, at that version's entry", () => {
      expect(fleet(managementBase, lab((e) => { e.infrastructure.proxmox.templates = { 'v1.35.9': 201 }; }))).toEqual([{
        code: 'workload.template-is-vm',
        severity: 'error',
        path: 'lab1.infrastructure.proxmox.templates.v1.35.9',
        value: '201',
        message: "201 is the VM id of mgmt's node lab-mgmt (mgmt.nodes[0].vm.vmId) on Proxmox node pv1-1: CAPMOX would clone lab1's v1.35.9 machines from that VM, not from a template built for v1.35.9",
        fix: 'write the VM id of the template built for kubeadm v1.35.9 (qm list on pv1-1 shows it); decide which id that is',
      }]);
    });

    it("fails for a planned node's VM id too, and a retained version's template", () => {
      const planned = mgmtWith((e) => { e.nodes.push({ name: 'lab-mgmt-2', ip: '192.168.4.22', state: 'planned', vm: { vmId: 202 } }); });
      const found = fleet(planned, lab((e) => { e.infrastructure.proxmox.templates = { 'v1.35.9': 9035, 'v1.35.8': 202 }; })).filter((v) => v.code === 'workload.template-is-vm');
      expect(found.map((v) => [v.path, v.message.split(':')[0]])).toEqual([['lab1.infrastructure.proxmox.templates.v1.35.8', "202 is the VM id of mgmt's planned node lab-mgmt-2 (mgmt.nodes[1].vm.vmId) on Proxmox node pv1-1"]]);
    });
  });

  describe('workload.network-unreachable and workload.network-routed', () => {
    const on = (subnet: string, vlan?: number) =>
      lab((e) => {
        e.network = { subnet, gateway: subnet.replace(/0\/\d+$/, '1'), dns: [subnet.replace(/0\/\d+$/, '1')] };
        e.controlPlane.vip = subnet.replace(/0\/\d+$/, '40');
        e.infrastructure.addresses = { first: subnet.replace(/0\/\d+$/, '41'), last: subnet.replace(/0\/\d+$/, '49') };
        if (vlan !== undefined) e.infrastructure.proxmox.vlan = vlan;
      });
    const reach = (spec: EnvironmentSpec) => fleet(managementBase, spec).filter((v) => v.code.startsWith('workload.network-'));

    it("passes a workload cluster on its management environment's network", () => {
      expect(reach(workloadBase)).toEqual([]);
    });

    it("fails when its subnet lies in the management cluster's pod or Service network", () => {
      expect(reach(on('10.42.7.0/24', 7))).toEqual([{
        code: 'workload.network-unreachable',
        severity: 'error',
        path: 'lab1.network.subnet',
        value: '10.42.7.0/24',
        message: "mgmt cannot reach 10.42.7.0/24: it overlaps 10.42.0.0/16, the pod network of mgmt (k3s): from mgmt's pods (Cluster API's controllers, Flux) 10.42.7.40, lab1's API, is routed into that network, never to the machines",
        fix: 'put lab1 on a subnet outside 10.42.0.0/16 and 10.43.0.0/16',
      }]);
      expect(reach(on('10.43.0.0/24', 7)).map((v) => v.message)).toEqual([expect.stringContaining('it overlaps 10.43.0.0/16, the Service network of mgmt (k3s)')]);
    });

    it("fails when it is the management nodes' subnet on another VLAN", () => {
      expect(reach(lab((e) => { e.infrastructure.proxmox.vlan = 5; }))).toEqual([expect.objectContaining({
        code: 'workload.network-unreachable',
        message: "mgmt cannot reach 192.168.4.0/24: it overlaps mgmt's subnet 192.168.4.0/24 on another VLAN: mgmt's nodes take 192.168.4.40, lab1's API, for an address of their own link and ask for it there, where no machine of lab1 answers",
        fix: "decide: give lab1 the VLAN of mgmt's network (infrastructure.proxmox.vlan), or a subnet of its own that 192.168.4.8 routes to",
      })]);
    });

    it('warns when it is on another network, which only a router the spec does not describe joins', () => {
      expect(reach(on('10.9.0.0/24', 9))).toEqual([{
        code: 'workload.network-routed',
        severity: 'warning',
        path: 'lab1.network.subnet',
        value: '10.9.0.0/24',
        message: "lab1's network 10.9.0.0/24 is not mgmt's (192.168.4.0/24): mgmt's Cluster API and Flux reach lab1's API at 10.9.0.40 only through mgmt's gateway 192.168.4.8, and nothing in the spec says it routes there",
        fix: "decide: put lab1 on mgmt's network 192.168.4.0/24, or make sure 192.168.4.8 routes to 10.9.0.0/24 (the spec cannot record it, so this warning stays)",
      }]);
    });
  });
});

describe("a workload cluster's reach, at its edges", () => {
  const reach = (...specs: EnvironmentSpec[]) => fleet(...specs).filter((v) => v.code.startsWith('workload.network-') || v.code === 'workload.template-is-vm');
  const subnet = (s: string) => lab((e) => { e.network.subnet = s; });

  it('finds the management environment by its name, wherever the fleet lists it', () => {
    const routed = lab((e) => { e.network = { subnet: '10.9.0.0/24', gateway: '10.9.0.1', dns: ['10.9.0.1'] }; e.controlPlane.vip = '10.9.0.40'; e.infrastructure.addresses = { first: '10.9.0.41', last: '10.9.0.49' }; e.infrastructure.proxmox.templates = { 'v1.35.9': 201 }; });
    expect(reach(threeServers, routed, managementBase).map((v) => [v.code, v.message.includes("mgmt's")])).toEqual([['workload.template-is-vm', true], ['workload.network-routed', true]]);
  });

  it('says nothing of a subnet that is no CIDR, its own or mgmt\'s (workload.pool-outside-subnet and the shape say it)', () => {
    expect(reach(managementBase, subnet('bogus'))).toEqual([]);
    expect(reach(mgmtWith((e) => { e.network.subnet = 'bogus'; }), workloadBase)).toEqual([]);
  });

  it("counts a subnet of one address at either end of k3s's pod network as inside it", () => {
    expect(reach(managementBase, subnet('10.42.0.0/32')).map((v) => v.code)).toEqual(['workload.network-unreachable']);
    expect(reach(managementBase, subnet('10.42.255.255/32')).map((v) => v.code)).toEqual(['workload.network-unreachable']);
    expect(reach(managementBase, subnet('10.41.255.255/32')).map((v) => v.code)).toEqual(['workload.network-routed']);
  });
});
