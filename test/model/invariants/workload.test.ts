import { describe, expect, it } from 'vitest';
import { check, runChecks } from '../../../src/check/run';
import type { ClusterApiEnvironmentSpec, EnvironmentSpec } from '../../../src/model/environment';
import { EXAMPLE_SSH_KEY_BODY } from '../../../src/model/placeholders';
import { resolve } from '../../../src/model/resolve';
import type { Violation } from '../../../src/model/violation';
import { machinesAtMost } from '../../../src/model/invariants/workload-addresses';
import { modify, modifyWorkload, threeServers } from '../../fixtures/environments';
import { expectReport } from '../../fixtures/expect';
import { managementBase, workloadBase } from '../../fixtures/workload-rules';

/** The workload cluster's own violations, checked in its fleet (so the management environment is there). */
function violationsOf(spec: ClusterApiEnvironmentSpec): Violation[] {
  const outcome = runChecks({ specs: [managementBase, spec] });
  return expectReport(outcome.violations.filter((v) => v.path.startsWith(`${spec.name}.`) && v.code !== 'sops.demo-recipient')) as Violation[];
}
const change = (edit: (e: any) => void) => modifyWorkload(workloadBase, edit);
const codes = (spec: ClusterApiEnvironmentSpec) => violationsOf(spec).map((v) => [v.code, v.path]);

describe('a workload cluster (infrastructure.kind: cluster-api)', () => {
  it('passes as the operators planned lab1, beside its management environment', () => {
    expect(violationsOf(workloadBase)).toEqual([]);
  });

  describe('the rules of k3s servers', () => {
    it('stay silent on it: no nodes, and a VIP without vipInterface (kube-vip takes the interface of the default route)', () => {
      expect(resolve(workloadBase).vipInterface).toBeUndefined();
      expect(violationsOf(workloadBase)).toEqual([]);
    });

    it('still speak on a k3s environment: no nodes, a VIP without its interface', () => {
      const found = check(modify(threeServers, (e: any) => { e.nodes = []; delete e.controlPlane.vipInterface; })).map((v) => v.code);
      expect(found).toEqual(expect.arrayContaining(['nodes.empty', 'vip.no-interface']));
    });

    it('stay silent on k3s settings written on it: only workload.k3s-setting names each, once', () => {
      const spec = change((e) => {
        // Two founders, a duplicate name and a sqlite datastore with two servers: each a k3s rule's, none reported here.
        e.nodes = [{ name: 'x', ip: '192.168.4.30', founder: true }, { name: 'x', ip: '192.168.4.30', founder: true }];
        e.k3s = { version: 'v1.35', datastore: 'sqlite', dataDir: 'relative' };
        e.kubeconfig = { file: '~/.kube/config' };
        e.handover = { files: [{ path: 'not absolute', held: ['x/y'] }] };
        e.helmInstaller = 'k3s';
      });
      expect(codes(spec)).toEqual([
        ['workload.k3s-setting', 'lab1.nodes'],
        ['workload.k3s-setting', 'lab1.k3s'],
        ['workload.k3s-setting', 'lab1.kubeconfig'],
        ['workload.k3s-setting', 'lab1.handover'],
        ['workload.k3s-setting', 'lab1.helmInstaller'],
      ]);
    });

    it('do not count its nodes for the fleet: a node name or kubeconfig file of another environment is no clash', () => {
      const spec = change((e) => { e.nodes = [{ name: 'lab-mgmt', ip: '192.168.4.21', founder: true }]; e.kubeconfig = { file: '~/.kube/mgmt.kubeconfig' }; });
      expect(codes(spec).map(([code]) => code)).toEqual(['workload.k3s-setting', 'workload.k3s-setting']);
    });
  });

  it('needs k3s on a k3s environment, and names an example', () => {
    const [v] = check(modify(threeServers, (e: any) => { delete e.k3s; }));
    expect(v).toMatchObject({ code: 'k3s.missing', path: 'fixture.k3s', value: '(not set)' });
    expect(v!.fix).toContain("k3s: { version: 'v");
  });

  it('fails without a VIP', () => {
    expect(codes(change((e) => { e.controlPlane = {}; }))).toEqual([['workload.vip-missing', 'lab1.controlPlane.vip']]);
  });

  describe('control plane', () => {
    it.each([[2, 'stacked etcd'], [4, 'tolerate 1 failure, as 3 members do'], [0, 'fewer than one'], [1.5, 'not a whole number']])('fails with %s machines', (replicas, said) => {
      const found = violationsOf(change((e) => { e.infrastructure.controlPlane.replicas = replicas; }));
      expect(found.map((v) => v.code)).toEqual(['workload.control-plane-replicas']);
      expect(found[0]!.message).toContain(said);
    });

    it('passes 1 and 5; warns beyond 7, the most etcd recommends', () => {
      const wide = (replicas: number) => change((e) => { e.infrastructure.controlPlane.replicas = replicas; e.infrastructure.addresses.last = '192.168.4.99'; });
      expect(violationsOf(wide(1))).toEqual([]);
      expect(violationsOf(wide(5))).toEqual([]);
      expect(violationsOf(wide(7))).toEqual([]);
      expect(violationsOf(wide(9)).map((v) => [v.code, v.severity])).toEqual([['workload.control-plane-beyond-recommended', 'warning']]);
    });
  });

  describe('worker pools', () => {
    it('fails when two share a name, naming the first', () => {
      const found = violationsOf(change((e) => { e.infrastructure.workers.push({ ...e.infrastructure.workers[0], replicas: 0 }); }));
      expect(found.map((v) => [v.code, v.path])).toEqual([['workload.pool-duplicate-name', 'lab1.infrastructure.workers[1].name']]);
    });

    it('fails when <cluster>-<pool> is longer than a label value', () => {
      const name = 'a'.repeat(59);
      expect(codes(change((e) => { e.infrastructure.workers[0].name = name; }))).toEqual([['workload.pool-invalid-name', 'lab1.infrastructure.workers[0].name']]);
      expect(violationsOf(change((e) => { e.infrastructure.workers[0].name = 'a'.repeat(58); }))).toEqual([]);
    });

    it('fails when one is named control-plane', () => {
      expect(codes(change((e) => { e.infrastructure.workers[0].name = 'control-plane'; }))).toEqual([['workload.pool-reserved-name', 'lab1.infrastructure.workers[0].name']]);
    });

    it('passes a pool of no machines beside one that has some', () => {
      expect(violationsOf(change((e) => { e.infrastructure.workers.push({ ...e.infrastructure.workers[0], name: 'spare', replicas: 0 }); }))).toEqual([]);
    });

    it('fails when no pool has a machine: kubeadm taints the control plane, so nothing is scheduled', () => {
      expect(violationsOf(change((e) => { e.infrastructure.workers[0].replicas = 0; }))).toEqual([{
        code: 'workload.no-schedulable-worker',
        severity: 'error',
        path: 'lab1.infrastructure.workers[0].replicas',
        value: '0',
        message: "lab1 has no worker machine (every pool has 0 replicas), and kubeadm taints its 3 control-plane machines NoSchedule: every pod without a toleration for that taint would stay Pending, and the tool's releases (Flux's among them) set none",
        fix: 'set infrastructure.workers[0].replicas to 1 or more',
        action: { set: 'infrastructure.workers[0].replicas', to: 1 },
      }]);
    });

    it('fails when it has no pool at all, proposing one of the control plane\'s size', () => {
      const [found, ...rest] = violationsOf(change((e) => { e.infrastructure.workers = []; e.infrastructure.controlPlane.replicas = 1; }));
      expect(rest).toEqual([]);
      expect(found).toMatchObject({
        code: 'workload.no-schedulable-worker',
        path: 'lab1.infrastructure.workers',
        value: '(none)',
        message: expect.stringContaining('lab1 has no worker pool, and kubeadm taints its 1 control-plane machine NoSchedule'),
        action: { set: 'infrastructure.workers', to: [{ name: 'workers', replicas: 1, machine: { sockets: 1, cores: 2, memoryMiB: 4096, diskGiB: 40 } }] },
      });
    });
  });

  it('fails when a machine size is not a multiple of 8 MiB, proposing the two nearest', () => {
    const [v] = violationsOf(change((e) => { e.infrastructure.workers[0].machine.memoryMiB = 8190; }));
    expect(v).toMatchObject({ code: 'workload.memory-multiple', path: 'lab1.infrastructure.workers[0].machine.memoryMiB', fix: 'use 8184 or 8192' });
  });

  describe('template generations', () => {
    it('fail when a retained one is the current one, later, or listed twice', () => {
      const found = violationsOf(change((e) => { e.infrastructure.controlPlane.generation = 3; e.infrastructure.controlPlane.retainedGenerations = [1, 4, 1, 3]; }));
      expect(found.map((v) => [v.code, v.path, v.value])).toEqual([
        ['workload.retained-generation', 'lab1.infrastructure.controlPlane.retainedGenerations[1]', '4'],
        ['workload.retained-generation', 'lab1.infrastructure.controlPlane.retainedGenerations[2]', '1'],
        ['workload.retained-generation', 'lab1.infrastructure.controlPlane.retainedGenerations[3]', '3'],
      ]);
    });

    it('pass earlier ones', () => {
      expect(violationsOf(change((e) => { e.infrastructure.workers[0].generation = 3; e.infrastructure.workers[0].retainedGenerations = [1, 2]; }))).toEqual([]);
    });
  });

  describe('the Kubernetes release', () => {
    it('fails when it is no kubeadm release, and leaves an unpinned one to version.unpinned', () => {
      expect(codes(change((e) => { e.infrastructure.kubernetes = 'v1.35.9-rc.0'; e.infrastructure.proxmox.templates = { 'v1.35.9-rc.0': 9035 }; }))).toEqual([['workload.kubernetes-version', 'lab1.infrastructure.kubernetes']]);
      expect(codes(change((e) => { e.infrastructure.kubernetes = 'latest'; e.infrastructure.proxmox.templates = { latest: 9035 }; }))).toEqual([['version.unpinned', 'lab1.infrastructure.kubernetes']]);
    });

    it('fails when it is a tag, proposing the releases it has template VMs of, newest first; the first passes', () => {
      const [v] = violationsOf(change((e) => { e.infrastructure.kubernetes = 'latest'; e.infrastructure.proxmox.templates = { 'v1.34.2': 9034, 'v1.35.9': 9035, latest: 9000 }; })).filter((x) => x.code === 'version.unpinned');
      expect(v!.fix).toBe('pin a release with a template VM in infrastructure.proxmox.templates: v1.35.9, v1.34.2');
      expect(violationsOf(change((e) => { e.infrastructure.kubernetes = 'v1.35.9'; e.infrastructure.proxmox.templates = { 'v1.34.2': 9034, 'v1.35.9': 9035 }; })).filter((x) => x.code.startsWith('version.') || x.code.startsWith('workload.'))).toEqual([]);
      const [none] = violationsOf(change((e) => { e.infrastructure.kubernetes = 'latest'; e.infrastructure.proxmox.templates = { latest: 9000 }; })).filter((x) => x.code === 'version.unpinned');
      expect(none!.fix).toBe("pin an exact kubeadm release (vX.Y.Z) that the management cluster's Cluster API supports, and a template VM of it in infrastructure.proxmox.templates");
    });

    it('asks for no template VM of a version that is no kubeadm release: the version is the one fault', () => {
      for (const version of ['1.35.9', 'v1.35.9+k3s1', 'v1.35.9-rc.0']) {
        expect(codes(change((e) => { e.infrastructure.kubernetes = version; })), version).toEqual([['workload.kubernetes-version', 'lab1.infrastructure.kubernetes']]);
      }
      expect(codes(change((e) => { e.infrastructure.kubernetes = 'latest'; }))).toEqual([['version.unpinned', 'lab1.infrastructure.kubernetes']]);
    });

    it('fails when a bump has no template VM, and passes with the old one still listed', () => {
      const bumped = (templates: Record<string, number>) => change((e) => { e.infrastructure.kubernetes = 'v1.35.10'; e.infrastructure.proxmox.templates = templates; });
      expect(codes(bumped({ 'v1.35.9': 9035 }))).toEqual([['workload.template-missing', 'lab1.infrastructure.proxmox.templates']]);
      expect(violationsOf(bumped({ 'v1.35.9': 9035, 'v1.35.10': 9036 }))).toEqual([]);
    });
  });

  describe('addresses', () => {
    it('fail when the pool holds the VIP, the gateway, a DNS server or the ingress VIP', () => {
      const found = violationsOf(change((e) => {
        // Clear of mgmt's node (192.168.4.21): that clash is the fleet's, workload.pool-overlap.
        e.infrastructure.addresses = { first: '192.168.4.22', last: '192.168.4.60' };
        e.network.gateway = '192.168.4.30';
        e.network.dns = ['192.168.4.31', '8.8.8.8'];
        e.ingressVip = '192.168.4.50';
        e.controlPlane.vipInterface = 'eth0';
      }));
      expect(found.map((v) => [v.code, v.path])).toEqual([
        ['workload.vip-in-pool', 'lab1.controlPlane.vip'],
        ['workload.address-in-pool', 'lab1.network.gateway'],
        ['workload.address-in-pool', 'lab1.network.dns[0]'],
        ['workload.address-in-pool', 'lab1.ingressVip'],
      ]);
    });

    it('count every machine and one surge machine per set that has any', () => {
      expect(machinesAtMost(resolve(workloadBase).workload!)).toEqual({ replicas: 5, surge: 2 });
      expect(machinesAtMost(resolve(change((e) => { e.infrastructure.workers[0].replicas = 0; })).workload!)).toEqual({ replicas: 3, surge: 1 });
    });

    it('fail when the pool is one address short of a rolling update, and pass at its size', () => {
      // 3 control-plane + 4 workers + 2 surge = 9, the pool's size.
      expect(violationsOf(change((e) => { e.infrastructure.workers[0].replicas = 4; }))).toEqual([]);
      expect(codes(change((e) => { e.infrastructure.workers[0].replicas = 4; e.infrastructure.addresses.last = '192.168.4.48'; }))).toEqual([['workload.pool-too-small', 'lab1.infrastructure.addresses']]);
    });

    it('judge the ends of the pool once each: not IPv4, outside the subnet, reversed', () => {
      expect(codes(change((e) => { e.infrastructure.addresses = { first: 'x', last: '192.168.5.1' }; }))).toEqual([
        ['workload.pool-address-invalid', 'lab1.infrastructure.addresses.first'],
        ['workload.pool-outside-subnet', 'lab1.infrastructure.addresses.last'],
      ]);
      expect(codes(change((e) => { e.infrastructure.addresses = { first: '192.168.4.255', last: '192.168.4.41' }; }))).toEqual([['workload.pool-outside-subnet', 'lab1.infrastructure.addresses.first']]);
    });

    it('fail when the pod or service CIDR is no canonical CIDR, or overlaps the other or the node subnet', () => {
      expect(codes(change((e) => { e.infrastructure.podCidr = '10.244.0.0'; e.infrastructure.serviceCidr = '10.96.0.1/12'; }))).toEqual([
        ['workload.cidr-invalid', 'lab1.infrastructure.podCidr'],
        ['workload.cidr-invalid', 'lab1.infrastructure.serviceCidr'],
      ]);
      // Both overlap mgmt's subnet too, which is the fleet's rule (workload.cidr-overlaps-fleet).
      expect(codes(change((e) => { e.infrastructure.podCidr = '192.168.0.0/16'; e.infrastructure.serviceCidr = '192.168.4.0/25'; })).filter(([code]) => code !== 'workload.cidr-overlaps-fleet')).toEqual([
        ['workload.cidr-overlap', 'lab1.infrastructure.serviceCidr'],
        ['workload.cidr-overlap', 'lab1.infrastructure.podCidr'],
        ['workload.cidr-overlap', 'lab1.infrastructure.serviceCidr'],
      ]);
    });

    it("judge the namespace as a DNS label", () => {
      expect(codes(change((e) => { e.infrastructure.namespace = 'Lab_1'; }))).toEqual([['kubernetes.invalid-name', 'lab1.infrastructure.namespace']]);
    });
  });

  describe('SSH keys (root on every machine, written into the Cluster API objects)', () => {
    const keys = (sshKeys: string[]) => change((e) => { e.infrastructure.sshKeys = sshKeys; });

    it('fails when one is a private key, and never shows it', () => {
      const secret = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----';
      const found = violationsOf(keys([secret]));
      expect(found.map((v) => [v.code, v.path])).toEqual([['vm.ssh-key-private', 'lab1.infrastructure.sshKeys[0]']]);
      expect(found[0]!.message).toBe("this is a private key: synth would write it into the users of the KubeadmControlPlane and KubeadmConfigTemplates, in mgmt's committed tree");
      expect(JSON.stringify(found)).not.toContain('b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ');
    });

    it('fails when one is no public key line, warns on the example key, and fails with none', () => {
      expect(codes(keys(['ssh-ed25519 you@host']))).toEqual([['vm.ssh-key-invalid', 'lab1.infrastructure.sshKeys[0]']]);
      expect(codes(keys([`ssh-ed25519 ${EXAMPLE_SSH_KEY_BODY} ops@home.arpa`]))).toEqual([['vm.example-ssh-key', 'lab1.infrastructure.sshKeys[0]']]);
      expect(codes(keys([]))).toEqual([['vm.no-ssh-key', 'lab1.infrastructure.sshKeys']]);
    });
  });

  it('is not judged by the workload rules when it is a k3s environment', () => {
    // Every workload rule starts from env.workload: a k3s environment with nodes and k3s gets none of them.
    const found = check(threeServers as EnvironmentSpec).map((v) => v.code);
    expect(found.filter((c) => c.startsWith('workload.'))).toEqual([]);
  });
});
