import { describe, expect, it } from 'vitest';
import { parseVerify, verifyChecks } from '../../prove/k8s/verify-step';

// verify against the proving ground's API server: every line passes but those reading a program
// that does not run here, each named; a forbidden read or any other drift fails the step.

const out = [
  'pass servers.ready Node metal-1: expected Ready; live Ready',
  'drift cilium.service-host the cilium agents: expected KUBERNETES_SERVICE_HOST=192.168.78.10; live no pod labelled k8s-app=cilium in kube-system; fix: install Cilium',
  'not-checkable flux.revision Kustomization flux-system/apps: expected contains abc; live refs/heads/main@sha1:def: not in the local history',
  'verify metal at https://127.0.0.1:1: 1 pass, 1 drift, 1 not checkable',
].join('\n');

describe('verify in the proving ground', () => {
  it('reads verify\'s lines and leaves its summary out', () => {
    expect(parseVerify(out).map((l) => `${l.outcome} ${l.check}`)).toEqual(['pass servers.ready', 'drift cilium.service-host', 'not-checkable flux.revision']);
  });

  it('passes when only programs not run here differ, and names each', () => {
    const checks = verifyChecks(parseVerify(out));
    expect(checks.every((c) => c.ok)).toBe(true);
    expect(checks).toContainEqual({ what: "cilium.service-host reads Cilium's agent pods (no kubelet runs here)", ok: true, notProvable: true });
  });

  it('fails when a line of a program that runs here drifts', () => {
    const checks = verifyChecks(parseVerify(`${out}\ndrift flux.chart HelmRelease a/b: expected chart 1.0.0 deployed; live chart b 0.9.0`));
    expect(checks.find((c) => c.what.startsWith('every verify line passes'))).toMatchObject({ ok: false, detail: expect.stringContaining('flux.chart') });
  });

  it('fails when the inspector\'s role forbids a read', () => {
    const checks = verifyChecks(parseVerify('not-checkable servers.members the Nodes: expected exactly the live servers a; live nodes is forbidden: User "system:serviceaccount:flux-system:verify-inspector" cannot list resource "nodes"'));
    expect(checks[0]).toMatchObject({ ok: false });
  });

  it('takes a digit run in a commit hash for no refusal', () => {
    const checks = verifyChecks(parseVerify('not-checkable flux.revision Kustomization flux-system/apps: expected contains 1403aa; live refs/heads/main@sha1:40354031a: not in the local history'));
    expect(checks[0]).toMatchObject({ ok: true });
  });

  it('fails when verify printed nothing', () => {
    expect(verifyChecks([]).some((c) => !c.ok)).toBe(true);
  });
});
