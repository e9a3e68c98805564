import { describe, expect, it } from 'vitest';
import { parseYamlDocuments } from '../../src/tree/yaml';
import { codes, expectOnly } from '../fixtures/expect';
import { check } from '../../src/check/run';
import { longhornRules } from '../../src/components/longhorn/rules';
import { answersTo } from '../../src/model/violation';
import { fiveServersTwoPlanned, modify, threeServers } from '../fixtures/environments';
import { modifyWorkload } from '../fixtures/environments';
import { prod } from '../fixtures/fleet/prod';
import { rendered } from '../fixtures/render';
import { runChecks } from '../../src/check/run';
import { lab1, mgmtOfLab1 } from '../fixtures/workload';

const withLonghorn = modify(threeServers, (e) => { e.longhorn = {}; });

describe('Longhorn', () => {
  it('installs the chart with a 3-replica default class and its disk on the data disk mount, plus a bulk class and its namespace', () => {
    const tree = rendered(withLonghorn);
    const release = tree.doc('kubernetes/platform/longhorn/helmrelease.longhorn-system.longhorn.yaml');
    expect(release.spec.values).toEqual({
      persistence: { defaultClass: true, defaultClassReplicaCount: 3, defaultFsType: 'ext4' },
      defaultSettings: { defaultDataPath: '/var/lib/longhorn', upgradeChecker: false },
    });
    expect(tree.doc('kubernetes/platform/longhorn/helmrepository.flux-system.longhorn.yaml').spec.url).toBe('https://charts.longhorn.io');
    const bulk = tree.doc('kubernetes/platform/longhorn/storageclass.bulk.yaml');
    expect(bulk).toMatchObject({ provisioner: 'driver.longhorn.io', parameters: { numberOfReplicas: '1', dataLocality: 'best-effort' } });
    expect(bulk.metadata.annotations).toBeUndefined();
    expect(tree.doc('kubernetes/platform/longhorn/namespace.longhorn-system.yaml').metadata).toEqual({ name: 'longhorn-system' });
  });

  it("mounts each VM's data disk where Longhorn's default disk is, and installs iSCSI and NFS there", () => {
    const tf = JSON.parse(rendered(withLonghorn).text('terraform/cdk.tf.json'));
    const userData = parseYamlDocuments(tf.locals.nodes_by_name['fx-1'].user_data)[0] as any;
    expect(userData.mounts).toEqual([['LABEL=longhorn', '/var/lib/longhorn', 'ext4', 'defaults,nofail', '0', '2']]);
    expect(userData.packages).toEqual(['qemu-guest-agent', 'open-iscsi', 'nfs-common']);
    expect(userData.runcmd).toContainEqual(['systemctl', 'enable', '--now', 'iscsid']);
    const without = JSON.parse(rendered(threeServers).text('terraform/cdk.tf.json'));
    expect((parseYamlDocuments(without.locals.nodes_by_name['fx-1'].user_data)[0] as any).packages).toEqual(['qemu-guest-agent']);
  });

  it('tells the bare-metal runbook to install the prerequisites on every server, at the chosen data path', () => {
    const spec = modify(prod, (e) => { e.longhorn = { dataPath: '/data/longhorn' }; });
    const runbook = rendered(spec).text('bootstrap/README.md');
    expect(runbook).toContain('Longhorn prerequisites on every live server');
    // Over the NAT target the model gives for each server.
    expect(runbook).toContain("-p 2251 192.168.2.102 'sudo apt-get install -y open-iscsi nfs-common && sudo systemctl enable --now iscsid && sudo install -d -m 0700 /data/longhorn'");
    expect(rendered(spec).doc('kubernetes/platform/longhorn/helmrelease.longhorn-system.longhorn.yaml').spec.values.defaultSettings.defaultDataPath).toBe('/data/longhorn');
    expect(rendered(modify(prod, (e) => { delete e.longhorn; })).text('bootstrap/README.md')).not.toContain('Longhorn');
  });

  it('passes clean on a three-server environment with data disks', () => {
    expect(codes(withLonghorn)).toEqual([]);
  });

  it.each([['replicas', 4], ['bulkReplicas', 7]])('refuses %s: %s, more than the servers', (field, value) => {
    const [v] = expectOnly(modify(withLonghorn, (e) => { e.longhorn = { [field]: value }; }), 'longhorn.replicas-exceed-servers');
    expect(v).toMatchObject({ path: `fixture.longhorn.${field}`, value: String(value), message: `${value} replicas need ${value} nodes; fixture has 3, so every volume stays degraded and new ones never schedule`, fix: 'set a whole number from 1 to 3' });
  });

  it.each([
    ['bulkReplicas', 0, '0 replicas: a volume needs at least one'],
    ['replicas', -1, '-1 replicas: a volume needs at least one'],
    ['replicas', 2.5, '2.5 is not a whole number of replicas'],
  ])('refuses %s: %s under its own code, which exceeds nothing', (field, value, message) => {
    const [v] = expectOnly(modify(withLonghorn, (e) => { e.longhorn = { [field]: value }; }), 'longhorn.replicas-invalid');
    expect(v).toMatchObject({ path: `fixture.longhorn.${field}`, value: String(value), message, fix: 'set a whole number from 1 to 3' });
  });

  it('proposes 1, not a range of one, on a single server', () => {
    const one = modify(withLonghorn, (e) => { e.nodes.splice(1, 2); delete e.controlPlane.vip; e.longhorn = { replicas: 2 }; });
    expect(check(one).find((v) => v.code === 'longhorn.replicas-exceed-servers')!.fix).toBe('set 1 (one server holds one replica)');
    const none = modify(withLonghorn, (e) => { e.nodes.splice(1, 2); delete e.controlPlane.vip; e.longhorn = { replicas: 0 }; });
    expect(check(none).find((v) => v.code === 'longhorn.replicas-invalid')!.fix).toBe('set 1 (one server holds one replica)');
  });



  it('accepts the bounds: 1 and as many replicas as servers', () => {
    expect(codes(modify(withLonghorn, (e) => { e.longhorn = { replicas: 1, bulkReplicas: 3 }; }))).toEqual(codes(withLonghorn));
  });

  it('keeps the code it was split from as an alias for one release', () => {
    const rule = longhornRules.find((r) => r.code === 'longhorn.replicas-invalid')!;
    expect(rule.aliases).toEqual(['longhorn.replicas-exceed-servers']);
    expect(answersTo('longhorn.replicas-invalid', 'longhorn.replicas-exceed-servers', longhornRules)).toBe(true);
    expect(answersTo('longhorn.replicas-exceed-servers', 'longhorn.replicas-invalid', longhornRules)).toBe(false);
    expect(answersTo('longhorn.replicas-exceed-live', 'longhorn.replicas-exceed-servers', longhornRules)).toBe(false);
  });

  it('warns while the replicas need servers that are still planned', () => {
    // Three live servers and two planned: four replicas fit the five, not yet the three.
    const spec = modify(fiveServersTwoPlanned, (e) => { e.longhorn = { replicas: 4 }; });
    expect(codes(spec)).toEqual([...codes(fiveServersTwoPlanned), 'longhorn.replicas-exceed-live'].sort());
    const [v] = check(spec).filter((x) => x.code === 'longhorn.replicas-exceed-live');
    expect(v).toMatchObject({ severity: 'warning', path: 'five.longhorn.replicas', value: '4', message: '4 replicas on 3 live servers: volumes stay degraded until 1 of the 2 planned servers is live' });
    const [w] = check(modify(fiveServersTwoPlanned, (e) => { e.longhorn = { replicas: 5 }; })).filter((x) => x.code === 'longhorn.replicas-exceed-live');
    expect(w!.message).toBe('5 replicas on 3 live servers: volumes stay degraded until 2 of the 2 planned servers are live');
  });

  it('refuses VMs without a data disk', () => {
    const [v] = expectOnly(modify(withLonghorn, (e: any) => { delete e.infrastructure.vm.dataDiskGiB; }), 'longhorn.data-disk-missing');
    expect(v).toMatchObject({ path: 'fixture.nodes[0].vm.dataDiskGiB' });
  });

  it('refuses a data path on VMs, and a relative one on bare metal', () => {
    expectOnly(modify(withLonghorn, (e) => { e.longhorn = { dataPath: '/srv/longhorn' }; }), 'longhorn.data-path');
    const spec = modify(prod, (e) => { e.longhorn = { dataPath: 'data/longhorn/' }; });
    expect(codes(spec)).toContain('longhorn.data-path');
  });

  it.each([['data/longhorn'], ['/data/longhorn/'], ['/data/../longhorn'], ['/data//longhorn']])('refuses the bare-metal data path %s: not an absolute, normalised directory', (dataPath) => {
    const found = check(modify(prod, (e) => { e.longhorn = { dataPath }; })).filter((v) => v.code === 'longhorn.data-path');
    expect(found).toEqual([expect.objectContaining({ path: 'prod.longhorn.dataPath', value: dataPath, message: `"${dataPath}" is not an absolute, normalised directory`, fix: 'write it like /var/lib/longhorn' })]);
  });

  it('accepts an absolute, normalised data path on bare metal', () => {
    expect(check(modify(prod, (e) => { e.longhorn = { dataPath: '/data/longhorn' }; })).filter((v) => v.code === 'longhorn.data-path')).toEqual([]);
  });

  it('refuses a layer that lists a namespace the component creates', () => {
    const [v] = expectOnly(modify(withLonghorn, (e) => { e.flux.layers[0]!.namespaces = ['monitoring', 'longhorn-system']; }), 'namespace.created-by-component');
    expect(v).toMatchObject({ path: 'fixture.flux.layers[0].namespaces[1]', value: 'longhorn-system' });
  });
});

describe('Longhorn on a workload cluster', () => {
  // Its worker machines hold the replicas: kubeadm's control plane is tainted NoSchedule.
  const withLonghorn = (workers: number) =>
    modifyWorkload(lab1, (e) => { e.longhorn = {}; e.infrastructure.workers![0]!.replicas = workers; });
  const replicaErrors = (spec: ReturnType<typeof withLonghorn>) =>
    runChecks({ specs: [mgmtOfLab1, spec], selected: [spec] }).violations.filter((v) => v.code === 'longhorn.replicas-exceed-servers');

  it('counts the worker machines, not servers it has none of', () => {
    expect(replicaErrors(withLonghorn(2)).map((v) => [v.path, v.message])).toEqual([
      ['lab1.longhorn.replicas', '3 replicas need 3 nodes; lab1 has 2, so every volume stays degraded and new ones never schedule'],
    ]);
    expect(replicaErrors(withLonghorn(3))).toEqual([]);
  });

  it('proposes, for a count too low, the range of the worker machines, as the rule against too many does', () => {
    const fixes = (replicas: number, code: string) => {
      const spec = modifyWorkload(lab1, (e) => { e.longhorn = { replicas }; e.infrastructure.workers![0]!.replicas = 2; });
      return runChecks({ specs: [mgmtOfLab1, spec], selected: [spec] }).violations.filter((v) => v.code === code).map((v) => v.fix);
    };
    expect(fixes(9, 'longhorn.replicas-exceed-servers')).toEqual(['set a whole number from 1 to 2']);
    expect(fixes(0, 'longhorn.replicas-invalid')).toEqual(['set a whole number from 1 to 2']);
  });
});
