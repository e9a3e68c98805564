import type { Environment } from '../resolve';
import type { Rule } from '../violation';
import { k3sOnly } from './kind-scope';

// Which cloud image a node's OS disk is an overlay of. Only libvirt's OS disks depend on their
// image after creation (backing_store); Proxmox copies it (disk.import_from is read at create
// only) and bare metal has none.

const SERIAL = /^\d{8}(\.\d+)?$/;

/** Nodes of the spec that set `vm.image`, with their spec index. */
const recorded = (env: Environment) =>
  (env.spec.nodes ?? []).flatMap((n, index) => (n.vm?.image === undefined ? [] : [{ name: n.name, index, image: n.vm.image }]));

const adoptedDomains = (env: Environment) => (env.infrastructure.kind === 'libvirt' && env.infrastructure.adopt ? env.infrastructure.adopt.domains : {});

export const imageRules: readonly Rule[] = [
  k3sOnly({
    code: 'vm.image-serial',
    severity: 'error',
    summary: "a node's recorded image is a cloud image serial",
    check: (env) =>
      recorded(env)
        .filter((n) => !SERIAL.test(n.image))
        .map((n) => ({ path: `nodes[${n.index}].vm.image`, value: n.image, message: 'not a cloud image serial (YYYYMMDD, or YYYYMMDD.N)', fix: `the serial of the image its OS disk was created from; the environment's is ${env.versions.cloudImage.serial}` })),
  }),
  k3sOnly({
    code: 'vm.image-without-effect',
    severity: 'error',
    summary: 'an image is recorded only where an OS disk depends on it: libvirt nodes this stack creates',
    check: (env) =>
      recorded(env).flatMap((n) => {
        const why = env.infrastructure.kind === 'bare-metal'
          ? 'bare metal has no VM image'
          : env.infrastructure.kind === 'proxmox'
            ? "Proxmox copies the image into the VM's disk when it creates it (disk.import_from is read at create only), so a running VM never depends on it"
            : n.name in adoptedDomains(env)
              ? 'an adopted domain keeps the disks it runs with; this stack never rebuilds them'
              : undefined;
        return why ? [{ path: `nodes[${n.index}].vm.image`, value: n.image, message: `no effect: ${why}`, fix: 'leave vm.image out', action: { unset: `nodes[${n.index}].vm.image` } }] : [];
      }),
  }),
  k3sOnly({
    code: 'vm.image-unrecorded',
    severity: 'warning',
    summary: 'every libvirt node records the image its OS disk was created from',
    check: (env) =>
      env.infrastructure.kind !== 'libvirt'
        ? []
        : env.vms
            .filter((vm) => !vm.imageRecorded && !(vm.node.name in adoptedDomains(env)))
            .map((vm) => ({
              path: `nodes[${vm.node.index}].vm.image`,
              value: '(not set)',
              message: `${vm.node.name} follows the environment's cloud image (${env.versions.cloudImage.serial}): a new serial rebuilds its OS disk`,
              fix: `record the serial its OS disk was built on, vm: { image: '<serial>' }: for a node that runs, the <serial> of the backing file virsh vol-dumpxml ${vm.node.name}-os.qcow2 --pool ${env.infrastructure.kind === 'libvirt' ? env.infrastructure.pool : 'default'} shows (ubuntu-…-<serial>.qcow2); for one not built yet, ${env.versions.cloudImage.serial}`,
            })),
  }),
  k3sOnly({
    code: 'vm.image-unfetched',
    severity: 'warning',
    summary: 'every serial a node is built on can be fetched again, for a cold build',
    check: (env) => {
      if (env.infrastructure.kind !== 'libvirt') return [];
      const known = env.cloudImages;
      return recorded(env)
        .filter((n) => SERIAL.test(n.image) && !known.has(n.image) && !(n.name in adoptedDomains(env)) && env.vms.some((vm) => vm.node.name === n.name))
        .map((n) => ({
          path: `nodes[${n.index}].vm.image`,
          value: n.image,
          message: `the environment knows no checksum for ${n.image} (only ${[...known.keys()].join(' and ')}): its base volume is kept while it exists, but an empty pool (a cold build, a new host) cannot fetch it`,
          fix: `rebuild ${n.name} onto ${env.versions.cloudImage.serial} (vm.image), or pin versions.cloudImage to ${n.image} with its checksum while building`,
        }));
    },
  }),
];
