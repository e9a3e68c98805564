import type { Artifact } from '../tree/artifact';
import type { ChartRelease } from '../charts/chart';
import type { HandoverPlan } from './handover-step';
import type { K3sEnvironment } from '../model/resolve';
import { k3sConfig } from './k3s-config';
import { kubeVipManifest } from './kube-vip';
import { runbook } from './runbook';
import { runScript } from './run-script';
import type { Step } from './step';
import { FluxInstance } from '../imports/flux-instance-fluxcd.controlplane.io';
import type { FluxInstanceSpecClusterSize } from '../imports/flux-instance-fluxcd.controlplane.io';
import { fluxInstanceProps } from '../k8s/flux-instance';
import { managementPatches } from '../k8s/sops-age-fallback';
import { CILIUM_VALUES_FILE, FLUX_INSTANCE_FILE, RUN_SCRIPT_FILE } from '../tree/paths';

export { CILIUM_VALUES_FILE };

/**
 * Everything a node reads before Flux exists; planned nodes get nothing. `cni` is the CNI's
 * release (the component table's), installed by the runbook with the very values Flux adopts;
 * `fluxSize` the FluxInstance's size, the tree's; `handover` what the runbook retires of an
 * earlier install once Flux owns it; `platformDayTwo` the table's Day 2 sections of the runbook.
 */
export function renderBootstrap(env: K3sEnvironment, fluxSize: FluxInstanceSpecClusterSize, cni?: ChartRelease, handover?: HandoverPlan, platformDayTwo: readonly Step[] = []): Artifact[] {
  const artifacts: Artifact[] = env.liveNodes.map((node) => ({
    path: `bootstrap/nodes/${node.name}/config.yaml`,
    yaml: [k3sConfig(env, node)],
  }));
  if (env.vip && env.vipInterface) {
    artifacts.push({ path: 'bootstrap/kube-vip.yaml', yaml: kubeVipManifest(env, env.vip, env.vipInterface) });
  }
  if (cni) artifacts.push({ path: CILIUM_VALUES_FILE, yaml: [cni.values] });
  // Applied once by the runbook; byte for byte the FluxInstance Flux then keeps applied from the tree.
  artifacts.push({ path: FLUX_INSTANCE_FILE, yaml: [FluxInstance.manifest(fluxInstanceProps(env, fluxSize, managementPatches(env)))] });
  artifacts.push({ path: 'bootstrap/README.md', text: runbook(env, cni, handover, platformDayTwo) + '\n' });
  artifacts.push({ path: RUN_SCRIPT_FILE, text: runScript(env, cni, handover) + '\n' });
  return artifacts;
}
