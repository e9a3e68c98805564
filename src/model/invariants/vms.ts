import { distinct, duplicates } from '../duplicates';
import type { VmSizing } from '../environment';
import { EXAMPLE_SSH_KEY_BODY } from '../placeholders';
import { macFor } from '../resolve';
import { isPrivateKey, redacted, sshKeyBody, sshPublicKeyProblem } from '../public-keys';
import type { Environment, Vm } from '../resolve';
import { shown } from '../violation';
import type { Finding, Rule } from '../violation';

/** Sane bounds per sizing field: below them a k3s server does not boot, above them it is a typo. */
export const VM_BOUNDS: Record<keyof VmSizing, { readonly min: number; readonly max: number; readonly unit: string }> = {
  vcpus: { min: 1, max: 64, unit: 'vCPUs' },
  memoryMiB: { min: 1024, max: 262144, unit: 'MiB' },
  osDiskGiB: { min: 10, max: 4096, unit: 'GiB' },
  dataDiskGiB: { min: 1, max: 65536, unit: 'GiB' },
};
const MAC = /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/;

/** Path of a sizing field: the node's override when it has one, else the environment default. */
function sizingPath(env: Environment, vm: Vm, field: keyof VmSizing): string {
  const own = env.spec.nodes?.[vm.node.index]?.vm;
  return own && own[field] !== undefined ? `nodes[${vm.node.index}].vm.${field}` : `infrastructure.vm.${field}`;
}

/**
 * Every node's MAC on VM-backed environments: a live VM's as it is built (an adopted Proxmox VM's
 * own), a planned node's as it will be (recorded, or derived from its name); none on bare metal
 * or on a workload cluster.
 */
export function macHolders(env: Environment): { node: Vm['node']; mac: string }[] {
  // Cluster API's machines get their MACs from Proxmox: no node of the spec has one.
  if (env.infrastructure.kind === 'bare-metal' || env.infrastructure.kind === 'cluster-api') return [];
  return [...env.vms, ...env.plannedNodes.map((node) => ({ node, mac: env.spec.nodes?.[node.index]!.vm?.mac ?? macFor(node.name) }))];
}
/** Every Proxmox VM id the nodes hold or record: a live VM's, a planned node's where it records one. */
export function vmIds(env: Environment): { node: Vm['node']; vmId?: number }[] {
  if (env.infrastructure.kind !== 'proxmox') return [];
  return [...env.vms.map((vm) => ({ node: vm.node, vmId: vm.vmId })), ...env.plannedNodes.map((node) => ({ node, vmId: env.spec.nodes?.[node.index]!.vm?.vmId }))];
}
/** The ids Proxmox gives VMs: 100 to 999999999. */
const validVmId = (id: number) => Number.isInteger(id) && id >= 100 && id <= 999999999;
const held = (h: { node: Vm['node'] }) => `${h.node.state === 'planned' ? 'planned node ' : ''}${h.node.name} (nodes[${h.node.index}])`;

export const migration = (env: Environment) => (env.infrastructure.kind === 'libvirt' ? env.infrastructure.migrateFromCount ?? [] : []);

/**
 * The SSH keys the VMs trust, each with its path: the environment's, and on Proxmox those an
 * adopted VM keeps (`sshkeys:`, also written into the Terraform JSON); a workload cluster's
 * `sshKeys`, root's on every machine. None on bare metal.
 */
function vmKeys(env: Environment): { key: string; path: string }[] {
  const infra = env.infrastructure;
  if (infra.kind === 'bare-metal') return [];
  if (infra.kind === 'cluster-api') return infra.sshKeys.map((key, i) => ({ key, path: `infrastructure.sshKeys[${i}]` }));
  const own = infra.access.sshKeys.map((key, i) => ({ key, path: `infrastructure.access.sshKeys[${i}]` }));
  const adopted = infra.kind === 'proxmox' ? Object.entries(infra.adopt?.vms ?? {}) : [];
  return [...own, ...adopted.flatMap(([node, vm]) => (vm.sshKeys ?? []).map((key, i) => ({ key, path: `infrastructure.adopt.vms.${node}.sshKeys[${i}]` })))];
}

export const vmRules: readonly Rule[] = [
  {
    code: 'vm.size-out-of-bounds',
    severity: 'error',
    summary: 'VM sizes are within sane bounds',
    check: (env) => {
      const findings = env.vms.flatMap((vm) =>
        (Object.keys(VM_BOUNDS) as (keyof VmSizing)[])
          .filter((field) => typeof vm.sizing[field] === 'number')
          .filter((field) => {
            const value = vm.sizing[field]!;
            return !Number.isInteger(value) || value < VM_BOUNDS[field].min || value > VM_BOUNDS[field].max;
          })
          .map((field): Finding => {
            const { min, max, unit } = VM_BOUNDS[field];
            const value = vm.sizing[field]!;
            const path = sizingPath(env, vm, field);
            // The environment's sizing is every VM's: said once, for all of them.
            const whose = path.startsWith('infrastructure.') ? 'every VM' : vm.node.name;
            return {
              path,
              value: shown(value),
              message: value >= min && value <= max ? `${value} ${unit} for ${whose} is not a whole number` : `${value} ${unit} for ${whose} is outside ${min}-${max} ${unit}`,
              fix: `use a whole number between ${min} and ${max} (${field} is in ${unit})`,
            };
          }),
      );
      return findings.filter((f, i) => findings.findIndex((g) => g.path === f.path) === i);
    },
  },
  {
    code: 'vm.memory-budget',
    severity: 'error',
    summary: "the live VMs fit in the host's RAM budget",
    check: (env) => {
      const budget = env.infrastructure.kind === 'libvirt' ? env.infrastructure.memoryBudgetMiB : undefined;
      const total = env.vms.reduce((sum, vm) => sum + (vm.sizing.memoryMiB ?? 0), 0);
      return budget !== undefined && total > budget
        ? [{
            path: 'infrastructure.memoryBudgetMiB',
            value: shown(budget),
            message: `the ${env.vms.length} live VMs need ${total} MiB, more than the budget of ${budget} MiB`,
            fix: `lower infrastructure.vm.memoryMiB to at most ${Math.floor(budget / env.vms.length)} or raise the budget`,
          }]
        : [];
    },
  },
  {
    code: 'vm.invalid-mac',
    severity: 'error',
    summary: 'MAC addresses are six lowercase hex pairs',
    check: (env) =>
      // An adopted Proxmox VM's MAC is the live one, as qm config writes it (vm.adopt-identity); a
      // planned node's recorded MAC is checked now, before the node is brought live on it.
      macHolders(env)
        .filter((vm) => !MAC.test(vm.mac) && !(env.infrastructure.kind === 'proxmox' && env.infrastructure.adopt?.vms[vm.node.name]))
        .map((vm) => ({ path: `nodes[${vm.node.index}].vm.mac`, value: vm.mac, message: `"${vm.mac}" is not a MAC address`, fix: 'write it as 52:54:00:xx:yy:zz in lowercase, or leave it unset to derive one', action: { unset: `nodes[${vm.node.index}].vm.mac` } })),
  },
  {
    code: 'vm.duplicate-mac',
    severity: 'error',
    summary: "no two VMs share a MAC address (a planned node's, explicit or derived, included)",
    check: (env) =>
      duplicates(macHolders(env), (h) => h.mac)
        .map(({ item, first }) => ({
          path: `nodes[${item.node.index}].vm.mac`,
          value: item.mac,
          message: `${held(item)} has the MAC of ${held(first)}; ${item.node.state === 'planned' ? 'once it is live both' : 'both'} would fight over one address`,
          fix: 'remove the explicit mac from one node (it is derived from the name) or pick another',
          action: { unset: `nodes[${item.node.index}].vm.mac` },
        })),
  },
  {
    code: 'vm.id-invalid',
    severity: 'error',
    summary: "every Proxmox VM has its own VM id (100-999999999), and a planned node's id is no other node's",
    check: (env) => {
      if (env.infrastructure.kind !== 'proxmox') return [];
      // An adopted VM without its id is vm.adopt-identity's, whose fix is the id it has today, not any free one.
      const adopted = env.infrastructure.adopt?.vms ?? {};
      const invalid = env.vms
        .filter((vm, i) => (vm.vmId === undefined ? !(vm.node.name in adopted) : !validVmId(vm.vmId) || env.vms.findIndex((o) => o.vmId === vm.vmId) < i))
        .map((vm) => ({
          path: `nodes[${vm.node.index}].vm.vmId`,
          value: shown(vm.vmId),
          message: vm.vmId === undefined ? `${vm.node.name} has no Proxmox VM id` : `VM id ${vm.vmId} of ${vm.node.name} is invalid or already used`,
          fix: 'give every node a unique vm.vmId between 100 and 999999999 (changing it later replaces the VM)',
        }));
      // A planned node needs no id yet; one it records must be valid and free when it goes live.
      const ids = vmIds(env);
      const outOfRange = ids
        .filter(({ node, vmId }) => node.state === 'planned' && vmId !== undefined && !validVmId(vmId))
        .map(({ node, vmId }) => ({ path: `nodes[${node.index}].vm.vmId`, value: String(vmId), message: `VM id ${vmId} of planned node ${node.name} is outside 100-999999999, the ids Proxmox gives VMs`, fix: 'give it a whole number between 100 and 999999999, or leave it unset until the node goes live' }));
      const taken = duplicates(ids.filter((x) => x.vmId !== undefined), (x) => String(x.vmId))
        .filter(({ item }) => item.node.state === 'planned')
        .map(({ item, first }) => ({
          path: `nodes[${item.node.index}].vm.vmId`,
          value: String(item.vmId),
          message: `planned node ${item.node.name} records VM id ${item.vmId}, already ${first.node.state === 'live' ? 'the id of live node' : 'recorded by planned node'} ${first.node.name}: once it is live, Proxmox refuses a second VM with that id`,
          fix: `give ${item.node.name} a VM id no other node has, e.g. ${Math.max(...ids.map((x) => x.vmId ?? 0)) + 1}`,
        }));
      return [...invalid, ...outOfRange, ...taken];
    },
  },
  {
    code: 'vm.example-ssh-key',
    severity: 'warning',
    summary: 'the VMs do not still trust the example SSH key shipped with the repository',
    check: (env) =>
      vmKeys(env)
        // Found wherever the line has it (options, stray spaces), and whatever the other entries hold.
        .filter(({ key }) => !isPrivateKey(key) && sshKeyBody(key) === EXAMPLE_SSH_KEY_BODY)
        .map(({ key, path }) => ({ path, value: key, message: 'the VMs trust the example SSH key, whose private half was discarded: nobody can log in', fix: 'put your own public key (~/.ssh/id_ed25519.pub) in environments/ssh-keys.ts' })),
  },
  {
    code: 'vm.data-unprotected',
    severity: 'warning',
    summary: "the VMs' data disks are protected from deletion, except during a change that removes a node on purpose",
    check: (env) =>
      env.infrastructure.kind === 'libvirt' && env.infrastructure.protectData === false
        ? [{ path: 'infrastructure.protectData', value: 'false', message: 'a plan may now delete data disks (and the Longhorn replicas on them) without failing', fix: 'set protectData back to true (or remove it) once the node is gone' }]
        : [],
  },
  {
    code: 'vm.ssh-key-private',
    severity: 'error',
    summary: "an SSH key the VMs or a workload cluster's machines trust is a public key, never a private one (it would be written into cloud-init and the committed Terraform JSON, or the Cluster API objects)",
    check: (env) =>
      vmKeys(env)
        .filter(({ key }) => isPrivateKey(key))
        .map(({ path }) => ({
          path,
          // Never repeated anywhere: the value is the secret itself.
          value: '(a private key, not shown)',
          message: env.workload
            ? `this is a private key: synth would write it into the users of the KubeadmControlPlane and KubeadmConfigTemplates, in ${env.workload.management}'s committed tree`
            : 'this is a private key: synth would write it into the VMs\' cloud-init, in the committed Terraform JSON',
          fix: 'put the public half there (ssh-keygen -y -f <private key file> prints it: one line, ssh-ed25519 AAAA… comment), and treat this private key as exposed if it was ever committed',
        })),
  },
  {
    code: 'vm.ssh-key-invalid',
    severity: 'error',
    summary: 'an SSH key the VMs trust is one OpenSSH public key line whose key data decodes to a key of its own type',
    check: (env) =>
      vmKeys(env)
        .filter(({ key }) => !isPrivateKey(key))
        .map(({ key, path }) => ({ key, path, problem: sshPublicKeyProblem(key) }))
        .filter(({ problem }) => problem !== undefined)
        .map(({ key, path, problem }) => ({
          path,
          // Only its start: an entry that is no public key may be a piece of a private one.
          value: shown(redacted(key.trim())),
          message: `this is not an OpenSSH public key: ${problem}, so cloud-init would install a line sshd cannot use`,
          fix: 'paste the whole line of your .pub file (ssh-keygen -y -f <private key file> prints it: ssh-ed25519 AAAA… comment)',
        })),
  },
  {
    code: 'vm.no-ssh-key',
    severity: 'error',
    summary: 'VMs get at least one SSH key (cloud-init disables passwords)',
    check: (env) =>
      env.infrastructure.kind === 'cluster-api'
        ? env.infrastructure.sshKeys.length === 0
          ? [{ path: 'infrastructure.sshKeys', value: '[]', message: "no SSH key: nobody could log in to the cluster's machines (CAPMOX's images take root's keys from kubeadm's users)", fix: 'add your public key (the contents of ~/.ssh/id_ed25519.pub) to infrastructure.sshKeys' }]
          : []
        : env.infrastructure.kind !== 'bare-metal' && env.infrastructure.access.sshKeys.length === 0
        ? [{ path: 'infrastructure.access.sshKeys', value: '[]', message: 'no SSH key: nobody could log in to the VMs', fix: "add your public key (the contents of ~/.ssh/id_ed25519.pub) to infrastructure.access.sshKeys (a fleet written by init lists them in environments/ssh-keys.ts)" }]
        : [],
  },
  {
    code: 'moved.unknown-node',
    severity: 'error',
    summary: 'a count migration names only live nodes, each once',
    check: (env) =>
      migration(env)
        .map((name, i) => ({ name, i }))
        .filter(({ name, i }) => !env.vms.some((vm) => vm.node.name === name) || migration(env).indexOf(name) < i)
        .map(({ name, i }) => ({
          path: `infrastructure.migrateFromCount[${i}]`,
          value: name,
          message: migration(env).indexOf(name) < i
            ? `${name} is listed twice; index ${i} would move onto the same node`
            : `${name} is not a live node, so its old resources would move to an address nothing declares (and be destroyed)`,
          fix: `list each live node once, in the old module's index order; the live nodes: ${distinct(env.vms.map((vm) => vm.node.name)).join(', ')}`,
        })),
  },
  {
    code: 'moved.node-unlisted',
    severity: 'warning',
    summary: 'a count migration lists every live node the old count-based state may hold (one it omits is destroyed and recreated if the state held it)',
    // Whether the old state held a node is the state's to say (deploy --inspect reads it); the spec
    // shows only that a live node is neither moved nor, by anything the spec records, new.
    check: (env) => {
      const listed = migration(env);
      // A mapping naming an unknown node or one twice is moved.unknown-node's: its fix lists every live node.
      const broken = listed.some((name, i) => !env.vms.some((vm) => vm.node.name === name) || listed.indexOf(name) < i);
      if (listed.length === 0 || broken) return [];
      return env.vms
        .filter((vm) => !listed.includes(vm.node.name))
        .map((vm) => ({
          path: 'infrastructure.migrateFromCount',
          value: vm.node.name,
          message: `live node ${vm.node.name} is not in migrateFromCount (${listed.join(', ')}): its resources get no moved block, so if the count-based state holds it under an index, the plan destroys that VM and creates ${vm.node.name} anew`,
          fix: `run npm run deploy -- ${env.name} --inspect with the old state in place: a state.unmapped-index finding names an index the mapping leaves out, and ${vm.node.name} goes at that index of migrateFromCount if it is that VM; with no such finding ${vm.node.name} is new and the mapping is complete`,
        }));
    },
  },
];
