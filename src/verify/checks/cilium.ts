import { ciliumRelease } from '../../components/cilium/chart';
import type { Environment } from '../../model/resolve';
import type { EnvironmentTree } from '../../validate/tree-objects';
import { KUBE_SYSTEM_HELM_RELEASES, KUBE_SYSTEM_PODS, NODES } from '../kinds';
import type { LiveSnapshot, VerifyCheck, VerifyLine } from '../types';
import { valuesDigest } from '../values-digest';
import { items, line, nameOf, notReadLine } from './line';

/** The label the Cilium chart puts on its agent DaemonSet's pods. */
const AGENT_LABEL = 'k8s-app';
/**
 * k3s records a node's arguments, its config file's included, as a JSON list in this annotation:
 * each `--flag=value` split in two, secrets replaced (k3s-io/k3s pkg/nodeconfig/nodeconfig.go,
 * getNodeArgs; the config file's `disable-kube-proxy: true` arrives as `--disable-kube-proxy=true`).
 */
export const NODE_ARGS = 'k3s.io/node-args';

type Container = { name?: string; env?: { name?: string; value?: string; valueFrom?: unknown }[] };

/** Whether the node's k3s runs without kube-proxy, or why that cannot be told. */
export function kubeProxyDisabled(node: Record<string, any>): boolean | string {
  const raw = node.metadata?.annotations?.[NODE_ARGS];
  if (typeof raw !== 'string') return `no ${NODE_ARGS} annotation`;
  let args: unknown;
  try {
    args = JSON.parse(raw);
  } catch {
    return `${NODE_ARGS} is not a JSON list`;
  }
  if (!Array.isArray(args)) return `${NODE_ARGS} is not a JSON list`;
  const at = args.lastIndexOf('--disable-kube-proxy');
  return at >= 0 && args[at + 1] !== 'false';
}

function agentLines(env: Environment, live: LiveSnapshot): VerifyLine[] {
  const expected = `KUBERNETES_SERVICE_HOST=${env.apiServerEndpoint} KUBERNETES_SERVICE_PORT=${env.apiPort} (the apiserver endpoint${env.vip ? ', the kube-vip VIP' : ''})`;
  const notRead = notReadLine('cilium.service-host', 'the cilium agents', expected, live, KUBE_SYSTEM_PODS);
  if (notRead) return [notRead];
  const agents = items(live, KUBE_SYSTEM_PODS).filter((p) => p.metadata?.labels?.[AGENT_LABEL] === 'cilium');
  const fix = `the agents were installed with other values: let Flux upgrade the cilium HelmRelease (flux reconcile helmrelease -n kube-system cilium), then roll the agents (kubectl -n kube-system rollout restart daemonset/cilium)`;
  if (agents.length === 0) return [line('cilium.service-host', 'drift', 'the cilium agents', expected, 'no pod labelled k8s-app=cilium in kube-system', 'install Cilium (the runbook does, before Flux)')];
  return agents.map((pod) => {
    const containers = (pod.spec?.containers ?? []) as Container[];
    const agent = containers.find((c) => c.name === 'cilium-agent') ?? containers[0];
    const variable = (name: string) => agent?.env?.find((e) => e.name === name);
    const host = variable('KUBERNETES_SERVICE_HOST');
    const port = variable('KUBERNETES_SERVICE_PORT');
    const subject = `Pod kube-system/${nameOf(pod)}${pod.spec?.nodeName ? ` on ${pod.spec.nodeName}` : ''}`;
    if (host?.valueFrom !== undefined || port?.valueFrom !== undefined) {
      return line('cilium.service-host', 'not-checkable', subject, expected, 'the variables come from a reference (valueFrom), not a value', 'read the referenced ConfigMap: kubectl -n kube-system get pod -o yaml');
    }
    const liveText = host === undefined ? 'KUBERNETES_SERVICE_HOST unset (the agent dials the kubernetes Service, which needs kube-proxy)' : `KUBERNETES_SERVICE_HOST=${host.value} KUBERNETES_SERVICE_PORT=${port?.value ?? '(unset)'}`;
    const same = host?.value === env.apiServerEndpoint && port?.value === String(env.apiPort);
    return line('cilium.service-host', same ? 'pass' : 'drift', subject, expected, liveText, fix);
  });
}

function kubeProxyLines(env: Environment, live: LiveSnapshot): VerifyLine[] {
  const expected = 'kube-proxy disabled (k3s --disable-kube-proxy: Cilium replaces it)';
  const notRead = notReadLine('cilium.kube-proxy', 'the Nodes', expected, live, NODES);
  if (notRead) return [notRead];
  return items(live, NODES)
    .filter((n) => env.liveNodes.some((s) => s.name === nameOf(n)))
    .map((node) => {
      const disabled = kubeProxyDisabled(node);
      const subject = `Node ${nameOf(node)}`;
      if (typeof disabled === 'string') return line('cilium.kube-proxy', 'not-checkable', subject, expected, disabled, 'k3s writes it at start: restart k3s on the server, or look at its config.yaml');
      return line('cilium.kube-proxy', disabled ? 'pass' : 'drift', subject, expected, disabled ? 'started with --disable-kube-proxy' : 'k3s runs kube-proxy',
        `copy clusters/${env.name}/bootstrap/nodes/${nameOf(node)}/config.yaml to the server (the runbook's step) and restart k3s`);
    });
}

/** The tree's Cilium HelmRelease, or undefined when the tree installs Cilium another way. */
const treeRelease = (env: Environment, tree: EnvironmentTree) => {
  const { name, namespace } = ciliumRelease(env);
  return tree.objects.find((o) => o.doc.kind === 'HelmRelease' && o.doc.metadata?.name === name && o.doc.metadata?.namespace === namespace);
};

function valuesLines(env: Environment, tree: EnvironmentTree, live: LiveSnapshot): VerifyLine[] {
  const ours = treeRelease(env, tree);
  const { name, namespace } = ciliumRelease(env);
  const subject = `HelmRelease ${namespace}/${name}`;
  if (ours === undefined) return [line('cilium.values', 'not-checkable', subject, 'the values of the tree', `clusters/${env.name} holds no HelmRelease ${namespace}/${name}`, 'the deployed values are read from a HelmRelease\'s history only')];
  // A workload cluster's own release waits for the handover: its management environment's HelmRelease releases Cilium there, with the same values by construction.
  if (ours.doc.spec?.suspend === true) return [line('cilium.values', 'not-checkable', subject, `the values of ${ours.file}`, 'the tree suspends it (a workload cluster before its handover: its management environment releases Cilium)', 'read the management environment\'s HelmRelease of it: flux get helmreleases -A on the management cluster')];
  if (ours.doc.spec?.valuesFrom !== undefined) return [line('cilium.values', 'not-checkable', subject, `the values of ${ours.file}`, 'its values come partly from valuesFrom references', 'compare them by hand: flux get helmrelease -n kube-system cilium')];
  const digest = valuesDigest(ours.doc.spec?.values);
  const expected = `the values of ${ours.file} (${digest ?? 'digest not computable'})`;
  const notRead = notReadLine('cilium.values', subject, expected, live, KUBE_SYSTEM_HELM_RELEASES);
  if (notRead) return [notRead];
  const release = items(live, KUBE_SYSTEM_HELM_RELEASES).find((r) => nameOf(r) === name);
  const reconcile = `flux reconcile helmrelease -n ${namespace} ${name} --force (the runbook's Cilium install predates Flux's adoption)`;
  if (release === undefined) return [line('cilium.values', 'drift', subject, expected, 'no such HelmRelease', 'let Flux apply the platform layer: flux get kustomizations')];
  const latest = (release.status?.history as Record<string, any>[] | undefined)?.[0];
  if (latest === undefined) return [line('cilium.values', 'drift', subject, expected, 'no release in status.history (helm-controller has not installed or adopted it)', reconcile)];
  const liveDigest = String(latest.configDigest ?? '');
  const algorithm = liveDigest.split(':')[0];
  if (algorithm !== 'sha256' && algorithm !== 'sha384' && algorithm !== 'sha512') {
    return [line('cilium.values', 'not-checkable', subject, expected, `configDigest ${liveDigest || '(none)'}`, 'verify computes sha256/sha384/sha512 digests only')];
  }
  const ourDigest = valuesDigest(ours.doc.spec?.values, algorithm);
  if (ourDigest === undefined) return [line('cilium.values', 'not-checkable', subject, expected, `configDigest ${liveDigest}`, 'the values hold a string verify cannot encode as helm-controller does (multi-line, non-ASCII or folded): compare with flux get helmrelease')];
  const deployed = `release v${latest.version} ${latest.status}, chart ${latest.chartVersion}, configDigest ${liveDigest}`;
  if (latest.status !== 'deployed') return [line('cilium.values', 'drift', subject, expected, deployed, reconcile)];
  return [line('cilium.values', liveDigest === ourDigest ? 'pass' : 'drift', subject, `the values of ${ours.file} (${ourDigest})`, deployed, reconcile)];
}

/** Cilium's agents dial the apiserver endpoint, kube-proxy is off on every server, and the deployed values are the tree's. */
export const ciliumCheck: VerifyCheck = {
  area: 'cilium',
  reads: (env) => (env.cilium === undefined ? [] : [KUBE_SYSTEM_PODS, NODES, KUBE_SYSTEM_HELM_RELEASES]),
  run: ({ env, tree, live }) => (env.cilium === undefined ? [] : [...agentLines(env, live), ...kubeProxyLines(env, live), ...valuesLines(env, tree, live)]),
};
