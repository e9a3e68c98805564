import type { Rule } from '../violation';

/**
 * A rule about k3s servers (the nodes, k3s itself, what the runbook does on them): silent on a
 * `cluster-api` environment, whose machines Cluster API creates with kubeadm. A k3s setting
 * written there is workload.k3s-setting's to report, once, instead of every rule on it.
 */
export const k3sOnly = (rule: Rule): Rule => ({ ...rule, check: (env) => (env.workload ? [] : rule.check(env)) });
