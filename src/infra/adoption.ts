import type { Environment } from '../model/resolve';

/** A Terraform `import` block: the address it fills and the provider's import id. */
export interface ImportBlock {
  readonly to: string;
  readonly id: string;
}

/** What adopting running VMs does to the state: the addresses imported, and those created anew. */
export interface AdoptionPlan {
  readonly imports: readonly ImportBlock[];
  /** Resources the JSON declares that nothing live corresponds to: created by the first apply. */
  readonly creates: readonly string[];
  /** Imported resources the first apply replaces, with the reason (never a disk that holds data). */
  readonly replaces: readonly { readonly address: string; readonly why: string }[];
}

const key = (type: string, name: string, node: string) => `${type}.${name}["${node}"]`;

/**
 * Import ids as the providers read them: libvirt 0.9.7 imports a domain by its UUID and a volume
 * by its key, its path in a directory pool (`ImportStatePassthroughID` on `uuid` and `id`,
 * internal/provider/{domain,volume}_resource.go at v0.9.7); bpg/proxmox imports a VM as
 * `<node>/<vmid>`. Empty when the environment adopts nothing.
 */
export function adoptionPlan(env: Environment): AdoptionPlan {
  const infra = env.infrastructure;
  if (infra.kind === 'libvirt' && infra.adopt) {
    const { poolPath, domains } = infra.adopt;
    const adopted = env.vms.filter((vm) => domains[vm.node.name] !== undefined).map((vm) => vm.node.name);
    const withData = infra.vm.dataDiskGiB !== undefined;
    const volume = (node: string, name: string, file: string): ImportBlock => ({ to: key('libvirt_volume', name, node), id: `${poolPath}/${file}` });
    return {
      imports: adopted.flatMap((node) => [
        { to: key('libvirt_domain', 'node', node), id: domains[node]! },
        volume(node, 'os', `${node}-os.qcow2`),
        ...(withData ? [volume(node, 'data', `${node}-data.qcow2`)] : []),
        volume(node, 'seed_iso', `${node}-seed.iso`),
      ]),
      creates: [
        'terraform_data.image',
        'libvirt_volume.base',
        ...env.vms.flatMap(({ node: { name } }) =>
          adopted.includes(name)
            ? [key('libvirt_cloudinit_disk', 'seed', name)]
            : [key('libvirt_volume', 'os', name), ...(withData ? [key('libvirt_volume', 'data', name)] : []), key('libvirt_cloudinit_disk', 'seed', name), key('libvirt_volume', 'seed_iso', name), key('libvirt_domain', 'node', name)],
        ),
      ],
      replaces: adopted.map((node) => ({ address: key('libvirt_volume', 'seed_iso', node), why: 'its cloud-init ISO is rebuilt from the model (read at first boot only)' })),
    };
  }
  if (infra.kind === 'proxmox' && infra.adopt) {
    return {
      imports: env.vms.filter((vm) => vm.vmId !== undefined).map((vm) => ({ to: key('proxmox_virtual_environment_vm', 'node', vm.node.name), id: `${infra.node}/${vm.vmId}` })),
      creates: ['proxmox_download_file.image', 'proxmox_virtual_environment_file.vendor_data'],
      replaces: [],
    };
  }
  return { imports: [], creates: [], replaces: [] };
}

