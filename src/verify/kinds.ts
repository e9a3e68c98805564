import { KUBE_VIP_NAMESPACE } from '../bootstrap/kube-vip';
import type { LiveKind } from './types';

// The kinds stream A's checks read, in the API's own terms (group, version, plural, kind).

export const NODES: LiveKind = { group: '', version: 'v1', resource: 'nodes', kind: 'Node' };
/** Cilium's agents run in kube-system (the chart's namespace, src/components/cilium/chart.ts). */
export const KUBE_SYSTEM_PODS: LiveKind = { group: '', version: 'v1', resource: 'pods', kind: 'Pod', namespace: 'kube-system' };
export const KUBE_VIP_LEASES: LiveKind = { group: 'coordination.k8s.io', version: 'v1', resource: 'leases', kind: 'Lease', namespace: KUBE_VIP_NAMESPACE };
/** The HelmReleases of kube-system: Cilium's (its status.history holds the deployed values' digest). */
export const KUBE_SYSTEM_HELM_RELEASES: LiveKind = { group: 'helm.toolkit.fluxcd.io', version: 'v2', resource: 'helmreleases', kind: 'HelmRelease', namespace: 'kube-system' };
