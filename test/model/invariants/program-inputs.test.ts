import { describe, expect, it } from 'vitest';
import { check, runChecks } from '../../../src/check/run';
import type { EnvironmentSpec } from '../../../src/model/environment';
import { modify, modifyWorkload, singleServer, threeServers } from '../../fixtures/environments';
import { podinfo } from '../../fixtures/corpus';
import { expectReport } from '../../fixtures/expect';
import { managementBase, workloadBase } from '../../fixtures/workload-rules';

/** The violations of one code, without the environment's name in their path. */
const found = (spec: EnvironmentSpec, code: string) =>
  check(spec).filter((v) => v.code === code).map(({ path, value, action, fix }) => ({ path: path.slice(path.indexOf('.') + 1), value, action, fix }));

describe('names and values the real program refuses', () => {
  describe('secret.invalid-key', () => {
    it('fails when a declared key has a space, naming the key and its source', () => {
      const spec = modify(singleServer, (e: any) => { e.secrets = [{ namespace: 'flux-system', name: 'hook', keys: ['token', 'api token'] }]; });
      const [v, ...rest] = found(spec, 'secret.invalid-key');
      expect(rest).toEqual([]);
      expect(v).toMatchObject({ path: 'secrets[0].keys[1]', value: 'api token', action: undefined });
      expect(v!.fix).toContain('secrets/single/flux-system.hook.sops.yaml');
    });
    it("fails when a provider's configSecret key has a slash", () => {
      const spec = modify(managementBase, (e: any) => { e.clusterApi.providers.find((p: any) => p.configSecret).configSecret.keys[2] = 'A/B'; });
      expect(found(spec, 'secret.invalid-key')).toMatchObject([{ value: 'A/B', path: expect.stringMatching(/^clusterApi\.providers\[\d\]\.configSecret\.keys\[2\]$/) }]);
    });
  });

  describe('vm.invalid-login-user', () => {
    it('fails when the VM user has a space', () => {
      expect(found(modify(threeServers, (e: any) => { e.infrastructure.access.user = 'ops admin'; }), 'vm.invalid-login-user')).toMatchObject([{ path: 'infrastructure.access.user', value: 'ops admin' }]);
    });
    it('fails on Proxmox too, with a name that is all digits', () => {
      expect(found(modify(singleServer, (e: any) => { e.infrastructure.access.user = '1000'; }), 'vm.invalid-login-user')).toMatchObject([{ value: '1000' }]);
    });
    it('passes the fixtures (the default user and admin)', () => {
      expect(found(threeServers, 'vm.invalid-login-user')).toEqual([]);
      expect(found(singleServer, 'vm.invalid-login-user')).toEqual([]);
    });
  });

  describe('ssh.invalid-host and ssh.invalid-user', () => {
    it('fails when a host has a shell character, proposing the node IP', () => {
      const [v] = found(modify(threeServers, (e: any) => { e.nodes[2].ssh = { host: 'a;b' }; }), 'ssh.invalid-host');
      expect(v).toMatchObject({ path: 'nodes[2].ssh.host', value: 'a;b' });
      expect(v!.fix).toContain('10.20.0.13');
    });
    it('fails when a user begins with -', () => {
      expect(found(modify(threeServers, (e: any) => { e.nodes[0].ssh = { user: '-l' }; }), 'ssh.invalid-user')).toMatchObject([{ path: 'nodes[0].ssh.user', value: '-l' }]);
    });
    it('passes a jump host and user ssh takes', () => {
      const spec = modify(threeServers, (e: any) => { e.nodes[0].ssh = { host: 'nat.fixture.test', port: 2201, user: 'ops' }; });
      expect([...found(spec, 'ssh.invalid-host'), ...found(spec, 'ssh.invalid-user')]).toEqual([]);
    });
  });

  describe('flux.invalid-branch', () => {
    it.each(['release 1', 'a..b', 'fix.lock'])('fails when the branch is %j', (branch) => {
      expect(found(modify(threeServers, (e) => { e.flux.branch = branch; }), 'flux.invalid-branch')).toMatchObject([{ path: 'flux.branch', value: branch }]);
    });
  });

  describe('vm.adopt-invalid-setting', () => {
    const adopt = (vm: Record<string, string>) => modify(singleServer, (e: any) => { e.infrastructure.adopt = { vms: { solo: { mac: 'BC:24:11:5E:02:01', ...vm } } }; });
    it('fails when the CPU differs in case only, and its action is the accepted spelling', () => {
      expect(found(adopt({ cpuType: 'haswell' }), 'vm.adopt-invalid-setting')).toEqual([
        { path: 'infrastructure.adopt.vms.solo.cpuType', value: 'haswell', action: { set: 'infrastructure.adopt.vms.solo.cpuType', to: 'Haswell' }, fix: 'write Haswell' },
      ]);
    });
    it('fails when the machine is in upper case, and lowers it', () => {
      expect(found(adopt({ machine: 'Q35' }), 'vm.adopt-invalid-setting')).toMatchObject([{ action: { set: 'infrastructure.adopt.vms.solo.machine', to: 'q35' } }]);
    });
    it('fails when the OS type is none the provider knows, asking for qm config with no action', () => {
      expect(found(adopt({ osType: 'linux', machine: 'i440fx' }), 'vm.adopt-invalid-setting')).toMatchObject([
        { path: 'infrastructure.adopt.vms.solo.machine', action: undefined, fix: expect.stringContaining('machine: line of qm config') },
        { path: 'infrastructure.adopt.vms.solo.osType', action: undefined, fix: expect.stringContaining('ostype: line') },
      ]);
    });
    it('says nothing of adopted libvirt domains', () => {
      const libvirt = modify(threeServers, (e: any) => { e.infrastructure.adopt = { domains: { 'fx-1': { uuid: 'x', osDisk: 'y' } } }; });
      expect(found(libvirt, 'vm.adopt-invalid-setting')).toEqual([]);
    });
    it('passes the defaults and what qm config shows', () => {
      expect(found(adopt({}), 'vm.adopt-invalid-setting')).toEqual([]);
      expect(found(adopt({ machine: 'pc-q35-9.2+pve1', cpuType: 'x86-64-v2-AES', osType: 'l26' }), 'vm.adopt-invalid-setting')).toEqual([]);
    });
  });

  describe('workload.invalid-boot-device', () => {
    const onWorkload = (device: string) =>
      runChecks({ specs: [managementBase, modifyWorkload(workloadBase, (e: any) => { e.infrastructure.proxmox.bootDevice = device; })] }).violations.filter((v) => v.code === 'workload.invalid-boot-device');
    it('fails when the slot is in upper case, and lowers it', () => {
      expect(onWorkload('SCSI0')).toMatchObject([{ path: 'lab1.infrastructure.proxmox.bootDevice', fix: 'write scsi0', action: { set: 'infrastructure.proxmox.bootDevice', to: 'scsi0' } }]);
    });
    it('fails when the slot is beyond what Proxmox has, with no action', () => {
      const [v] = onWorkload('scsi31');
      expect(v).toMatchObject({ value: 'scsi31', fix: expect.stringContaining('qm config') });
      expect(v!.action).toBeUndefined();
    });
    it('passes virtio0', () => expect(onWorkload('virtio0')).toEqual([]));
  });

  describe('app.oci-reference', () => {
    const app = (helm: Record<string, string>) => modify(threeServers, (e) => { e.apps = [{ ...podinfo, helm: { ...podinfo.helm, ...helm } }]; });
    it('fails when the path has upper case, and lowers it', () => {
      expect(found(app({ oci: 'oci://ghcr.io/StefanProdan/charts/podinfo' }), 'app.oci-reference')).toMatchObject([
        { path: 'apps[0].helm.oci', fix: 'write oci://ghcr.io/stefanprodan/charts/podinfo', action: { set: 'apps[0].helm.oci', to: 'oci://ghcr.io/stefanprodan/charts/podinfo' } },
      ]);
    });
    it('fails once, on the chart, when the chart is what has upper case', () => {
      expect(found(app({ chart: 'PodInfo', oci: 'oci://ghcr.io/stefanprodan/charts/PodInfo' }), 'app.oci-reference')).toMatchObject([{ path: 'apps[0].helm.chart', value: 'PodInfo', action: undefined }]);
    });
    it('fails with no action when lowering does not make the path one', () => {
      expect(found(app({ oci: 'oci://ghcr.io/org-/podinfo' }), 'app.oci-reference')).toMatchObject([{ path: 'apps[0].helm.oci', action: undefined }]);
      expect(found(app({ oci: 'oci://ghcr.io/Org/a-/podinfo' }), 'app.oci-reference')).toMatchObject([{ path: 'apps[0].helm.oci', action: undefined }]);
    });
    it('leaves a location that does not end with the chart to app.chart-source, judging its path still', () => {
      const spec = app({ oci: 'oci://ghcr.io/Org/other' });
      expect(found(spec, 'app.oci-reference')).toMatchObject([{ path: 'apps[0].helm.oci', action: undefined, fix: expect.stringContaining('as the registry lists it') }]);
      expect(found(spec, 'app.chart-source')).toHaveLength(1);
    });
    it('says nothing of a location that is not oci://, nor of an app without a chart', () => {
      expect(found(app({ oci: 'https://ghcr.io/Org/podinfo' }), 'app.oci-reference')).toEqual([]);
      expect(found(modify(threeServers, (e: any) => { e.apps = [{ name: 'plain', layer: 'apps', manifests: 'apps/plain' }]; }), 'app.oci-reference')).toEqual([]);
    });
    it('passes podinfo and a classic repository', () => {
      expect(found(app({}), 'app.oci-reference')).toEqual([]);
      expect(found(modify(threeServers, (e) => { e.apps = [{ ...podinfo, helm: { chart: 'Podinfo', version: '6.14.1', repo: 'https://stefanprodan.github.io/podinfo' } }]; }), 'app.oci-reference')).toEqual([]);
    });
  });

  it('says in full what each program refuses and how to fix it (the texts pinned in the snapshot store)', () => {
    const CODES = ['secret.invalid-key', 'vm.invalid-login-user', 'ssh.invalid-host', 'ssh.invalid-user', 'flux.invalid-branch', 'vm.adopt-invalid-setting', 'app.oci-reference'];
    const k3s = modify(threeServers, (e: any) => {
      e.secrets = [{ namespace: 'apps', name: 'hook', keys: ['a b'] }];
      e.infrastructure.access.user = 'ops admin';
      e.nodes[1].ssh = { host: 'a;b', user: '-l' };
      e.flux.branch = 'a b';
      e.apps = [{ ...podinfo, helm: { ...podinfo.helm, oci: 'oci://ghcr.io/Org-/podinfo' } }, { ...podinfo, name: 'two', helm: { ...podinfo.helm, chart: 'Pod', oci: 'oci://ghcr.io/org/Pod' } }];
    });
    const proxmox = modify(singleServer, (e: any) => { e.infrastructure.adopt = { vms: { solo: { mac: 'BC:24:11:5E:02:01', machine: 'Q35', cpuType: 'nope', osType: 'L26' } } }; });
    const workload = runChecks({ specs: [managementBase, modifyWorkload(workloadBase, (e: any) => { e.infrastructure.proxmox.bootDevice = 'disk0'; })] }).violations.filter((v) => v.code === 'workload.invalid-boot-device');
    const reported = [...check(k3s), ...check(proxmox)].filter((v) => CODES.includes(v.code));
    expect(new Set(reported.map((v) => v.code))).toEqual(new Set(CODES));
    expectReport([...reported, ...workload]);
  });
});
