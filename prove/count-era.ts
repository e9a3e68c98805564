/**
 * The count era: the kind of OpenTofu module operators kept before this tool (resources indexed
 * by `count`, their own volume names), applied with dmacvicar/libvirt 0.8.3, whose state the
 * runbook's migration starts from (clusters/<env>/bootstrap/README.md, "Move the old module's VMs
 * to keyed addresses").
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as versions from '../src/versions';
import { BRIDGE, POOL, URI } from './host';

/** The volume names the old module gave, unlike the stack's `<node>-os.qcow2`. */
export const countEraNames = (node: string) => ({ os: `${node}-root.qcow2`, data: `${node}-longhorn-data.qcow2`, seed: `${node}-cloudinit.iso` });

/** The old module as Terraform JSON, for `nodes` in index order. */
export function countEraModule(nodes: readonly { name: string; mac: string }[], image: string): Record<string, unknown> {
  const names = nodes.map((n) => n.name);
  const at = (field: 'os' | 'data' | 'seed') => `\${local.${field}_names[count.index]}`;
  return {
    terraform: { required_providers: { libvirt: { source: versions.terraformProviders.libvirt.source, version: versions.provingGround.libvirtLegacy.version } } },
    provider: { libvirt: { uri: URI } },
    locals: {
      nodes: names,
      macs: nodes.map((n) => n.mac),
      os_names: names.map((n) => countEraNames(n).os),
      data_names: names.map((n) => countEraNames(n).data),
      seed_names: names.map((n) => countEraNames(n).seed),
    },
    resource: {
      libvirt_volume: {
        base: { name: 'ubuntu-base.qcow2', pool: POOL, source: image, format: 'qcow2' },
        os: { count: names.length, name: at('os'), pool: POOL, base_volume_id: '${libvirt_volume.base.id}', size: 10 * 2 ** 30, format: 'qcow2' },
        data: { count: names.length, name: at('data'), pool: POOL, size: 10 * 2 ** 30, format: 'qcow2' },
      },
      libvirt_cloudinit_disk: {
        seed: { count: names.length, name: at('seed'), pool: POOL, user_data: '#cloud-config\n', meta_data: 'instance-id: ${local.nodes[count.index]}\n' },
      },
      libvirt_domain: {
        node: {
          count: names.length,
          name: '${local.nodes[count.index]}',
          memory: 1024,
          vcpu: 1,
          cloudinit: '${libvirt_cloudinit_disk.seed[count.index].id}',
          disk: [{ volume_id: '${libvirt_volume.os[count.index].id}' }, { volume_id: '${libvirt_volume.data[count.index].id}' }],
          network_interface: [{ bridge: BRIDGE, mac: '${local.macs[count.index]}' }],
        },
      },
    },
  };
}

/**
 * Applies the old module in its own folder with 0.8.3 (whose domain type is kvm unless the
 * provider's own test variable says otherwise: resource_libvirt_domain.go:522) and returns its
 * state file.
 */
export function applyCountEra(dir: string, module: Record<string, unknown>, tf: { tofu: string; cliConfig: string; home: string }): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'main.tf.json'), `${JSON.stringify(module, null, 2)}\n`);
  const env = { ...process.env, HOME: tf.home, TF_CLI_CONFIG_FILE: tf.cliConfig, CHECKPOINT_DISABLE: '1', TERRAFORM_LIBVIRT_TEST_DOMAIN_TYPE: 'qemu' };
  // One resource at a time: 0.8.3 reads each uploaded cloud-init ISO back, and three uploads at
  // once here failed that read ("corrupted-image: EOF") for one of them.
  for (const args of [['init', '-input=false', '-no-color'], ['apply', '-input=false', '-auto-approve', '-no-color', '-parallelism=1']]) {
    const r = spawnSync(tf.tofu, args, { cwd: dir, env, encoding: 'utf8', maxBuffer: 1 << 28 });
    if (r.status !== 0) throw new Error(`the count-era module: tofu ${args[0]} failed:\n${(r.stderr || r.stdout).slice(-1500)}`);
  }
  return path.join(dir, 'terraform.tfstate');
}

/** Each domain's UUID as the 0.8.3 state holds it (its `id`), by name. */
export function countEraUuids(state: string): Map<string, string> {
  const parsed = JSON.parse(fs.readFileSync(state, 'utf8')) as { resources?: { type: string; instances: { attributes: { id: string; name: string } }[] }[] };
  const found = new Map<string, string>();
  for (const r of parsed.resources ?? []) {
    if (r.type !== 'libvirt_domain') continue;
    for (const i of r.instances) found.set(i.attributes.name, i.attributes.id);
  }
  return found;
}
