import { evenCount } from '../quorum';
import type { Environment } from '../resolve';
import { shown } from '../violation';
import type { Rule } from '../violation';
import { withAction } from './flux';
import { k3sOnly } from './kind-scope';

const founders = (env: Environment) => env.nodes.filter((n) => n.founder);
/** The node founder.missing proposes: the first live one (a planned server cannot found the cluster). */
const firstLiveServer = (env: Environment) => env.nodes.find((n) => n.state === 'live');

/** The most members etcd recommends a cluster to have (its FAQ, "What is maximum cluster size?"). */
export const ETCD_RECOMMENDED_MEMBERS = 7;
/** The members of an etcd cluster of `n` that must agree: a majority. */
const quorumOf = (n: number) => Math.floor(n / 2) + 1;

export const controlPlaneRules: readonly Rule[] = [
  k3sOnly({
    code: 'founder.missing',
    severity: 'error',
    summary: 'exactly one node is the founder (runs cluster-init)',
    check: (env) =>
      env.nodes.length === 0 || founders(env).length > 0
        ? []
        : [{
            path: 'nodes',
            value: env.nodes.map((n) => n.name).join(', '),
            message: 'no node is marked founder: true, so no server would run cluster-init',
            fix: `mark the first live server founder: true, e.g. ${firstLiveServer(env)?.name ?? env.nodes[0]!.name}`,
            ...withAction(firstLiveServer(env) && { set: `nodes[${firstLiveServer(env)!.index}].founder`, to: true }),
          }],
  }),
  k3sOnly({
    code: 'founder.multiple',
    severity: 'error',
    summary: 'only one node runs cluster-init',
    check: (env) =>
      founders(env)
        .slice(1)
        .map((n) => ({
          path: `nodes[${n.index}].founder`,
          value: 'true',
          message: `${n.name} is a second founder after ${founders(env)[0]!.name}; two cluster-init servers make two clusters`,
          fix: `remove founder: true from ${n.name}; it joins the founder`,
          action: { unset: `nodes[${n.index}].founder` },
        })),
  }),
  k3sOnly({
    code: 'founder.planned',
    severity: 'error',
    summary: 'the founder exists (is live)',
    check: (env) =>
      founders(env)
        .filter((n) => n.state === 'planned')
        .map((n) => ({
          path: `nodes[${n.index}].state`,
          value: 'planned',
          message: `the founder ${n.name} is planned, so no live server runs cluster-init`,
          fix: `make ${n.name} live, or move founder: true to a live server`,
        })),
  }),
  k3sOnly({
    code: 'quorum.even',
    severity: 'error',
    summary: 'an HA control plane on embedded etcd has an odd number of live servers (etcd quorum)',
    // On sqlite, k3s.sqlite-multi-server refuses a second server: no sentence about etcd there.
    check: (env) =>
      env.k3s?.datastore === 'etcd' && env.liveNodes.length >= 2 && env.liveNodes.length % 2 === 0
        ? [{
            path: 'nodes',
            value: `${env.liveNodes.length} live servers`,
            message: `${env.liveNodes.length} live servers: ${evenCount(env.liveNodes.length)}`,
            fix: `run ${env.liveNodes.length - 1} or ${env.liveNodes.length + 1} live servers (mark one state: 'planned', or add one)`,
          }]
        : [],
  }),
  k3sOnly({
    code: 'quorum.beyond-recommended',
    severity: 'warning',
    summary: "the control plane's etcd has at most the seven members etcd recommends (live and planned servers)",
    // etcd's FAQ, "What is maximum cluster size?" (etcd-io/website content/en/docs/v3.5/faq.md at
    // 000225b3e868): "an etcd cluster probably should have no more than seven nodes"; more are allowed
    // and slow every write, so a warning. sqlite's one-server limit is k3s.sqlite-multi-server's.
    check: (env) =>
      env.k3s?.datastore === 'etcd' && env.nodes.length > ETCD_RECOMMENDED_MEMBERS
        ? [{
            path: 'nodes',
            value: `${env.nodes.length} servers`,
            message: `${env.liveNodes.length} live and ${env.plannedNodes.length} planned servers make an etcd cluster of ${env.nodes.length} members once all are live; etcd recommends at most ${ETCD_RECOMMENDED_MEMBERS}, as every write is replicated to each member`,
            fix: `keep ${ETCD_RECOMMENDED_MEMBERS} servers or fewer (${ETCD_RECOMMENDED_MEMBERS} tolerate ${ETCD_RECOMMENDED_MEMBERS - quorumOf(ETCD_RECOMMENDED_MEMBERS)} failures) and remove ${env.nodes.length - ETCD_RECOMMENDED_MEMBERS} from nodes`,
          }]
        : [],
  }),
  k3sOnly({
    code: 'ha.single-server',
    severity: 'warning',
    summary: 'an environment meant to be HA (a VIP or planned servers) runs one live server',
    check: (env) =>
      env.liveNodes.length === 1 && (env.nodes.length > 1 || env.vip !== undefined)
        ? [{
            path: 'nodes',
            value: env.liveNodes[0]!.name,
            message: `only ${env.liveNodes[0]!.name} is live; losing it loses the control plane`,
            fix: env.nodes.length > 1
              ? 'bring the planned servers live (state: live) once they exist'
              : 'add two servers (an odd number keeps etcd quorum), or drop controlPlane.vip if the environment stays on one server',
          }]
        : [],
  }),
  k3sOnly({
    code: 'vip.is-node-ip',
    severity: 'error',
    summary: 'the control-plane VIP is no node IP (planned nodes included)',
    check: (env) =>
      env.nodes
        .filter((n) => env.vip !== undefined && n.ip === env.vip)
        .map((n) => ({
          path: 'controlPlane.vip',
          value: env.vip!,
          message: `${env.vip} is the IP of node ${n.name}; the API endpoint would die with that node`,
          fix: `pick a free address in ${env.spec.network.subnet} for the VIP`,
        })),
  }),
  {
    code: 'vip.is-gateway',
    severity: 'error',
    summary: 'the control-plane VIP is not the gateway',
    check: (env) =>
      env.vip !== undefined && env.vip === env.spec.network.gateway
        ? [{
            path: 'controlPlane.vip',
            value: env.vip,
            message: `${env.vip} is the gateway's address`,
            fix: `pick a free address in ${env.spec.network.subnet} for the VIP`,
          }]
        : [],
  },
  k3sOnly({
    code: 'vip.no-interface',
    severity: 'error',
    summary: 'kube-vip knows which interface announces the VIP',
    check: (env) =>
      env.vip !== undefined && !env.vipInterface
        ? [{
            path: 'controlPlane.vipInterface',
            value: shown(env.vipInterface),
            message: 'a VIP is set but not the interface kube-vip announces it on',
            fix: "set controlPlane.vipInterface to the nodes' uplink, e.g. 'enp1s0'",
          }]
        : [],
  }),
  k3sOnly({
    code: 'vip.required-for-ha',
    severity: 'error',
    summary: 'more than one server needs a VIP as the API endpoint',
    check: (env) =>
      env.vip === undefined && env.nodes.length > 1
        ? [{
            path: 'controlPlane.vip',
            value: shown(undefined),
            message: `${env.nodes.length} servers but no VIP: every client would dial the founder alone`,
            fix: `set controlPlane.vip to a free address in ${env.spec.network.subnet}`,
          }]
        : [],
  }),
  {
    code: 'ingress-vip.conflict',
    severity: 'error',
    summary: 'the ingress VIP is neither the control-plane VIP nor a node IP',
    check: (env) => {
      const ingress = env.ingressVip;
      if (ingress === undefined) return [];
      const holder = ingress === env.vip ? 'the control-plane VIP' : env.nodes.find((n) => n.ip === ingress)?.name;
      return holder === undefined
        ? []
        : [{
            path: 'ingressVip',
            value: ingress,
            message: `${ingress} is already ${holder.startsWith('the ') ? holder : `the IP of node ${holder}`}`,
            fix: `pick a free address in ${env.spec.network.subnet} for the ingress gateway`,
          }];
    },
  },
  {
    code: 'api-port.invalid',
    severity: 'error',
    summary: 'the API port is a TCP port',
    check: (env) =>
      Number.isInteger(env.apiPort) && env.apiPort >= 1 && env.apiPort <= 65535
        ? []
        : [{ path: 'controlPlane.apiPort', value: shown(env.apiPort), message: `${env.apiPort} is not a TCP port`, fix: 'leave it unset (6443) or use 1-65535', action: { unset: 'controlPlane.apiPort' } }],
  },
];
