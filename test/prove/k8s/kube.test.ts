import { describe, expect, it } from 'vitest';
import { applyOrder, conditionTrue, documents, messageOf } from '../../../prove/k8s/kube';

const ready = (status: string, observedGeneration?: number, generation = 2) => ({
  apiVersion: 'x/v1', kind: 'K', metadata: { name: 'a', generation }, status: { observedGeneration, conditions: [{ type: 'Ready', status }] },
});

describe('kube helpers', () => {
  it('apply CRDs first, then namespaces, then the rest in their order', () => {
    const objects = documents('kind: ConfigMap\nmetadata: {name: a}\n---\nkind: Namespace\nmetadata: {name: n}\n---\n---\nkind: CustomResourceDefinition\nmetadata: {name: c}\n---\nkind: Secret\nmetadata: {name: s}\n');
    expect(applyOrder(objects).map((o) => o.kind)).toEqual(['CustomResourceDefinition', 'Namespace', 'ConfigMap', 'Secret']);
  });

  it('count a Flux object Ready only for the generation it last reconciled', () => {
    expect(conditionTrue(ready('True', 2), 'Ready')).toBe(true);
    expect(conditionTrue(ready('True', 1), 'Ready')).toBe(false);
    expect(conditionTrue(ready('False', 2), 'Ready')).toBe(false);
    expect(conditionTrue(undefined, 'Ready')).toBe(false);
  });

  it('report the API server\'s own message for a refused request, else its HTTP status', () => {
    expect(messageOf({ status: 422, body: { kind: 'Status', message: 'spec.x: Required value' } })).toBe('spec.x: Required value');
    expect(messageOf({ status: 502, body: 'bad gateway' })).toBe('HTTP 502: bad gateway');
  });
});
