import { ADDRESS_SECTION } from './day-two';
import { backupCommands } from './etcd-backup';
import type { K3sEnvironment, Node } from '../model/resolve';
import { quote, remote } from './shell';
import { onNode, sshOptions } from './step';
import type { Step } from './step';
import { deployOne, founderFirst, isAdopted, rejoinCommands } from './vm-day-two';

// A server's new address is a rebuild, never a restart: the host keeps its old address until it is
// rebuilt or re-addressed (a libvirt VM reads its seed at its first boot only), and its etcd
// member's peer URL names the old one. It leaves the cluster and joins again at the new address, as
// k3s's maintainers give it (k3s-io/k3s#10362): delete its Node (k3s's etcd member controller
// removes the member, pkg/etcd/member_controller.go onRemove), clear its data, re-address, rejoin.

/** Where k3s keeps its data unless `data-dir` says otherwise: k3s-uninstall.sh removes only this one. */
const K3S_DEFAULT_DATA_DIR = '/var/lib/rancher/k3s';

/**
 * k3s stopped and its data removed on the node, reached at the address it has before the change:
 * where SSH goes to the node's own IP, that is the old address, which the tree no longer holds
 * but the Node still reports (its InternalIP, k3s's node-ip) until it is deleted below.
 */
function uninstall(env: K3sEnvironment, node: Node): string {
  const command = `sudo /usr/local/bin/k3s-uninstall.sh${env.k3s.dataDir === K3S_DEFAULT_DATA_DIR ? '' : ` && sudo rm -rf ${env.k3s.dataDir}`}`;
  const target = env.ssh.get(node.name)!;
  if (target.host !== node.ip) return onNode(env, node, command);
  const old = `kubectl get node ${node.name} -o jsonpath=${quote('{.status.addresses[?(@.type=="InternalIP")].address}')}`;
  return `old=$(${old}) && test -n "$old" && ssh ${sshOptions} -p ${target.port} "${target.user ? `${target.user}@` : ''}$old" ${remote(command)}`;
}

/** How the host takes its new address: a libvirt VM rebuilt from its new seed, a Proxmox VM or a machine given it by hand. */
function readdress(env: K3sEnvironment, node: Node): string[] {
  const infra = env.infrastructure;
  const byHand = `# on ${node.name}'s console: give the host ${node.ip}/${env.network.prefixLength} (its netplan file, then sudo netplan apply)`;
  // Both by name: the domain is replace-triggered by the image serial only, so replacing the OS
  // disk alone leaves the old domain running on the deleted file (npm run prove, "a server's address").
  if (infra.kind === 'libvirt') return [deployOne(env, node, [`libvirt_volume.os["${node.name}"]`, `libvirt_domain.node["${node.name}"]`])];
  if (infra.kind === 'proxmox') return [deployOne(env, node), byHand];
  return [byHand];
}

/** The Day 2 section of a server's new address, where servers other than the founder can be rebuilt one at a time. */
export function addressStep(env: K3sEnvironment, joinStep: (node: Node) => number | undefined): Step[] {
  if (env.k3s.datastore !== 'etcd' || env.liveNodes.length < 2) return [];
  const infra = env.infrastructure;
  const rebuilt = env.liveNodes.filter((n) => n !== env.founder && !(infra.kind === 'libvirt' && isAdopted(env, n)));
  return [{
    title: ADDRESS_SECTION,
    where: rebuilt.map((n) => n.name).join(' or '),
    notes: [
      `A changed \`ip\` is a rebuild, not a restart: the host keeps its old address until it is ${infra.kind === 'libvirt' ? 'rebuilt (a running VM never reads its cloud-init seed again)' : 're-addressed'}, and its etcd member's peer URL names the old one, so k3s restarted with the new \`config.yaml\` would start on an address the host does not have. After the commit, run one server's block, then the next one's: it is drained, k3s is uninstalled on it (k3s and its etcd member stop, their data goes), its Node is deleted (k3s removes its etcd member), the host takes its new address and the server joins again through its Join step.`,
      infra.kind === 'libvirt'
        ? 'The deploy rebuilds its OS disk and domain (`-replace`) from the new seed; the data disk stays and is attached again.'
        : infra.kind === 'proxmox'
          ? "The deploy writes the new address into the VM's cloud-init settings; on its console, give the guest the address too where it does not have it after the deploy's reboot (`ip -br addr`)."
          : "The host's address is yours to change: on its console (SSH to the old address drops), in its network config.",
      "The uninstall reaches the server at the address its Node still reports (the old one, as the review names it); from the Join step on, SSH reaches it as the environment says.",
      'The other servers\' configs change only in `tls-san`: restart them as in the section on a changed config, after the rebuild.',
      founderFirst(env),
    ],
    commands: rebuilt.flatMap((node) => [
      `# ${node.name}`,
      ...backupCommands(env, `before-${node.name}-readdress`),
      `kubectl drain ${node.name} --ignore-daemonsets --delete-emptydir-data`,
      uninstall(env, node),
      `kubectl delete node ${node.name}`,
      ...readdress(env, node),
      ...rejoinCommands(env, node, joinStep(node)),
    ]),
  }];
}
