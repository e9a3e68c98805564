import { libvirtNodeAddresses } from '../infra/adoption';
import type { Environment, Node } from '../model/resolve';
import { quote } from './shell';
import { REPO_ROOT, WAIT, onNode, sshTo, waitFor } from './step';
import type { Step } from './step';

// Changes to running VMs, one server at a time: every in-place domain update stops the VM first
// (libvirt 0.9.7 internal/provider/domain_resource.go:1034, a 30 s guest shutdown then a forced
// stop, :491-496), Proxmox reboots a VM whose change needs it (vm.go:2305-2310), and a new image
// rebuilds the OS disk. Applied to all servers at once, any of them stops every etcd member.

/** The keyed addresses of one node's VM, as `-target` options (a target includes what it depends on). */
export function vmTargets(env: Environment, node: Node): string[] {
  const infra = env.infrastructure;
  if (infra.kind === 'proxmox') return [`proxmox_virtual_environment_vm.node["${node.name}"]`];
  if (infra.kind !== 'libvirt') return [];
  return node.name in (infra.adopt?.domains ?? {}) ? [`libvirt_domain.adopted["${node.name}"]`] : libvirtNodeAddresses(env, node.name);
}

const deployOne = (env: Environment, node: Node) =>
  `(cd ${REPO_ROOT} && npm run deploy -- ${env.name} -- ${vmTargets(env, node).map((t) => quote(`-target=${t}`)).join(' ')})`;

/** Waits until the API server reports its etcd healthy (k3s ships no etcdctl). */
const etcdHealthy = () => waitFor(WAIT.apiserver, "kubectl get --raw='/readyz/etcd' >/dev/null 2>&1");

/** The servers in the order a rolling change takes them: the others first, the founder last. */
export const rollingOrder = (env: Environment): Node[] => [...env.liveNodes.filter((n) => n !== env.founder), env.founder];

export function vmDayTwoSteps(env: Environment, joinStep: (node: Node) => number | undefined): Step[] {
  if (env.infrastructure.kind === 'bare-metal') return [];
  const order = rollingOrder(env);
  const etcd = env.k3s.datastore === 'etcd';
  const members = env.liveNodes.length;
  const quorum = Math.floor(members / 2) + 1;
  const snapshot = etcd ? [onNode(env, env.founder, 'sudo k3s etcd-snapshot save --name before-vm-change')] : [];
  const restart: Step = {
    title: 'A VM change that stops servers (sizing, hardware, a provider setting)',
    where: order.map((n) => n.name).join(', then '),
    notes: [
      env.infrastructure.kind === 'libvirt'
        ? 'libvirt 0.9.7 redefines a domain in place only after stopping it (a guest shutdown, forced after 30 s), whatever changed; the review lists each server that stops.'
        : 'The Proxmox provider reboots a running VM itself when a changed setting needs it (cpu, memory, machine, …); the review lists each server that restarts.',
      etcd && members > 1
        ? `Apply it to one server at a time, in this order, each Ready and etcd healthy before the next: etcd needs ${quorum} of its ${members} members up, so a plain \`npm run deploy -- ${env.name}\` that stops more than ${members - quorum} at once stops the cluster. The snapshot first is the way back.`
        : 'With one server the API is down while it stops.',
    ],
    commands: [
      ...snapshot,
      ...order.flatMap((node) => [deployOne(env, node), waitFor(WAIT.ssh, `${sshTo(env, node)} true 2>/dev/null`), `kubectl wait --for=condition=Ready node/${node.name} --timeout=${WAIT.rollout}`, ...(etcd ? [etcdHealthy()] : [])]),
    ],
  };
  if (env.infrastructure.kind !== 'libvirt') return [restart];
  const others = order.filter((n) => n !== env.founder);
  const rebuildOne = (node: Node) => [
    `# ${node.name}`,
    `kubectl drain ${node.name} --ignore-daemonsets --delete-emptydir-data`,
    `kubectl delete node ${node.name}`,
    deployOne(env, node),
    waitFor(WAIT.ssh, `${sshTo(env, node)} true 2>/dev/null`),
    onNode(env, node, 'sudo cloud-init status --wait >/dev/null'),
    `bash run.sh --only ${joinStep(node) ?? '<its Join step>'}`,
    ...(etcd ? [etcdHealthy()] : []),
  ];
  return [restart, {
    title: 'Rebuild a server onto another image',
    where: others.map((n) => n.name).join(' or ') || env.founder.name,
    notes: [
      "Changing a node's `vm.image` (or, for a node that records none, the environment's cloud image) replaces its OS disk and its domain; the data disk stays and is attached again. k3s and its etcd member lived on the old OS disk, so the node leaves the cluster first and joins again after (its Join step). Run one server's block, then the next one's.",
      `The founder runs \`cluster-init\`: rebuilt as it is, it would start a new cluster. Make another live server the founder first (\`founder: true\` on it, synth, commit), then rebuild ${env.founder.name} like the others.`,
    ],
    commands: [...snapshot, ...others.flatMap(rebuildOne)],
  }];
}
