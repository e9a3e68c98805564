import type { EnvironmentTree } from '../../validate/tree-objects';
import { KUBE_VIP_LEASES, NODES } from '../kinds';
import type { VerifyCheck, VerifyInput } from '../types';
import { items, line, nameOf, notReadLine, unreadable } from './line';

type EnvVar = { name?: string; value?: string };

/**
 * The Lease kube-vip's leader election holds, from the manifest the tree ships: its
 * `vip_leasename` in its `cp_namespace` (kube-vip's defaults, plndr-cp-lock in kube-system,
 * when unset). The holder's identity is the node name (`vip_nodename`, spec.nodeName).
 */
export function kubeVipLease(tree: EnvironmentTree): { file: string; namespace: string; name: string } | undefined {
  const daemonSet = tree.objects.find((o) => /\/bootstrap\//.test(o.file) && o.doc.kind === 'DaemonSet' && o.doc.metadata?.name === 'kube-vip');
  if (daemonSet === undefined) return undefined;
  const env = ((daemonSet.doc.spec?.template?.spec?.containers ?? []) as { env?: EnvVar[] }[]).flatMap((c) => c.env ?? []);
  const value = (name: string) => env.find((e) => e.name === name)?.value;
  return { file: daemonSet.file, namespace: value('cp_namespace') ?? 'kube-system', name: value('vip_leasename') ?? 'plndr-cp-lock' };
}

/** kubeadm's label on a control-plane Node (kubeadm's mark-control-plane phase sets it). */
const CONTROL_PLANE_LABEL = 'node-role.kubernetes.io/control-plane';

/**
 * A workload cluster's kube-vip, the static pod its KubeadmControlPlane writes on each
 * control-plane machine (src/workload/kube-vip-files.ts sets no lease name or namespace, so
 * kube-vip's defaults hold), is led by a control-plane Node of the cluster. Its machines' names
 * are Cluster API's, so the label, not the model, says which Nodes qualify.
 */
function workloadLeaseLines({ env, live }: VerifyInput, management: string) {
  const subject = 'Lease kube-system/plndr-cp-lock';
  const expected = `held by a control-plane Node (label ${CONTROL_PLANE_LABEL})`;
  const notRead = notReadLine('kube-vip.lease', subject, expected, live, KUBE_VIP_LEASES);
  if (notRead) return [notRead];
  const found = items(live, KUBE_VIP_LEASES).find((l) => nameOf(l) === 'plndr-cp-lock');
  const holder = found?.spec?.holderIdentity as string | undefined;
  const nodes = unreadable(live, NODES) === undefined ? items(live, NODES) : undefined;
  const fix = `kube-vip runs as a static pod on each control-plane machine, from ${env.name}'s KubeadmControlPlane on ${management}: kubectl -n kube-system get pods -o wide | grep kube-vip`;
  if (found === undefined) return [line('kube-vip.lease', 'drift', subject, expected, 'no such Lease: no kube-vip instance has led', fix)];
  if (!holder) return [line('kube-vip.lease', 'drift', subject, expected, 'held by nobody', fix)];
  const node = nodes?.find((n) => nameOf(n) === holder);
  const isControlPlane = nodes === undefined || (node !== undefined && node.metadata?.labels?.[CONTROL_PLANE_LABEL] !== undefined);
  const why = nodes === undefined ? '' : node === undefined ? ' (not a Node of the cluster)' : isControlPlane ? '' : ' (a Node without the control-plane label)';
  return [line('kube-vip.lease', isControlPlane ? 'pass' : 'drift', subject, expected, `held by ${holder}${why}`, fix)];
}

/** kube-vip's control-plane Lease is held by a live server of the model (a workload's control-plane Node) that is a Node of the cluster. */
export const kubeVipCheck: VerifyCheck = {
  area: 'kube-vip',
  reads: (env) => (env.vip === undefined ? [] : [KUBE_VIP_LEASES, NODES]),
  run: (input) => {
    const { env, tree, live } = input;
    if (env.vip === undefined) return [];
    if (env.workload) return workloadLeaseLines(input, env.workload.management);
    const lease = kubeVipLease(tree);
    const servers = env.liveNodes.map((n) => n.name);
    const expected = `held by a live server (${servers.join(', ')})`;
    if (lease === undefined) {
      return [line('kube-vip.lease', 'not-checkable', 'the kube-vip Lease', expected, `clusters/${env.name}/bootstrap holds no kube-vip DaemonSet`, 'npm run synth: the tree should ship kube-vip.yaml while a VIP is set')];
    }
    const subject = `Lease ${lease.namespace}/${lease.name}`;
    if (lease.namespace !== KUBE_VIP_LEASES.namespace) {
      return [line('kube-vip.lease', 'not-checkable', subject, expected, `verify reads Leases in ${KUBE_VIP_LEASES.namespace} only`, `the manifest ${lease.file} puts kube-vip's lease elsewhere: report this`)];
    }
    const notRead = notReadLine('kube-vip.lease', subject, expected, live, KUBE_VIP_LEASES);
    if (notRead) return [notRead];
    const found = items(live, KUBE_VIP_LEASES).find((l) => nameOf(l) === lease.name);
    const holder = found?.spec?.holderIdentity as string | undefined;
    const nodes = unreadable(live, NODES) === undefined ? new Set(items(live, NODES).map(nameOf)) : undefined;
    const fix = `kube-vip runs on the servers from ${lease.file} (k3s applies it from its manifests folder): kubectl -n kube-system get pods -l app.kubernetes.io/name=kube-vip -o wide`;
    if (found === undefined) return [line('kube-vip.lease', 'drift', subject, expected, 'no such Lease: no kube-vip instance has led', fix)];
    if (!holder) return [line('kube-vip.lease', 'drift', subject, expected, 'held by nobody', fix)];
    const isServer = servers.includes(holder);
    const isNode = nodes === undefined || nodes.has(holder);
    return [line('kube-vip.lease', isServer && isNode ? 'pass' : 'drift', subject, expected,
      `held by ${holder}${isServer ? '' : ' (not a live server of the model)'}${isNode ? '' : ' (not a Node of the cluster)'}`, fix)];
  },
};
