import { describe, expect, it } from 'vitest';
import { check } from '../../src/check/run';
import { adoptionPlan } from '../../src/infra/adoption';
import { inspectState } from '../../src/infra/state-inspection';
import { environmentSchema } from '../../src/model/environment';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolve } from '../../src/model/resolve';
import type { K3sEnvironment } from '../../src/model/resolve';
import { specFields } from '../../src/model/spec-walk';
import * as versions from '../../src/versions';
import { modify } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { rendered } from '../fixtures/render';

const PROVIDER = 'provider["registry.opentofu.org/dmacvicar/libvirt"]';
const NODES = ['k3s-dev-1', 'k3s-dev-2'];
const BASE = 'noble-server-cloudimg-amd64-20260926.qcow2';
const POOL_PATH = '/var/lib/libvirt/images';

/** The stack as the libvirt stack writes it: per-node blocks with for_each over local.nodes_by_name. */
function stack(moved: { from: string; to: string }[] = []) {
  const each = '${local.nodes_by_name}';
  return {
    locals: { nodes_by_name: Object.fromEntries(NODES.map((n, i) => [n, { ip: `192.168.1.${51 + i}`, vcpu: 2, memory_mib: 4096 }])) },
    resource: {
      terraform_data: { image: { input: { url: `https://cloud-images.ubuntu.com/${BASE}` } } },
      libvirt_volume: {
        base: { for_each: { 20260926: { file: BASE } }, name: '${each.value.file}', pool: 'default', lifecycle: { ignore_changes: ['create'] } },
        os: { for_each: each, name: '${each.key}-os.qcow2', pool: 'default', backing_store: { path: '${libvirt_volume.base["20260926"].path}' } },
      },
      libvirt_cloudinit_disk: { seed: { for_each: each, name: '${each.key}-seed', user_data: '#cloud-config', meta_data: 'instance-id: ${each.key}' } },
      libvirt_domain: { node: { for_each: each, name: '${each.key}', type: 'kvm', vcpu: '${each.value.vcpu}', lifecycle: { prevent_destroy: true } } },
    },
    ...(moved.length > 0 && { moved }),
  };
}

/** moved blocks as migrateFromCount writes them, for the first `count` nodes. */
const countMoves = (count: number) => [
  { from: 'libvirt_volume.base', to: 'libvirt_volume.base["20260926"]' },
  ...NODES.slice(0, count).flatMap((n, i) => ['libvirt_volume.os', 'libvirt_cloudinit_disk.seed', 'libvirt_domain.node'].map((r) => ({ from: `${r}[${i}]`, to: `${r}["${n}"]` }))),
];

type Instance = { index_key?: string | number; attributes: Record<string, unknown>; dependencies?: string[] };
const resource = (type: string, name: string, instances: Instance[], extra: Record<string, unknown> = {}) => ({
  mode: 'managed',
  type,
  name,
  provider: PROVIDER,
  ...extra,
  instances: instances.map((i) => ({ schema_version: 0, sensitive_attributes: [], dependencies: [], ...i })),
});

/** A state as `tofu state pull` prints it. */
const tfstate = (resources: unknown[]) => ({
  version: 4,
  terraform_version: '1.8.5',
  serial: 17,
  lineage: '0f3c2d1e-6b7a-4c8d-9e0f-1a2b3c4d5e6f',
  outputs: {},
  resources,
  check_results: null,
});

// Attribute shapes of dmacvicar/libvirt 0.9.7 (docs/resources/{volume,cloudinit_disk,domain}.md).
const volume097 = (name: string) => ({
  allocation: 1_073_741_824, capacity: 21_474_836_480, capacity_unit: 'bytes', create: null, id: `${POOL_PATH}/${name}`, key: `${POOL_PATH}/${name}`,
  name, path: `${POOL_PATH}/${name}`, physical: 1_073_741_824, pool: 'default', target: { format: { type: 'qcow2' }, path: `${POOL_PATH}/${name}` }, type: 'file',
});
const seed097 = (node: string) => ({ id: 'c0ffee', meta_data: `instance-id: ${node}`, name: `${node}-seed`, network_config: null, path: `/tmp/terraform-provider-libvirt-cloudinit/${node}-seed.iso`, size: 374784, user_data: '#cloud-config' });
const domain097 = (node: string) => ({ autostart: true, cpu: { mode: 'host-passthrough' }, devices: { disks: [] }, id: 3, memory: 4096, memory_unit: 'MiB', name: node, running: true, type: 'kvm', uuid: `5c1e0a3b-0000-4000-8000-00000000000${node.at(-1)}`, vcpu: 2 });

/** A state already at the stack's keyed addresses. */
const keyedState = () => tfstate([
  resource('libvirt_cloudinit_disk', 'seed', NODES.map((n) => ({ index_key: n, attributes: seed097(n) }))),
  resource('libvirt_domain', 'node', NODES.map((n) => ({ index_key: n, attributes: domain097(n) }))),
  resource('libvirt_volume', 'base', [{ index_key: '20260926', attributes: volume097(BASE) }]),
  resource('libvirt_volume', 'os', NODES.map((n) => ({ index_key: n, attributes: volume097(`${n}-os.qcow2`) }))),
  { mode: 'managed', type: 'terraform_data', name: 'image', provider: 'provider["terraform.io/builtin/terraform"]', instances: [{ schema_version: 0, attributes: { id: 'd1a2', input: { value: {} } }, sensitive_attributes: [] }] },
]);

/** A state of the older count-based module, at 0.9.7: `count` indexes, an unkeyed base volume. */
const countState = (nodes = NODES.length, baseName = BASE) => tfstate([
  resource('libvirt_cloudinit_disk', 'seed', NODES.slice(0, nodes).map((n, i) => ({ index_key: i, attributes: seed097(n) }))),
  resource('libvirt_domain', 'node', [...NODES, 'k3s-dev-3'].slice(0, nodes).map((n, i) => ({ index_key: i, attributes: domain097(n) }))),
  resource('libvirt_volume', 'base', [{ attributes: volume097(baseName) }]),
  resource('libvirt_volume', 'os', NODES.slice(0, nodes).map((n, i) => ({ index_key: i, attributes: volume097(`${n}-os.qcow2`) }))),
]);

const codes = (findings: ReturnType<typeof inspectState>) => findings.map((f) => [f.code, f.address]);

describe('inspectState', () => {
  it('finds nothing when every instance is already at its declared keyed address', () => {
    expect(inspectState(keyedState(), stack(), 'dev')).toEqual([]);
  });

  it('finds nothing when the moved blocks take every count instance, and the unkeyed base, to a declared address', () => {
    expect(inspectState(countState(), stack(countMoves(2)), 'dev')).toEqual([]);
  });

  it.each([
    ['is not an object', 'tofu state pull failed'],
    ['is format version 3 (Terraform 0.11)', { ...keyedState(), version: 3 }],
    ['has no resources array', { version: 4, serial: 1, lineage: 'x', outputs: {} }],
    ['has a resource without instances', tfstate([{ mode: 'managed', type: 'libvirt_domain', name: 'node' }])],
  ])('fails when the state %s', (_why, state) => {
    const findings = inspectState(state, stack());
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ code: 'state.unreadable', fix: expect.stringContaining('format version 4') });
  });

  it('fails when the state holds instances written by libvirt 0.8.x, and tells to adopt the domain by its UUID', () => {
    // Attributes as 0.8.3's SDKv2 schemas write them (v0.8.3 libvirt/resource_libvirt_{domain,volume}.go).
    const domain083 = {
      arch: 'x86_64', autostart: true, boot_device: [], cloudinit: '/var/lib/libvirt/images/k3s-dev-1-seed.iso;8e2b…', cmdline: null, console: [{ source_host: '127.0.0.1', target_port: '0', target_type: 'serial', type: 'pty' }],
      coreos_ignition: null, cpu: [{ mode: 'host-passthrough' }], description: '', disk: [{ block_device: '', file: '', scsi: false, url: '', volume_id: '/var/lib/libvirt/images/k3s-dev-1-os.qcow2', wwn: '' }],
      emulator: '/usr/bin/qemu-system-x86_64', filesystem: [], firmware: null, fw_cfg_name: 'opt/com.coreos/config', graphics: [], id: '9d5b3c5e-2f7a-4e1b-8c3d-4a5b6c7d8e9f', initrd: '', kernel: '', machine: 'pc-q35-8.2',
      memory: 4096, metadata: null, name: 'k3s-dev-1', network_interface: [{ addresses: ['192.168.1.51'], bridge: 'br0', hostname: '', mac: '52:54:00:6b:3c:01', macvtap: '', network_id: '', network_name: '', passthrough: '', private: '', vepa: '', wait_for_lease: false }],
      nvram: [], qemu_agent: true, running: true, timeouts: null, tpm: [], type: 'kvm', vcpu: 2, video: [], xml: [],
    };
    const volume083 = { base_volume_id: `${POOL_PATH}/ubuntu-base.qcow2`, base_volume_name: null, base_volume_pool: null, format: 'qcow2', id: `${POOL_PATH}/k3s-dev-1-os.qcow2`, name: 'k3s-dev-1-os.qcow2', pool: 'default', size: 21_474_836_480, source: null, xml: [] };
    const state = tfstate([resource('libvirt_domain', 'node', [{ index_key: 0, attributes: domain083 }]), resource('libvirt_volume', 'os', [{ index_key: 0, attributes: volume083 }])]);
    const findings = inspectState(state, stack(countMoves(1)), 'dev');
    expect(codes(findings)).toEqual([['state.provider-0.8', 'libvirt_domain.node[0]'], ['state.provider-0.8', 'libvirt_volume.os[0]']]);
    expect(findings[0]!.message).toBe('libvirt_domain.node[0] has attributes only dmacvicar/libvirt 0.8.x writes: disk, network_interface, qemu_agent');
    // The files come from the state: virsh domblklist names a 0.8 disk by its volume, not its file.
    expect(findings[0]!.fix).toContain('infrastructure.adopt.domains["k3s-dev-1"] = {"uuid":"9d5b3c5e-2f7a-4e1b-8c3d-4a5b6c7d8e9f","osDisk":"/var/lib/libvirt/images/k3s-dev-1-os.qcow2","seed":"/var/lib/libvirt/images/k3s-dev-1-seed.iso"} (read from this state), with infrastructure.migrateFromCount and that node\'s nodes[].vm.image left out');
    expect(findings[0]!.fix).toContain('empty state');
    // Without a file in the state, the fix names where each file is read.
    const bare = tfstate([resource('libvirt_domain', 'node', [{ index_key: 0, attributes: { ...domain083, disk: [{ volume_id: '' }] } }])]);
    expect(inspectState(bare, stack(countMoves(1)), 'dev')[0]!.fix).toContain('{ uuid: "9d5b3c5e-2f7a-4e1b-8c3d-4a5b6c7d8e9f", osDisk, dataDisk } (each disk\'s file: virsh domblklist names a volume, virsh vol-path --pool <pool> <volume> its file)');
    expect(findings[1]!.message).toContain('size, format, base_volume_id, source');
  });

  it('fails when the state holds a resource the stack neither declares nor moves: the apply would destroy it', () => {
    const state = countState();
    state.resources.push(
      resource('libvirt_network', 'lan', [{ attributes: { autostart: true, bridge: { name: 'virbr1' }, id: '7f1e…', name: 'lan', uuid: '7f1e…' } }]),
      // The base image under another name: every OS disk may be an overlay of it.
      resource('libvirt_volume', 'ubuntu', [{ attributes: volume097('ubuntu-22.04.qcow2') }]),
      resource('libvirt_domain', 'node', [{ index_key: 0, attributes: domain097('k3s-dev-1') }], { module: 'module.k3s' }),
      // A data source is read again on every plan: never destroyed.
      { mode: 'data', type: 'libvirt_node_info', name: 'host', provider: PROVIDER, instances: [{ schema_version: 0, attributes: { id: 'host' } }] },
    );
    const findings = inspectState(state, stack(countMoves(2)), 'dev');
    expect(codes(findings)).toEqual([
      ['state.not-declared', 'libvirt_network.lan'],
      ['state.not-declared', 'libvirt_volume.ubuntu'],
      ['state.not-declared', 'module.k3s.libvirt_domain.node[0]'],
    ]);
    expect(findings[1]).toMatchObject({
      message: 'libvirt_volume.ubuntu (name "ubuntu-22.04.qcow2") is in the state, and the stack neither declares it nor moves it',
      // init first: state rm needs the backend, which deploy initialises only after this inspection passes.
      fix: expect.stringContaining("tofu (or terraform) -chdir=clusters/dev/terraform init -input=false, then tofu -chdir=clusters/dev/terraform state rm 'libvirt_volume.ubuntu'"),
    });
  });

  it('fails when a moved block takes a state instance to an address the stack does not declare', () => {
    const state = keyedState();
    state.resources.push(resource('libvirt_domain', 'vm', [{ index_key: 'k3s-dev-3', attributes: domain097('k3s-dev-3') }]));
    const findings = inspectState(state, stack([{ from: 'libvirt_domain.vm', to: 'libvirt_domain.node' }]));
    expect(codes(findings)).toEqual([['state.not-declared', 'libvirt_domain.vm["k3s-dev-3"]']]);
    expect(findings[0]!.message).toBe('libvirt_domain.vm["k3s-dev-3"] is in the state and moved to libvirt_domain.node["k3s-dev-3"], which the stack does not declare');
    expect(findings[0]!.fix).toContain("clusters/<env>/terraform state rm 'libvirt_domain.vm[\"k3s-dev-3\"]'");
  });

  it('fails when a moved block takes the base image volume to a target with another name: the move would replace it', () => {
    const findings = inspectState(countState(2, 'noble-server-cloudimg-amd64-20250101.qcow2'), stack(countMoves(2)), 'dev');
    expect(codes(findings)).toEqual([['state.move-replaces', 'libvirt_volume.base']]);
    expect(findings[0]!.message).toBe(`libvirt_volume.base is in the state with name "noble-server-cloudimg-amd64-20250101.qcow2", and the moved block to libvirt_volume.base["20260926"] configures name "${BASE}"`);
    // The name is the declared one with another serial: recording that serial keeps it, under its name.
    expect(findings[0]!.fix).toContain("record the serial the OS disks are built on, vm: { image: \"20250101\" } on each node built on it (nodes[].vm.image)");
    expect(findings[0]!.fix).not.toContain('state rm');
  });

  it('fails when an instance at its declared address has another name than the stack configures', () => {
    const state = keyedState();
    (state.resources[1] as ReturnType<typeof resource>).instances[0]!.attributes.name = 'dev-1';
    const findings = inspectState(state, stack());
    expect(codes(findings)).toEqual([['state.move-replaces', 'libvirt_domain.node["k3s-dev-1"]']]);
    expect(findings[0]!.message).toBe('libvirt_domain.node["k3s-dev-1"] is in the state with name "dev-1", and the stack configures name "k3s-dev-1"');
  });

  it('fails when migrateFromCount lists fewer nodes than the old module counted: the unmapped index would be destroyed', () => {
    const state = countState(3);
    const findings = inspectState(state, stack(countMoves(2)), 'dev');
    expect(codes(findings)).toEqual([['state.unmapped-index', 'libvirt_domain.node[2]']]);
    expect(findings[0]).toMatchObject({
      message: 'libvirt_domain.node[2] (name "k3s-dev-3") is in the state, and the stack\'s moved blocks map only indexes 0, 1 of libvirt_domain.node',
      fix: expect.stringContaining('infrastructure.migrateFromCount'),
    });
  });

  it.each([
    ['a null stack', null],
    ['a stack with odd shapes', { resource: { libvirt_domain: null, libvirt_volume: { os: 'x' } }, moved: [null, { from: 1 }], locals: null }],
  ])('never throws on %s', (_why, odd) => {
    expect(() => inspectState(keyedState(), odd)).not.toThrow();
    expect(() => inspectState({ version: 4, resources: [{ type: 'a', name: 'b', instances: [null, { index_key: {}, attributes: 5 }] }] }, stack())).not.toThrow();
  });
});

describe('inspectState: what the stack itself plans to destroy', () => {
  it("passes an instance of the stack's own resources it no longer declares (a node removed, a serial no longer used): a plain destroy, which the review shows", () => {
    const state = keyedState();
    state.resources.push(resource('libvirt_domain', 'node', [{ index_key: 'k3s-dev-9', attributes: domain097('k3s-dev-9') }]));
    state.resources.push(resource('terraform_data', 'image', [{ index_key: '20250101', attributes: { id: 'x', input: {} } }]));
    state.resources.push(resource('libvirt_domain', 'adopted', [{ index_key: 'k3s-dev-2', attributes: domain097('k3s-dev-2') }]));
    expect(inspectState(state, stack())).toEqual([]);
  });
});

// The tool's own stack for the example-shaped fixture (three servers with data disks, migrateFromCount).
const devStack = (spec: EnvironmentSpec = dev) => JSON.parse(rendered(spec).text('terraform/cdk.tf.json'));
const DEV_NODES = ['k3s-dev-1', 'k3s-dev-2', 'k3s-dev-3'];
const devBase = (serial: string) => `${versions.cloudImage.name}-${serial}.qcow2`;
const uuidOf = (i: number) => `5c1e0a3b-0000-4000-8000-00000000000${i + 1}`;
/** A 0.9.7 domain running on the named volumes of the pool. */
const domainOn = (node: string, i: number, volumes: string[]) => ({
  ...domain097(node),
  uuid: uuidOf(i),
  devices: { disks: volumes.map((volume, d) => ({ source: { volume: { pool: 'default', volume } }, target: { dev: `vd${'ab'[d]}`, bus: 'virtio' } })) },
});
/** The count-era module's state, its OS and data volumes named `<node>.qcow2` and `<node>-longhorn.qcow2`. */
const renamedCountState = () => tfstate([
  resource('libvirt_domain', 'node', DEV_NODES.map((n, i) => ({ index_key: i, attributes: domainOn(n, i, [`${n}.qcow2`, `${n}-longhorn.qcow2`]) }))),
  resource('libvirt_volume', 'os', DEV_NODES.map((n, i) => ({ index_key: i, attributes: volume097(`${n}.qcow2`) }))),
  resource('libvirt_volume', 'data', DEV_NODES.map((n, i) => ({ index_key: i, attributes: volume097(`${n}-longhorn.qcow2`) }))),
  resource('libvirt_cloudinit_disk', 'seed', DEV_NODES.map((n, i) => ({ index_key: i, attributes: seed097(n) }))),
  resource('libvirt_volume', 'base', [{ attributes: volume097(devBase(versions.cloudImage.serial)) }]),
]);
/** The adopt.domains object a fix spells out, as JSON. */
const adoptedIn = (fix: string) => JSON.parse(/infrastructure\.adopt\.domains = (\{.*?\}) \(read from this state\)/.exec(fix)?.[1] ?? 'null');

describe('inspectState: fixes that keep what a domain runs on', () => {
  it('fails when the count-era volumes carry other names: the domains are adopted on those very files, never a state rm that would give them new, empty volumes', () => {
    const findings = inspectState(renamedCountState(), devStack(), 'dev');
    expect(codes(findings)).toEqual([
      ...DEV_NODES.map((n) => ['state.move-replaces', `libvirt_volume.os[${DEV_NODES.indexOf(n)}]`]),
      ...DEV_NODES.map((n) => ['state.move-replaces', `libvirt_volume.data[${DEV_NODES.indexOf(n)}]`]),
    ]);
    for (const f of findings) {
      expect(f.fix).not.toContain('state rm');
      expect(f.fix).toContain('infrastructure.migrateFromCount left out, nodes[].vm.image left out on each adopted node, and start from an empty state');
      expect(adoptedIn(f.fix)).toEqual(Object.fromEntries(DEV_NODES.map((n, i) => [n, { uuid: uuidOf(i), osDisk: `${POOL_PATH}/${n}.qcow2`, dataDisk: `${POOL_PATH}/${n}-longhorn.qcow2` }])));
    }
  });

  it('fails when a volume the stack does not declare is one a domain runs on: adopt, never state rm; one no domain uses may be forgotten', () => {
    const state = countState(2);
    const disks = (n: string) => ({ ...domain097(n), devices: { disks: [{ source: { volume: { pool: 'default', volume: `${n}-os.qcow2` } } }, { source: { file: { file: `${POOL_PATH}/${n}-scratch.qcow2` } } }] } });
    (state.resources[1] as ReturnType<typeof resource>).instances.forEach((i, k) => { i.attributes = disks(NODES[k]!); });
    state.resources.push(resource('libvirt_volume', 'scratch', NODES.map((n, i) => ({ index_key: i, attributes: volume097(`${n}-scratch.qcow2`) }))));
    state.resources.push(resource('libvirt_volume', 'iso', [{ attributes: volume097('debian.iso') }]));
    const findings = inspectState(state, stack(countMoves(2)), 'dev');
    expect(codes(findings)).toEqual([['state.not-declared', 'libvirt_volume.scratch[0]'], ['state.not-declared', 'libvirt_volume.scratch[1]'], ['state.not-declared', 'libvirt_volume.iso']]);
    expect(findings[2]!.fix).toContain("state rm 'libvirt_volume.iso'");
    for (const f of findings.slice(0, 2)) {
      expect(f.fix).not.toContain('state rm');
      expect(f.fix).toMatch(/^keep it and the disks its domain runs on: adopt the domains instead of moving them/);
    }
  });

  it("fails when the old module counted a domain the environment has no node for: the fix adds the node before listing it (migrateFromCount names live nodes only)", () => {
    const state = countState(3);
    const findings = inspectState(state, stack(countMoves(2)), 'dev');
    expect(findings[0]!.fix).toBe('"k3s-dev-3" is no node the stack creates: add it to nodes (name "k3s-dev-3", with its ip) and list it at index 2 of infrastructure.migrateFromCount, or the apply destroys it');
  });

  it('proposes only fixes the tool accepts: the settings each names exist, and the adoption it spells out passes check and plans from an empty state with nothing to find', () => {
    const fields = new Set(specFields(environmentSchema).map((f) => f.path));
    const keyed = keyedState();
    (keyed.resources[1] as ReturnType<typeof resource>).instances[0]!.attributes.name = 'dev-1';
    const scenarios = [
      inspectState(renamedCountState(), devStack(), 'dev'),
      inspectState(countState(3), stack(countMoves(2)), 'dev'),
      inspectState(countState(2, 'noble-server-cloudimg-amd64-20250101.qcow2'), stack(countMoves(2)), 'dev'),
      inspectState(keyed, stack(), 'dev'),
      inspectState(tfstate([resource('libvirt_domain', 'node', [{ index_key: 0, attributes: { ...domain097('k3s-dev-1'), disk: [], network_interface: [], qemu_agent: true } }])]), stack(countMoves(1)), 'dev'),
    ].flat();
    expect(new Set(scenarios.map((f) => f.code))).toEqual(new Set(['state.move-replaces', 'state.unmapped-index', 'state.provider-0.8']));
    for (const { fix } of scenarios) {
      const named = (fix.match(/\b(?:infrastructure|nodes)(?:\.[A-Za-z]+|\[[^\]]*\])+/g) ?? []).map((p) => p.replace(/\[\d*\]/g, '[]').replace(/\["[^"]*"\]|\.<node>/g, '.<name>'));
      expect(named.filter((p) => !fields.has(p)), fix).toEqual([]);
    }

    // The adoption, applied as written to the environment and the state.
    const entries = adoptedIn(inspectState(renamedCountState(), devStack(), 'dev')[0]!.fix);
    const adopted = modify(dev, (e: any) => {
      e.infrastructure.adopt = { domains: entries };
      delete e.infrastructure.migrateFromCount;
      for (const n of e.nodes) delete n.vm;
    });
    expect(check(adopted).filter((v) => v.severity === 'error')).toEqual([]);
    expect(inspectState(tfstate([]), devStack(adopted), 'dev')).toEqual([]);
    expect(adoptionPlan(resolve(adopted) as K3sEnvironment).imports.map((i) => i.id)).toEqual(DEV_NODES.map((_, i) => uuidOf(i)));

    // The serial, recorded as the fix says: the move keeps the base volume's name.
    const recorded = modify(dev, (e) => { for (const n of e.nodes) n.vm = { image: '20250101' }; });
    expect(check(recorded).filter((v) => v.severity === 'error')).toEqual([]);
    const base = tfstate([resource('libvirt_volume', 'base', [{ attributes: volume097(devBase('20250101')) }])]);
    expect(inspectState(base, devStack(recorded), 'dev')).toEqual([]);
  });
});
