import semver from 'semver';
import { UPGRADE_SECTION } from './day-two';
import { backupCommands } from './etcd-backup';
import type { K3sEnvironment } from '../model/resolve';
import { counted, quorumOf, toleratedOf } from '../model/quorum';
import { quote } from './shell';
import { WAIT, k3sInstall, onNode, waitFor } from './step';
import type { Step } from './step';
import { etcdHealthy, rollingOrder } from './vm-day-two';

// A bump of the k3s pin changes the install line only: the servers that run keep their release
// until this section upgrades them, so a server built after the bump would join older peers.

/** The Kubernetes minors a node may run before the upgrade to the pin: the pin's and the one before it. */
function upgradableFrom(version: string): string[] {
  const v = semver.coerce(version);
  if (!v) return [];
  return [...(v.minor > 0 ? [`${v.major}.${v.minor - 1}`] : []), `${v.major}.${v.minor}`];
}

/**
 * The rolling upgrade of every server to the pinned k3s, one at a time, the founder last: drain,
 * the install line the Join steps use (k3s's installer replaces the binary and restarts k3s with the
 * same config.yaml), the kubelet at the pin and Ready, etcd healthy, uncordon. Its first line
 * refuses a node more than one minor from the pin (Kubernetes' version skew policy,
 * https://kubernetes.io/releases/version-skew-policy/: upgrade one minor at a time).
 */
export function upgradeStep(env: K3sEnvironment): Step {
  const order = rollingOrder(env);
  const several = order.length > 1;
  const etcd = env.k3s.datastore === 'etcd';
  const members = env.liveNodes.length;
  const minors = upgradableFrom(env.k3s.version);
  const pattern = `^v(${minors.map((m) => m.replace('.', '[.]')).join('|')})[.]`;
  const kubelet = (name: string) => `kubectl get node ${name} -o jsonpath='{.status.nodeInfo.kubeletVersion}'`;
  return {
    title: UPGRADE_SECTION,
    where: order.map((n) => n.name).join(', then '),
    notes: [
      `A bump of \`k3s.version\` (Renovate's or by hand) changes the install line only: every running server keeps its release, and a server that joins or is rebuilt afterwards runs ${env.k3s.version} beside them. After the commit, upgrade every server to ${env.k3s.version} with the install line of the Join steps (it replaces the k3s binary and restarts k3s with the same \`config.yaml\`), before any server joins or is rebuilt.`,
      `The first line refuses to start while a node runs another Kubernetes minor than ${minors.map((m) => `v${m}`).join(' or ')}: Kubernetes' version skew policy keeps the API servers of one cluster within one minor of each other and upgrades one minor at a time, so a node further behind is first upgraded through the minors between (pin each in turn). A node that runs a newer minor than the pin is refused too: the pin would downgrade it.`,
      several
        ? `One server at a time, in this order, each drained, upgraded, Ready at ${env.k3s.version}${etcd ? ' with its etcd member healthy' : ''}, then uncordoned before the next${etcd && members > 1 ? `: etcd needs ${quorumOf(members)} of its ${members} members up, so upgrading more than ${counted(toleratedOf(members), 'server')} at once stops the cluster` : ''}.${etcd ? ' The snapshot first is the way back.' : ''}`
        : `With one server the API is down while it restarts; it is not drained (no other node would take its pods).${etcd ? ' The snapshot first is the way back.' : ''}`,
    ],
    commands: [
      `kubectl get nodes --no-headers -o custom-columns=NODE:.metadata.name,KUBELET:.status.nodeInfo.kubeletVersion | awk ${quote(`$2 !~ /${pattern}/ { print $1 " runs " $2 ": not within one minor below ${env.k3s.version}, refused"; bad = 1 } END { exit bad || NR == 0 }`)}`,
      ...(etcd ? backupCommands(env, 'before-k3s-upgrade') : []),
      ...order.flatMap((node) => [
        `# ${node.name}`,
        ...(several ? [`kubectl drain ${node.name} --ignore-daemonsets --delete-emptydir-data`] : []),
        onNode(env, node, k3sInstall(env)),
        waitFor(WAIT.apiserver, `${kubelet(node.name)} 2>/dev/null | grep -qxF ${quote(env.k3s.version)}`),
        `kubectl wait --for=condition=Ready node/${node.name} --timeout=${WAIT.rollout}`,
        ...(etcd ? [etcdHealthy(env, node)] : []),
        ...(several ? [`kubectl uncordon ${node.name}`] : []),
      ]),
    ],
  };
}
