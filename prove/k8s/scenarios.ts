/**
 * The Kubernetes half's scenarios, one per environment shape: day 0 from an empty cluster, then
 * each edit a user makes, synthesized, committed and pulled by Flux.
 */
import { pendingOrder, pendingOrderChecks } from './acme-order';
import { ACME, BARE_METAL, MANAGEMENT, VM, handedOver, podinfoValues, withoutHello } from './fleets';
import { runHandover } from './handover';
import type { ClusterScenario } from './scenario';

export const CLUSTER_SCENARIOS: readonly ClusterScenario[] = [
  { name: 'Flux on bare metal with the full platform', shape: BARE_METAL, steps: [{ title: 'the app hello removed', edit: withoutHello }] },
  { name: 'Flux on a VM environment', shape: VM, steps: [{ title: 'the app hello removed', edit: withoutHello }] },
  { name: 'an ACME order holds no app', shape: ACME, steps: [{ title: "the app's values changed while the order is pending", edit: podinfoValues }], actor: pendingOrder, checks: pendingOrderChecks },
  // Its one step edits the workload cluster's file, lab1.ts.
  { name: 'the workload handover', shape: MANAGEMENT, steps: [{ title: 'lab1 handed over (infrastructure.handedOver: true)', edit: handedOver }], run: (ctx, s) => runHandover(ctx, s) },
];
