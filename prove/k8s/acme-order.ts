/**
 * A slow ACME order, played as cert-manager shows one: no cert-manager controller runs here, so
 * the harness gives each Certificate the status cert-manager v1.21 writes when it starts issuing
 * (Ready False, `DoesNotExist`: "Issuing certificate as Secret does not exist"; Issuing True) and
 * keeps it there, as a DNS-01 challenge that never propagates would.
 */
import type { Check } from '../report';
import type { Kubectl } from './kubectl';

type Json = Record<string, any>;

const certificates = (k: Kubectl) => (k.json(['get', 'certificates.cert-manager.io', '-A']).items ?? []) as Json[];
const readyOf = (c: Json) => ((c.status?.conditions ?? []) as Json[]).find((x) => x.type === 'Ready');

/** Marks every Certificate cert-manager has not touched yet as issuing. */
export function pendingOrder(k: Kubectl): void {
  const got = k.try(['get', 'certificates.cert-manager.io', '-A', '-o', 'json']);
  if (got.status !== 0) return; // the CRD is not there yet
  for (const c of (JSON.parse(got.stdout).items ?? []) as Json[]) {
    if (readyOf(c)) continue;
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const status = { status: { conditions: [
      { type: 'Ready', status: 'False', reason: 'DoesNotExist', message: 'Issuing certificate as Secret does not exist', lastTransitionTime: now, observedGeneration: c.metadata.generation },
      { type: 'Issuing', status: 'True', reason: 'DoesNotExist', message: 'Issuing certificate as Secret does not exist', lastTransitionTime: now, observedGeneration: c.metadata.generation },
    ] } };
    k.try(['patch', 'certificate', '-n', c.metadata.namespace, c.metadata.name, '--subresource=status', '--type=merge', '-p', JSON.stringify(status)]);
  }
}

/** Every Certificate's order is still pending: the layers' rows above were Ready (or not) with it so. */
export function pendingOrderChecks(k: Kubectl): Check[] {
  const all = certificates(k);
  const pending = all.filter((c) => readyOf(c)?.status === 'False').map((c) => `${c.metadata.namespace}/${c.metadata.name}`);
  return [{ what: `the ACME order of ${pending.join(', ') || 'no Certificate'} is still pending (Ready False, as cert-manager leaves it while DNS-01 has not propagated)`, ok: pending.length > 0 && pending.length === all.length }];
}
