import { Construct } from 'constructs';
import * as mhc from '../imports/capi-machinehealthcheck-cluster.x-k8s.io';
import type { WorkloadCluster } from '../model/workload';
import { CLUSTER_NAME_LABEL } from './references';

/**
 * How long a machine may go without a Node: Cluster API's own default, written out (v1.12.11
 * api/core/v1beta2/machinehealthcheck_types.go DefaultNodeStartupTimeoutSeconds). The clock starts
 * when the machine's VM is up, not when CAPMOX starts cloning it (internal/controllers/
 * machinehealthcheck/machinehealthcheck_targets.go, the comparison time).
 */
export const NODE_STARTUP_TIMEOUT_SECONDS = 600;
/**
 * How long a Node may be not Ready. Every Node is NotReady until Cilium runs on it, and mgmt
 * installs Cilium only once the control plane is up and its kubeconfig Secret exists: twice the
 * 300 s of Cluster API's examples (docs/book/src/tasks/automated-machine-management/healthchecking.md)
 * leaves that window room.
 */
export const NOT_READY_TIMEOUT_SECONDS = 600;

/**
 * At most this many machines of a set are remediated while unhealthy at once: half the set, at
 * least one. More unhealthy at once is a cause no new machine fixes (no CNI yet, the network
 * down), and replacing them would only churn VMs (`remediation.triggerIf`, same docs page,
 * "Remediation Short-Circuiting").
 */
export const remediationLimit = (replicas: number): number => Math.max(1, Math.floor(replicas / 2));

export interface HealthCheckProps {
  readonly cluster: WorkloadCluster;
  /** The object's name: the MachineDeployment's, or the KubeadmControlPlane's. */
  readonly name: string;
  /** Labels of exactly the set's Machines; the sets' selectors never overlap. */
  readonly selector: Readonly<Record<string, string>>;
  /** The set's replicas, for the remediation limit. */
  readonly replicas: number;
}

/**
 * A `MachineHealthCheck` (v1beta2) for one machine set: a machine whose Node never shows up, or
 * stays not Ready, is replaced by its owner (the MachineSet, or the KubeadmControlPlane, which
 * keeps etcd quorum while it does).
 */
export class HealthCheck extends Construct {
  public constructor(scope: Construct, id: string, props: HealthCheckProps) {
    super(scope, id);
    const { cluster } = props;
    const notReady = (status: string) => ({ type: 'Ready', status, timeoutSeconds: NOT_READY_TIMEOUT_SECONDS });
    new mhc.MachineHealthCheckV1Beta2(this, 'Resource', {
      metadata: { name: props.name, namespace: cluster.namespace, labels: { [CLUSTER_NAME_LABEL]: cluster.name } },
      spec: {
        clusterName: cluster.name,
        selector: { matchLabels: { ...props.selector } },
        checks: {
          nodeStartupTimeoutSeconds: NODE_STARTUP_TIMEOUT_SECONDS,
          unhealthyNodeConditions: [notReady('Unknown'), notReady('False')],
        },
        remediation: {
          triggerIf: { unhealthyLessThanOrEqualTo: mhc.MachineHealthCheckV1Beta2SpecRemediationTriggerIfUnhealthyLessThanOrEqualTo.fromNumber(remediationLimit(props.replicas)) },
        },
      },
    });
  }
}
