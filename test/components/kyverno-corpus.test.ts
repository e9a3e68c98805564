import { describe, expect, it } from 'vitest';
import { policyVerdicts } from '../../src/components/kyverno/rendered-rules';
import { POD_TEMPLATES, POLICY_RULES } from '../../src/components/kyverno/policy-rules';
import { dev } from '../fixtures/fleet/dev';
import { rendered } from '../fixtures/render';
import { kyvernoCorpus } from '../fixtures/kyverno/corpus';

/** The namespaces the rendered policies exempt (dev's: the cluster's and the platform's). */
const exempt = (): string[] => rendered(dev).doc('kubernetes/policies/kyverno-policies/validatingpolicy.require-requests.yaml').spec.matchConstraints.namespaceSelector.matchExpressions[0].values;
const corpus = kyvernoCorpus();
const shown = (v: ReturnType<typeof policyVerdicts>) => Object.fromEntries(v.map((x) => [x.policy, x.result === 'pass' ? 'pass' : `fail:${x.rule}`]));

describe("the synth check's verdicts on the Kyverno corpus", () => {
  it.each(corpus.map((e) => [e.id, e] as const))('%s: the verdicts the corpus expects', (_id, entry) => {
    expect(shown(policyVerdicts(entry.doc, exempt()))).toEqual(entry.expect);
  });

  it('holds a refused object for every rule, every pod controller of the autogen, and an exempt namespace', () => {
    const failed = new Set(corpus.flatMap((e) => Object.values(e.expect)));
    for (const row of POLICY_RULES) expect(failed, row.rule).toContain(`fail:${row.rule}`);
    const refusedKinds = new Set(corpus.filter((e) => Object.values(e.expect).some((v) => v.startsWith('fail'))).map((e) => e.doc.kind));
    for (const [kind, template] of Object.entries(POD_TEMPLATES)) if (kind === 'Pod' || template.autogen) expect(refusedKinds, kind).toContain(kind);
    expect(corpus.some((e) => exempt().includes(e.doc.metadata.namespace) && Object.keys(e.expect).length === 0)).toBe(true);
  });

  it('gives no verdict on a kind no policy matches, nor on a ReplicationController (no autogen for it)', () => {
    expect(policyVerdicts({ kind: 'ConfigMap', metadata: { namespace: 'shop' }, data: { image: 'nginx' } }, exempt())).toEqual([]);
    const rc = { ...corpus.find((e) => e.doc.kind === 'ReplicaSet')!.doc, apiVersion: 'v1', kind: 'ReplicationController' };
    expect(policyVerdicts(rc, exempt())).toEqual([]);
  });
});
