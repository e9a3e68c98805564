import { libvirtNodeAddresses } from '../infra/adoption';
import { SHUTDOWN_TIMEOUT_SECONDS } from '../infra/libvirt-nodes';
import type { K3sEnvironment, Node } from '../model/resolve';
import { counted, quorumOf, toleratedOf } from '../model/quorum';
import { diskGrowthStep } from './disk-growth-step';
import { quote, remote } from './shell';
import { REPO_ROOT, WAIT, onNode, sshOptions, sshTo, waitFor } from './step';
import type { Step } from './step';
import { backupCommands } from './etcd-backup';
import { backupsDir } from '../tree/paths';

// Changes to running VMs, one server at a time: every in-place domain update stops the VM first
// (libvirt 0.9.7 internal/provider/domain_resource.go:1034, a guest shutdown forced after the
// domain's update.shutdown.timeout, :491-518), Proxmox reboots a VM whose change needs it (vm.go:2305-2310), and a new image
// rebuilds the OS disk. Applied to all servers at once, such a change stops every etcd member together.

/** The Day 2 section that applies a VM change one server at a time (deploy --expect names it). */
export const VM_CHANGE_TITLE = 'A VM change that stops servers (sizing, hardware, a provider setting)';

/** Whether the node's VM is one `infrastructure.adopt` lists. */
export function isAdopted(env: K3sEnvironment, node: Node): boolean {
  const infra = env.infrastructure;
  if (infra.kind === 'libvirt') return node.name in (infra.adopt?.domains ?? {});
  if (infra.kind === 'proxmox') return node.name in (infra.adopt?.vms ?? {});
  return false;
}

/** The keyed addresses of one node's VM, as `-target` options (a target includes what it depends on). */
export function vmTargets(env: K3sEnvironment, node: Node): string[] {
  const infra = env.infrastructure;
  if (infra.kind === 'proxmox') return [`proxmox_virtual_environment_vm.node["${node.name}"]`];
  if (infra.kind !== 'libvirt') return [];
  return isAdopted(env, node) ? [`libvirt_domain.adopted["${node.name}"]`] : libvirtNodeAddresses(env, node.name);
}

const targets = (addresses: readonly string[]) => addresses.map((t) => quote(`-target=${t}`)).join(' ');
/** Deploys one node's VM alone; `replace` names addresses to rebuild even where nothing of theirs changed. */
export const deployOne = (env: K3sEnvironment, node: Node, replace: readonly string[] = []) => `(cd ${REPO_ROOT} && npm run deploy -- ${env.name} -- ${[targets(vmTargets(env, node)), ...replace.map((r) => quote(`-replace=${r}`))].join(' ')})`;

/**
 * Waits until the node's own API server reports its etcd member healthy (k3s ships no etcdctl):
 * asked through the VIP, another server would answer. Its IP is in every server's SANs.
 */
export const etcdHealthy = (env: K3sEnvironment, node: Node) => waitFor(WAIT.apiserver, `kubectl --server=https://${node.ip}:${env.apiPort} get --raw='/readyz/etcd' >/dev/null 2>&1`);

/** A rebuilt VM has new SSH host keys: the old one is forgotten first (accept-new refuses a changed key). */
export function forgetHostKey(env: K3sEnvironment, node: Node): string {
  const target = env.ssh.get(node.name)!;
  return `ssh-keygen -R ${quote(target.port === 22 ? target.host : `[${target.host}]:${target.port}`)} >/dev/null 2>&1 || true`;
}

/**
 * A server that left the cluster comes back through its own Join step, once its host answers
 * (a rebuilt VM with new host keys, its first boot's cloud-init done), its etcd member healthy after.
 */
export function rejoinCommands(env: K3sEnvironment, node: Node, joinStep: number | undefined): string[] {
  return [
    forgetHostKey(env, node),
    waitFor(WAIT.ssh, `${sshTo(env, node)} true 2>/dev/null`),
    ...(env.infrastructure.kind === 'bare-metal' ? [] : [onNode(env, node, 'sudo cloud-init status --wait >/dev/null')]),
    `bash run.sh --only ${joinStep ?? '<its Join step>'}`,
    ...(env.k3s.datastore === 'etcd' ? [etcdHealthy(env, node)] : []),
  ];
}

/** Why the founder is never rebuilt as it is, and what comes first. */
export const founderFirst = (env: K3sEnvironment) =>
  `The founder runs \`cluster-init\`: rebuilt as it is, it would start a new cluster. Make another live server the founder first (\`founder: true\` on it, synth, commit), then rebuild ${env.founder.name} like the others.`;

/** The servers in the order a rolling change takes them: the others first, the founder last. */
export const rollingOrder = (env: K3sEnvironment): Node[] => [...env.liveNodes.filter((n) => n !== env.founder), env.founder];

export function vmDayTwoSteps(env: K3sEnvironment, joinStep: (node: Node) => number | undefined): Step[] {
  const infra = env.infrastructure;
  if (infra.kind === 'bare-metal') return [];
  const order = rollingOrder(env);
  // An adopted libvirt domain is never updated (ignore_changes = all): no change reaches it.
  const updated = order.filter((n) => infra.kind !== 'libvirt' || !isAdopted(env, n));
  const adopted = order.filter((n) => isAdopted(env, n));
  const etcd = env.k3s.datastore === 'etcd';
  const members = env.liveNodes.length;
  const snapshot = etcd ? backupCommands(env, 'before-vm-change') : [];
  const settle = (node: Node) => [waitFor(WAIT.ssh, `${sshTo(env, node)} true 2>/dev/null`), `kubectl wait --for=condition=Ready node/${node.name} --timeout=${WAIT.rollout}`, ...(etcd ? [etcdHealthy(env, node)] : [])];
  const steps: Step[] = [];
  if (updated.length > 0) {
    steps.push({
      title: VM_CHANGE_TITLE,
      where: updated.map((n) => n.name).join(', then '),
      notes: [
        infra.kind === 'libvirt'
          ? `libvirt 0.9.7 redefines a domain in place only after stopping it (a guest shutdown, forced after ${SHUTDOWN_TIMEOUT_SECONDS} s), whatever changed; the review lists each server that stops. Each deploy line below then exits with "Provider produced inconsistent result after apply" for its domain's .id (libvirt 0.9.7 reads back the restarted domain's new runtime id): the change is made, and \`npm run deploy -- ${env.name} --plan\` shows nothing left for that server.`
          : 'The Proxmox provider reboots a running VM itself when a changed setting needs it (cpu, memory, machine, …); the review lists each server that restarts.',
        ...(infra.kind === 'libvirt' && adopted.length > 0 ? [`Adopted domains are never updated (\`ignore_changes = all\`): the change does not reach ${adopted.map((n) => n.name).join(', ')} until it is taken out of adoption (below).`] : []),
        etcd && members > 1
          ? `Apply it to one server at a time, in this order, each Ready and etcd healthy before the next: etcd needs ${quorumOf(members)} of its ${members} members up, so a plain \`npm run deploy -- ${env.name}\` that stops more than ${counted(toleratedOf(members), 'server')} at once stops the cluster. The snapshot first, copied to \`${backupsDir(env.name)}/\` with the server token, is the way back ("Restore etcd from a snapshot", below).`
          : 'With one server the API is down while it stops.',
      ],
      commands: [...snapshot, ...updated.flatMap((node) => [deployOne(env, node), ...settle(node)])],
    });
  }
  if (infra.kind !== 'libvirt') return steps;
  const grow = diskGrowthStep(env, order);
  if (grow) steps.push(grow);
  // A rebuilt server leaves the cluster first and comes back through its own Join step.
  const leaveCluster = (node: Node) => [`# ${node.name}`, `kubectl drain ${node.name} --ignore-daemonsets --delete-emptydir-data`, `kubectl delete node ${node.name}`];
  const rejoin = (node: Node) => rejoinCommands(env, node, joinStep(node));
  const rebuildable = updated.filter((n) => n !== env.founder);
  const founderNote = founderFirst(env);
  if (rebuildable.length > 0) {
    steps.push({
      title: 'Rebuild a server onto another image',
      where: rebuildable.map((n) => n.name).join(' or '),
      notes: [
        "Changing a node's `vm.image` (or, for a node that records none, the environment's cloud image) replaces its OS disk and its domain; the data disk stays and is attached again. k3s and its etcd member lived on the old OS disk, so the node leaves the cluster first and joins again after (its Join step). Run one server's block, then the next one's.",
        founderNote,
      ],
      commands: [
        ...snapshot,
        ...rebuildable.flatMap((node) => [...leaveCluster(node), deployOne(env, node), ...rejoin(node)]),
      ],
    });
  }
  const leaving = adopted.filter((n) => n !== env.founder);
  if (leaving.length > 0) {
    const virsh = (command: string) => `virsh -c ${quote(infra.uri)} ${command}`;
    steps.push({
      title: 'Take a server out of adoption (rebuild it)',
      where: leaving.map((n) => n.name).join(' or '),
      notes: [
        `An adopted domain keeps the disks it ran with and is never updated; it comes under this stack by being rebuilt. Terraform forgets the domain (\`state rm\`: a plan would otherwise refuse to destroy it, \`prevent_destroy\`), libvirt undefines it (its disk files stay on the host, unattached), and the node is built anew: a new OS disk, a new data disk${env.longhorn ? " (Longhorn copies the node's replicas back from the others)" : ''}, then its Join step.`,
        'Between the undefine and the deploy: remove the node from `infrastructure.adopt.domains`, give it `vm: { image }`, synth and commit; the deploy then creates exactly that node.',
        `libvirt refuses to create a volume whose name exists: if the old disk files are in pool ${infra.pool} under the names this stack gives (\`<node>-os.qcow2\`, \`<node>-data.qcow2\`, \`<node>-seed.iso\`), move them aside first (\`virsh vol-list ${infra.pool}\`).`,
        founderNote,
      ],
      commands: [
        ...snapshot,
        ...leaving.flatMap((node) => [
          ...leaveCluster(node),
          `(cd ${REPO_ROOT} && "\${TERRAFORM_BINARY_NAME:-$(command -v tofu || echo terraform)}" -chdir=clusters/${env.name}/terraform state rm ${quote(`libvirt_domain.adopted["${node.name}"]`)})`,
          `${virsh(`destroy ${quote(node.name)}`)} && ${virsh(`undefine ${quote(node.name)}`)}`,
          `# stop here: remove ${node.name} from infrastructure.adopt.domains, give it vm: { image }, npm run synth, commit; then go on`,
          `(cd ${REPO_ROOT} && npm run deploy -- ${env.name} -- ${targets(libvirtNodeAddresses(env, node.name))})`,
          ...rejoin(node),
        ]),
      ],
    });
  }
  return steps;
}
