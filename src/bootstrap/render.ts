import type { Artifact } from '../artifact';
import { ciliumRelease } from '../components/cilium/chart';
import type { Environment } from '../model/resolve';
import { k3sConfig } from './k3s-config';
import { kubeVipManifest } from './kube-vip';
import { runbook } from './runbook';
import { CILIUM_VALUES_FILE } from '../paths';

export { CILIUM_VALUES_FILE };

/** Everything a node reads before Flux exists; planned nodes get nothing. */
export function renderBootstrap(env: Environment): Artifact[] {
  const artifacts: Artifact[] = env.liveNodes.map((node) => ({
    path: `bootstrap/nodes/${node.name}/config.yaml`,
    yaml: [k3sConfig(env, node)],
  }));
  if (env.vip && env.vipInterface) {
    artifacts.push({ path: 'bootstrap/kube-vip.yaml', yaml: kubeVipManifest(env, env.vip, env.vipInterface) });
  }
  if (env.cilium) artifacts.push({ path: CILIUM_VALUES_FILE, yaml: [ciliumRelease(env).values] });
  artifacts.push({ path: 'bootstrap/README.md', text: runbook(env) + '\n' });
  return artifacts;
}
