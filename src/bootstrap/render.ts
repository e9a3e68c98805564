import type { Artifact } from '../artifact';
import type { ChartRelease } from '../charts/chart';
import type { Environment } from '../model/resolve';
import { k3sConfig } from './k3s-config';
import { kubeVipManifest } from './kube-vip';
import { runbook } from './runbook';
import { CILIUM_VALUES_FILE } from '../paths';

export { CILIUM_VALUES_FILE };

/**
 * Everything a node reads before Flux exists; planned nodes get nothing. `cni` is the CNI's
 * release (the component table's), installed by the runbook with the very values Flux adopts.
 */
export function renderBootstrap(env: Environment, cni?: ChartRelease): Artifact[] {
  const artifacts: Artifact[] = env.liveNodes.map((node) => ({
    path: `bootstrap/nodes/${node.name}/config.yaml`,
    yaml: [k3sConfig(env, node)],
  }));
  if (env.vip && env.vipInterface) {
    artifacts.push({ path: 'bootstrap/kube-vip.yaml', yaml: kubeVipManifest(env, env.vip, env.vipInterface) });
  }
  if (cni) artifacts.push({ path: CILIUM_VALUES_FILE, yaml: [cni.values] });
  artifacts.push({ path: 'bootstrap/README.md', text: runbook(env, cni) + '\n' });
  return artifacts;
}
