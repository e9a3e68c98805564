import { describe, expect, it } from 'vitest';
import { handedReleases, oneOwnerCheck, phaseRow, releaseOf, writers } from '../../../prove/k8s/release-owners';
import type { HandedRelease, ReleaseSample } from '../../../prove/k8s/release-owners';

// The handover scenario's reading of helm-controller's status: who made each revision of a release
// that mgmt's remote HelmRelease and lab1's own both name, and whether only one of them ever acts.

const hr = (namespace: string, name: string, spec: Record<string, unknown> = {}) => ({ apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease', metadata: { namespace, name }, spec });
const CILIUM: HandedRelease = { release: 'kube-system/cilium', management: 'mgmt default/lab1-cilium', workload: 'lab1 kube-system/cilium' };

/** A poll: the revisions in Helm's storage, and which revisions each HelmRelease's history lists. */
const sample = (at: number, revisions: number[], mgmt: number[], lab1: number[], lab1Suspended = true): ReleaseSample => ({
  at,
  revisions: { 'kube-system/cilium': revisions },
  helmReleases: [
    { id: 'mgmt default/lab1-cilium', suspended: !lab1Suspended, versions: { 'kube-system/cilium': mgmt } },
    { id: 'lab1 kube-system/cilium', suspended: lab1Suspended, versions: { 'kube-system/cilium': lab1 } },
  ],
});

describe('the releases handed over', () => {
  it("names a release as helm-controller does: releaseName, else <targetNamespace>-<name>; stored in storageNamespace, else targetNamespace, else the object's", () => {
    expect(releaseOf(hr('default', 'lab1-cilium', { releaseName: 'cilium', targetNamespace: 'kube-system', storageNamespace: 'kube-system' }))).toBe('kube-system/cilium');
    expect(releaseOf(hr('kube-system', 'cilium'))).toBe('kube-system/cilium');
    expect(releaseOf(hr('flux-system', 'podinfo', { targetNamespace: 'apps' }))).toBe('apps/apps-podinfo');
  });

  it("pairs mgmt's remote HelmReleases with the workload tree's own of the same release, and nothing else", () => {
    const mgmt = [
      hr('default', 'lab1-cilium', { releaseName: 'cilium', targetNamespace: 'kube-system', storageNamespace: 'kube-system', kubeConfig: { secretRef: { name: 'lab1-kubeconfig' } } }),
      hr('cert-manager', 'cert-manager'),
    ];
    const lab1 = [hr('kube-system', 'cilium', { suspend: true }), hr('cert-manager', 'cert-manager')];
    expect(handedReleases(mgmt, lab1, { management: 'mgmt', workload: 'lab1' })).toEqual([CILIUM]);
  });
});

describe('who acts on a handed release', () => {
  // With the fix: mgmt installs v1, nothing moves until the handover, lab1 upgrades once (v2).
  const fixed = [sample(0, [], [], []), sample(10, [1], [1], []), sample(20, [1], [1], []), sample(30, [1, 2], [1], [2], false), sample(40, [1, 2], [1], [2], false)];
  // Without it: lab1's own HelmRelease is active from day 0 and each requested reconcile upgrades again.
  const twoOwners = [sample(0, [], [], []), sample(10, [1], [1], [], false), sample(20, [1, 2], [1], [2], false), sample(30, [1, 2, 3], [1, 3], [2], false), sample(40, [1, 2, 3, 4], [1, 3], [2, 4], false)];

  it('reads the writer of each revision from the HelmReleases\' histories, over every poll', () => {
    expect([...writers(twoOwners, CILIUM)].map(([v, ids]) => [v, [...ids]])).toEqual([[1, ['mgmt default/lab1-cilium']], [2, ['lab1 kube-system/cilium']], [3, ['mgmt default/lab1-cilium']], [4, ['lab1 kube-system/cilium']]]);
  });

  it("agrees when day 0 makes one revision by mgmt's HelmRelease and the requested reconciles make none", () => {
    const row = phaseRow(fixed.slice(0, 3), CILIUM, { from: 0, settled: 10, owner: CILIUM.management, expected: 1, predicted: 'installed once' });
    expect(row).toMatchObject({ address: 'Helm release kube-system/cilium (lab1)', real: 'v1 mgmt default/lab1-cilium; none after the requested reconciles', agrees: true });
  });

  it("agrees when the handover makes one revision by lab1's own HelmRelease", () => {
    expect(phaseRow(fixed, CILIUM, { from: 25, settled: 30, owner: CILIUM.workload, expected: 1, predicted: 'upgraded once' })).toMatchObject({ real: 'v2 lab1 kube-system/cilium; none after the requested reconciles', agrees: true });
  });

  it('fails when revisions keep climbing after the requested reconciles', () => {
    const row = phaseRow(twoOwners, CILIUM, { from: 0, settled: 10, owner: CILIUM.management, expected: 1, predicted: 'installed once' });
    expect(row.agrees).toBe(false);
    expect(row.real).toContain('still climbing after the requested reconciles (v1 → v4)');
  });

  it('fails when a revision of the phase is made by the other HelmRelease', () => {
    expect(phaseRow(fixed, CILIUM, { from: 25, settled: 30, owner: CILIUM.management, expected: 1, predicted: 'upgraded once' }).agrees).toBe(false);
  });

  it("leaves out a HelmRelease of another cluster's release of the same name (mgmt's own)", () => {
    const withOwn = fixed.map((s) => ({ ...s, helmReleases: [...s.helmReleases, { id: 'mgmt kube-system/cilium', suspended: false, versions: { 'kube-system/cilium': [1] } }] }));
    expect(oneOwnerCheck(withOwn, CILIUM).ok).toBe(true);
  });

  it('holds when the writer changes once, from mgmt\'s HelmRelease to lab1\'s', () => {
    expect(oneOwnerCheck(fixed, CILIUM).ok).toBe(true);
  });

  it('fails when two HelmReleases take turns on one release', () => {
    expect(oneOwnerCheck(twoOwners, CILIUM)).toMatchObject({ ok: false, detail: 'v1 mgmt default/lab1-cilium, v2 lab1 kube-system/cilium, v3 mgmt default/lab1-cilium, v4 lab1 kube-system/cilium' });
  });

  it("fails when lab1's HelmRelease made the first revision", () => {
    const first = [sample(0, [1], [], [1], false)];
    expect(oneOwnerCheck(first, CILIUM).ok).toBe(false);
  });

  it('fails when no revision was seen at all', () => {
    expect(oneOwnerCheck([sample(0, [], [], [])], CILIUM).ok).toBe(false);
  });
});
