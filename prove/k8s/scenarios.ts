/**
 * The Kubernetes half's scenarios, one per environment shape: day 0 from an empty cluster, then
 * each edit a user makes, synthesized, committed and pulled by Flux.
 */
import { pendingOrder, pendingOrderChecks } from './acme-order';
import { ACME, BARE_METAL, VM, podinfoValues, withoutHello } from './fleets';
import type { ClusterScenario } from './scenario';

export const CLUSTER_SCENARIOS: readonly ClusterScenario[] = [
  { name: 'Flux on bare metal with the full platform', shape: BARE_METAL, steps: [{ title: 'the app hello removed', edit: withoutHello }] },
  { name: 'Flux on a VM environment', shape: VM, steps: [{ title: 'the app hello removed', edit: withoutHello }] },
  { name: 'an ACME order holds no app', shape: ACME, steps: [{ title: "the app's values changed while the order is pending", edit: podinfoValues }], actor: pendingOrder, checks: pendingOrderChecks },
];
