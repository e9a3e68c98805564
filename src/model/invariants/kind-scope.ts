import type { Environment } from '../resolve';
import type { Finding, Rule } from '../violation';
import type { WorkloadCluster } from '../workload';

// Which kind of environment a rule speaks on: the k3s servers' rules and the workload cluster's
// are each silent on the other kind.

/**
 * A rule about k3s servers (the nodes, k3s itself, what the runbook does on them): silent on a
 * `cluster-api` environment, whose machines Cluster API creates with kubeadm. A k3s setting
 * written there is workload.k3s-setting's to report, once, instead of every rule on it.
 */
export const k3sOnly = (rule: Rule): Rule => ({ ...rule, check: (env) => (env.workload ? [] : rule.check(env)) });

/** A rule's check on a workload cluster alone: nothing on a k3s environment. */
export const onWorkload = (check: (env: Environment, w: WorkloadCluster) => Finding[]) => (env: Environment): Finding[] => (env.workload ? check(env, env.workload) : []);
