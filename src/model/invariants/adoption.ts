import { distinct, duplicates } from '../duplicates';
import type { Environment } from '../resolve';
import { shown } from '../violation';
import type { Finding, Rule } from '../violation';
import { migration } from './vms';

// Taking over VMs that already run: every adopted machine is a live node, named by what the
// pinned provider imports it by, and described as it runs so the first plan changes nothing.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAC = /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/i;
const FILE = /^\/[^\s]*[^/\s]$/;

/** The adopted machines' names, with the spec path of each entry. */
function adopted(env: Environment): { name: string; path: string }[] {
  const infra = env.infrastructure;
  if (infra.kind === 'libvirt' && infra.adopt) return Object.keys(infra.adopt.domains).map((name) => ({ name, path: `infrastructure.adopt.domains.${name}` }));
  if (infra.kind === 'proxmox' && infra.adopt) return Object.keys(infra.adopt.vms).map((name) => ({ name, path: `infrastructure.adopt.vms.${name}` }));
  return [];
}

/**
 * A UUID or disk file two adopted domains both claim: two import blocks would take one domain,
 * or two domains attach one disk. A seed ISO is read-only and may be shared.
 */
function sharedIdentity(domains: Readonly<Record<string, { readonly uuid: string; readonly osDisk: string; readonly dataDisk?: string }>>): Finding[] {
  const claims = Object.entries(domains).flatMap(([name, d]) => [
    { name, field: 'uuid', what: 'UUID', key: `uuid:${d.uuid.toLowerCase()}`, value: d.uuid },
    ...(['osDisk', 'dataDisk'] as const).filter((k) => d[k] !== undefined).map((k) => ({ name, field: k, what: 'disk file', key: `file:${d[k]}`, value: d[k]! })),
  ]);
  return duplicates(claims, (c) => c.key).map(({ item, first }) => ({
    path: `infrastructure.adopt.domains.${item.name}.${item.field}`,
    value: item.value,
    message: `the ${item.what} ${item.value} is already ${first.name}'s ${first.field}: ${item.field === 'uuid' ? 'two import blocks would take one domain' : 'two domains would write one disk'}`,
    fix: `copy ${item.name}'s own from ${item.field === 'uuid' ? `virsh domuuid ${item.name}` : `virsh domblklist ${item.name} --details`}`,
  }));
}

export const adoptionRules: readonly Rule[] = [
  {
    code: 'vm.adopt-unknown-node',
    severity: 'error',
    summary: 'adoption names live nodes only',
    check: (env) =>
      adopted(env)
        .filter(({ name }) => !env.vms.some((vm) => vm.node.name === name))
        .map(({ name, path }) => ({ path, value: name, message: `${name} is not a live node: an import block for it would target an address nothing declares`, fix: `adopt live nodes only: ${distinct(env.vms.map((vm) => vm.node.name)).join(', ')}`, action: { unset: path } })),
  },
  {
    code: 'vm.adopt-identity',
    severity: 'error',
    summary: "an adopted machine is named by what the provider imports it by, its disks by absolute file, its NIC by MAC, and no two share a UUID or a disk file",
    check: (env) => {
      const infra = env.infrastructure;
      if (infra.kind === 'libvirt' && infra.adopt) {
        const withData = infra.vm.dataDiskGiB !== undefined;
        return Object.entries(infra.adopt.domains).flatMap(([name, d]): Finding[] => {
          const at = `infrastructure.adopt.domains.${name}`;
          return [
            ...(UUID.test(d.uuid) ? [] : [{ path: `${at}.uuid`, value: d.uuid, message: 'not a domain UUID; libvirt 0.9.7 imports a domain by its UUID', fix: `copy it from: virsh domuuid ${name}` }]),
            ...(['osDisk', 'dataDisk', 'seed'] as const)
              .filter((k) => d[k] !== undefined && !FILE.test(d[k]!))
              .map((k) => ({ path: `${at}.${k}`, value: d[k]!, message: 'not an absolute file path: the domain attaches the disk by its file', fix: `the <source file=…> of virsh domblklist ${name} --details` })),
            ...(withData && d.dataDisk === undefined ? [{ path: `${at}.dataDisk`, value: '(not set)', message: `the environment has data disks (infrastructure.vm.dataDiskGiB), and ${name}'s must be attached as it is, never created over`, fix: `its vdb file from virsh domblklist ${name} --details` }] : []),
            ...(!withData && d.dataDisk !== undefined ? [{ path: `${at}.dataDisk`, value: d.dataDisk, message: 'the environment has no data disks (infrastructure.vm.dataDiskGiB is unset), so this disk would not be attached', fix: 'set infrastructure.vm.dataDiskGiB, or leave dataDisk out' }] : []),
          ];
        }).concat(sharedIdentity(infra.adopt.domains));
      }
      if (infra.kind === 'proxmox' && infra.adopt) {
        return Object.entries(infra.adopt.vms).flatMap(([name, live]): Finding[] => {
          const vm = env.vms.find((v) => v.node.name === name);
          return [
            ...(MAC.test(live.mac) ? [] : [{ path: `infrastructure.adopt.vms.${name}.mac`, value: live.mac, message: 'not a MAC address', fix: `the MAC of the net0 line of qm config ${vm?.vmId ?? '<vmid>'}` }]),
            ...(vm && vm.vmId === undefined ? [{ path: `nodes[${vm.node.index}].vm.vmId`, value: '(not set)', message: `${name} is adopted but has no VM id, so there is nothing to import it by`, fix: 'set vm.vmId to the id the VM has today (qm list on the host)' }] : []),
          ];
        });
      }
      return [];
    },
  },
  {
    code: 'vm.adopt-with-moved',
    severity: 'error',
    summary: 'one way to take over existing VMs at a time: moved blocks (an old state) or import blocks (no state)',
    check: (env) =>
      env.infrastructure.kind === 'libvirt' && env.infrastructure.adopt && migration(env).length > 0
        ? [{ path: 'infrastructure.adopt', value: shown(Object.keys(env.infrastructure.adopt.domains).join(', ')), message: 'migrateFromCount moves addresses inside an existing state, adopt imports into an empty one; both would claim the same addresses', fix: `keep migrateFromCount if you copied the old state to .terraform-state/${env.name}.tfstate and \`npm run deploy -- ${env.name} --inspect\` finds nothing, else adopt; never both` }]
        : [],
  },
];
