import type { K3sEnvironment } from '../model/resolve';

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
  /** The first plan's summary, as `deploy --expect` checks it: nothing changed, nothing destroyed. */
  readonly expect: string;
}

const key = (type: string, name: string, node: string) => `${type}.${name}["${node}"]`;

/** The nodes this stack creates on libvirt (not adopted), with the serials their OS disks overlay. */
export function createdVms(env: K3sEnvironment) {
  const infra = env.infrastructure;
  const adopted = infra.kind === 'libvirt' && infra.adopt ? infra.adopt.domains : {};
  return env.vms.filter((vm) => !(vm.node.name in adopted));
}

/** The cloud image serials some created libvirt OS disk is an overlay of, oldest first. */
export const imagesInUse = (env: K3sEnvironment): string[] => [...new Set(createdVms(env).map((vm) => vm.image))].sort();

/** The serials in use that the stack fetches (their checksum known), with it, oldest first. */
export const fetchedImages = (env: K3sEnvironment): ReadonlyMap<string, string> =>
  new Map(imagesInUse(env).filter((s) => env.cloudImages.has(s)).map((s) => [s, env.cloudImages.get(s)!]));

/** Every per-node address the libvirt stack declares for a node it creates. */
export function libvirtNodeAddresses(env: K3sEnvironment, node: string): string[] {
  const withData = env.infrastructure.kind === 'libvirt' && env.infrastructure.vm.dataDiskGiB !== undefined;
  return [
    key('terraform_data', 'os_image', node),
    key('libvirt_volume', 'os', node),
    ...(withData ? [key('libvirt_volume', 'data', node)] : []),
    key('libvirt_cloudinit_disk', 'seed', node),
    key('libvirt_volume', 'seed_iso', node),
    key('libvirt_domain', 'node', node),
  ];
}

/**
 * Import ids as the pinned providers read them: libvirt 0.9.7 imports a domain by its UUID
 * (`ImportStatePassthroughID` on `uuid`, internal/provider/domain_resource.go:970-971) and no
 * volume (its ImportState sets only `id`, volume_resource.go:490-491, while Read looks the volume
 * up by `key`, :351-352, null after an import): adopted disks are attached by path, unmanaged.
 * bpg/proxmox imports a VM as `<node>/<vmid>` (proxmoxtf/resource/vm/vm.go:1794-1809).
 */
export function adoptionPlan(env: K3sEnvironment): AdoptionPlan {
  const infra = env.infrastructure;
  const summary = (imports: number, creates: number) => `import=${imports},add=${creates},change=0,destroy=0`;
  if (infra.kind === 'libvirt' && infra.adopt) {
    const { domains } = infra.adopt;
    const adopted = env.vms.filter((vm) => domains[vm.node.name] !== undefined).map((vm) => vm.node.name);
    const created = createdVms(env).map((vm) => vm.node.name);
    const images = imagesInUse(env);
    const imports = adopted.map((node) => ({ to: key('libvirt_domain', 'adopted', node), id: domains[node]!.uuid }));
    const creates = [
      ...[...fetchedImages(env).keys()].map((s) => `terraform_data.image["${s}"]`),
      ...images.map((s) => `libvirt_volume.base["${s}"]`),
      ...created.flatMap((node) => libvirtNodeAddresses(env, node)),
    ];
    return { imports, creates, expect: summary(imports.length, creates.length) };
  }
  if (infra.kind === 'proxmox' && infra.adopt) {
    const { vms } = infra.adopt;
    const adopted = env.vms.filter((vm) => vms[vm.node.name] !== undefined && vm.vmId !== undefined);
    const imports = adopted.map((vm) => ({ to: key('proxmox_virtual_environment_vm', 'node', vm.node.name), id: `${infra.node}/${vm.vmId}` }));
    const creates = [
      'proxmox_download_file.image',
      'proxmox_virtual_environment_file.vendor_data',
      ...env.vms.filter((vm) => !adopted.includes(vm)).map((vm) => key('proxmox_virtual_environment_vm', 'node', vm.node.name)),
    ];
    return { imports, creates, expect: summary(imports.length, creates.length) };
  }
  return { imports: [], creates: [], expect: '' };
}
