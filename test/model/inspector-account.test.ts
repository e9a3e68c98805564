import { describe, expect, it } from 'vitest';
import { resolve } from '../../src/model/resolve';
import { inspectorFix } from '../../src/model/inspector-account';
import { dev } from '../fixtures/fleet/dev';
import { lab1, workloadFleet } from '../fixtures/workload';

describe("the inspector's fix", () => {
  it('points a k3s environment at its runbook, and a workload cluster, which has none, at its admin kubeconfig on mgmt', () => {
    expect(inspectorFix(resolve(dev))).toBe("use the inspector's kubeconfig (ServiceAccount flux-system/verify-inspector, role verify-readonly; the runbook mints it)");
    expect(inspectorFix(resolve(lab1, workloadFleet))).toBe(
      "use the inspector's kubeconfig (ServiceAccount flux-system/verify-inspector, role verify-readonly; mint it with the cluster's admin kubeconfig (clusterctl get kubeconfig lab1 -n default, on mgmt): kubectl -n flux-system create token verify-inspector)",
    );
  });
});
