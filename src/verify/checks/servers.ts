import { UPGRADE_SECTION } from '../../bootstrap/day-two';
import { isK3s } from '../../model/resolve';
import type { K3sEnvironment, Node } from '../../model/resolve';
import { NODES } from '../kinds';
import type { VerifyCheck, VerifyInput, VerifyLine } from '../types';
import { items, line, nameOf, notReadLine } from './line';

// The live Nodes against the model's servers. The role labels are k3s's own (k3s-io/k3s
// ControlPlaneRoleLabelKey and ETCDRoleLabelKey, both set to "true": the server labels its Node
// control-plane, and etcd when it runs embedded etcd); the kubelet reports k3s's version string,
// `v1.36.4+k3s1`, the form of the pin.
const CONTROL_PLANE = 'node-role.kubernetes.io/control-plane';
const ETCD = 'node-role.kubernetes.io/etcd';

const list = (names: readonly string[]) => (names.length === 0 ? 'none' : names.join(', '));
const internalIp = (node: Record<string, any>): string | undefined =>
  (node.status?.addresses as { type?: string; address?: string }[] | undefined)?.find((a) => a.type === 'InternalIP')?.address;
const ready = (node: Record<string, any>) => (node.status?.conditions as { type?: string; status?: string; reason?: string }[] | undefined)?.find((c) => c.type === 'Ready');

function serverLines(env: K3sEnvironment, server: Node, live: Record<string, any>): VerifyLine[] {
  const subject = `Node ${server.name}`;
  const at = `${env.name}.nodes[${server.index}]`;
  const ip = internalIp(live);
  const condition = ready(live);
  const labels = (live.metadata?.labels ?? {}) as Record<string, string>;
  const roles = [CONTROL_PLANE, ...(env.k3s.datastore === 'etcd' ? [ETCD] : [])];
  const missingRoles = roles.filter((r) => labels[r] !== 'true');
  const extraRoles = env.k3s.datastore === 'etcd' ? [] : [ETCD].filter((r) => r in labels);
  const kubelet = live.status?.nodeInfo?.kubeletVersion as string | undefined;
  return [
    line('servers.internal-ip', ip === server.ip ? 'pass' : 'drift', subject, `InternalIP ${server.ip} (${at}.ip)`, ip === undefined ? 'no InternalIP address' : `InternalIP ${ip}`,
      `set node-ip in clusters/${env.name}/bootstrap/nodes/${server.name}/config.yaml on the server (the runbook copies it) and restart k3s, or correct ${at}.ip`),
    line('servers.ready', condition?.status === 'True' ? 'pass' : 'drift', subject, 'Ready', condition === undefined ? 'no Ready condition' : `Ready=${condition.status}${condition.reason ? ` (${condition.reason})` : ''}`,
      `look at the server: systemctl status k3s; journalctl -u k3s on ${server.name}`),
    line('servers.roles', missingRoles.length === 0 && extraRoles.length === 0 ? 'pass' : 'drift', subject,
      `labels ${roles.map((r) => `${r}=true`).join(', ')}${env.k3s.datastore === 'etcd' ? '' : ` and no ${ETCD} (datastore sqlite)`}`,
      missingRoles.length === 0 && extraRoles.length === 0 ? 'as expected' : [...missingRoles.map((r) => `${r} missing`), ...extraRoles.map((r) => `${r} present`)].join(', '),
      `the Node did not join as the model's server: rejoin it with the runbook's step for ${server.name}`),
    line('servers.kubelet', kubelet === env.k3s.version ? 'pass' : 'drift', subject, `kubelet ${env.k3s.version} (the k3s pin)`, kubelet === undefined ? 'no kubelet version' : `kubelet ${kubelet}`,
      `upgrade or downgrade k3s on ${server.name} to ${env.k3s.version} (bootstrap/README.md, Day 2 "${UPGRADE_SECTION}"), or pin the version it runs`),
  ];
}

/** The Nodes are exactly the live servers, each with its address, readiness, roles and k3s release; planned servers are absent. */
export const serversCheck: VerifyCheck = {
  area: 'servers',
  reads: () => [NODES],
  run: ({ env, live }: VerifyInput) => {
    const expected = env.liveNodes.map((n) => n.name);
    const notRead = notReadLine('servers.members', 'the Nodes', `exactly the live servers ${list(expected)}`, live, NODES);
    if (notRead) return [notRead];
    const nodes = new Map(items(live, NODES).map((n) => [nameOf(n), n]));
    const extra = [...nodes.keys()].filter((name) => !env.nodes.some((n) => n.name === name)).sort();
    const missing = env.liveNodes.filter((n) => !nodes.has(n.name));
    const members = extra.length === 0 && missing.length === 0
      ? [line('servers.members', 'pass', 'the Nodes', `exactly the live servers ${list(expected)}`, list([...nodes.keys()].sort()))]
      : [
          ...extra.map((name) =>
            line('servers.extra', 'drift', `Node ${name}`, `not in the model (its live servers: ${list(expected)})`, 'a Node of the cluster',
              `add ${name} to ${env.name}.nodes, or drain and delete it (kubectl drain ${name}; kubectl delete node ${name}) if it joined outside the model`)),
          ...missing.map((n) =>
            line('servers.missing', 'drift', `Node ${n.name}`, `a Node (${env.name}.nodes[${n.index}] is live)`, 'no such Node',
              `join ${n.name} with the runbook (clusters/${env.name}/bootstrap/run.sh), or set ${env.name}.nodes[${n.index}].state to planned`)),
        ];
    const planned = env.plannedNodes.map((n) =>
      line('servers.planned', nodes.has(n.name) ? 'drift' : 'pass', `Node ${n.name}`, `absent (${env.name}.nodes[${n.index}] is planned)`, nodes.has(n.name) ? 'a Node of the cluster' : 'absent',
        `set ${env.name}.nodes[${n.index}].state to live once it is a server, or remove the Node`));
    const each = isK3s(env) ? env.liveNodes.filter((n) => nodes.has(n.name)).flatMap((n) => serverLines(env, n, nodes.get(n.name)!)) : [];
    return [...members, ...planned, ...each];
  },
};
