import type { K3sEnvironment } from '../model/resolve';
import { K3S_LOCAL_PATH, K3S_LOCAL_STORAGE } from '../model/k3s-packaged';
import { JOIN_TOKEN_FILE } from './k3s-config';
import { counted, quorumOf, toleratedOf } from '../model/quorum';
import { WAIT, copyTo, onNode } from './step';
import type { Step } from './step';
import { rollingOrder } from './vm-day-two';


/** After the cold build: a changed config's rolling restart, a server added or removed. */
/** `volumesSection`: the runbook has the section that moves the platform's volumes off local-path (above this one). */
export function dayTwoSteps(env: K3sEnvironment, volumesSection = false): Step[] {
  const order = rollingOrder(env);
  const members = env.liveNodes.length;
  const etcdHa = env.k3s.datastore === 'etcd' && members > 1;
  const steps: Step[] = [{
    title: "A server's k3s config changed (SANs, flags, OIDC)",
    where: order.map((n) => n.name).join(', then '),
    notes: [
      `k3s reads \`config.yaml\` only when it starts. After the commit, restart the servers whose \`nodes/<server>/config.yaml\` changed, one at a time, in this order, each Ready before the next${etcdHa ? `: etcd needs ${quorumOf(members)} of its ${members} members up, so restarting more than ${counted(toleratedOf(members), 'server')} at once stops the cluster` : ''}.`,
      ...(order.length > 1 ? [`Each joining server's config names the join token file; it is copied from the founder first, so a server that stops being the founder (\`founder\` moved) restarts with it.`] : []),
      ...(order.length === 1 ? ['With one server the API is down while it restarts.'] : []),
      ...(env.longhorn && env.k3s.disable.includes(K3S_LOCAL_STORAGE) ? [`A change that adds \`${K3S_LOCAL_STORAGE}\` to \`disable\` makes k3s delete its ${K3S_LOCAL_PATH} class and provisioner at the restart: move the volumes made on ${K3S_LOCAL_PATH} first (${volumesSection ? 'the Day 2 section on them, above' : 'a claim cannot change its class: delete it and let its owner make it again'}).`] : []),
    ],
    commands: order.flatMap((node) => [
      ...(node === env.founder ? [] : [`${onNode(env, env.founder, `sudo cat ${env.k3s.tokenPath}`)} | ${onNode(env, node, `sudo install -D -m 0600 /dev/stdin ${JOIN_TOKEN_FILE}`)}`]),
      copyTo(env, node, `nodes/${node.name}/config.yaml`, '/etc/rancher/k3s/config.yaml'),
      onNode(env, node, 'sudo systemctl restart k3s'),
      `kubectl wait --for=condition=Ready node/${node.name} --timeout=${WAIT.rollout}`,
    ]),
  }];
  if (env.k3s.datastore === 'etcd') {
    steps.push(
      {
        title: 'A server is added',
        where: 'workstation, then the new server',
        notes: [
          'Give it `state: \'live\'` (a planned server\'s IP is already in every certificate), `npm run synth`, commit; then run its "Join" step (`bash run.sh --list` numbers the steps, `bash run.sh --only <n>` runs one): k3s adds the etcd member as it joins. Keep an odd number of servers.',
        ],
        commands: ['kubectl get nodes -o wide'],
      },
    );
  }
  // Removing the only server is not a Day 2 change: it is the cluster's end.
  if (etcdHa) {
    steps.push(
      {
        title: 'A server is removed',
        where: 'workstation, then the server',
        notes: [
          `Drain it, delete its Node (k3s removes its etcd member), uninstall k3s on it. The rules refuse an even number of live servers, so from ${members} go to ${members - 2}: take two servers out this way, one after the other (etcd commits each removal with a quorum of the members left: ${quorumOf(members)} of ${members}, then ${quorumOf(members - 1)} of ${members - 1}), then remove both from the environment and synth. A VM's data disk is protected: set \`protectData: false\` for that one change.`,
        ],
        commands: [
          'kubectl drain <server> --ignore-daemonsets --delete-emptydir-data',
          'kubectl delete node <server>',
          'ssh <server> sudo /usr/local/bin/k3s-uninstall.sh',
        ],
      },
    );
  }
  return steps;
}
