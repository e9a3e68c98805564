import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import { modify } from '../fixtures/environments';
import { podinfo } from '../fixtures/corpus';
import { rendered } from '../fixtures/render';
import { durationSeconds } from '../../src/model/helm-timeout';
import { checkCelRules } from '../../src/validate/cel-check';
import { checkSchemas } from '../../src/validate/schema-check';
import { SchemaStore } from '../../src/validate/schemas';
import type { TreeObject } from '../../src/validate/tree-objects';

const SCHEMAS = new SchemaStore(path.resolve(import.meta.dirname, '../../schemas/json'));
const CILIUM = 'kubernetes/platform/cilium/helmrelease.kube-system.cilium.yaml';
const OPERATOR = 'kubernetes/flux-system/helmrelease.flux-system.flux-operator.yaml';

/** Every HelmRelease of a rendered tree, by file. */
function releases(tree: ReturnType<typeof rendered>): Map<string, any> {
  return new Map([...tree.files.keys()].filter((f) => /\/helmrelease\.[^/]+\.yaml$/.test(f)).map((f) => [f, tree.doc(f)]));
}

/** The tree's objects as `validate` reads them. */
const objects = (tree: ReturnType<typeof rendered>): TreeObject[] =>
  [...tree.files.keys()].filter((f) => f.startsWith('kubernetes/') && f.endsWith('.yaml') && !f.endsWith('kustomization.yaml')).flatMap((file) => tree.docs(file).map((doc) => ({ env: 'test', file, doc })));

const withApp = (app: object) => modify(dev, (e: any) => { e.apps = [app]; });

describe('release defaults', () => {
  it('retries a failed install or upgrade instead of uninstalling or rolling back, on every release', () => {
    const all = releases(rendered(withApp(podinfo)));
    expect(all.size).toBeGreaterThan(5);
    for (const [file, release] of all) {
      const retry = { name: 'RetryOnFailure', retryInterval: '5m' };
      expect(release.spec.install, file).toEqual({ crds: 'CreateReplace', strategy: retry });
      expect(release.spec.upgrade, file).toEqual({ crds: 'CreateReplace', strategy: retry, chartNameChangeStrategy: 'InPlaceUpdate' });
    }
  });

  it('gives the CNI and flux-operator no uninstall path: no remediation, no reinstall on a rename, never pruned', () => {
    const tree = rendered(dev);
    for (const file of [CILIUM, OPERATOR]) {
      const release = tree.doc(file);
      expect(release.spec.install.strategy.name, file).toBe('RetryOnFailure');
      expect(release.spec.upgrade.strategy.name, file).toBe('RetryOnFailure');
      expect(release.spec.install.remediation, file).toBeUndefined();
      expect(release.spec.upgrade.remediation, file).toBeUndefined();
      expect(release.spec.upgrade.chartNameChangeStrategy, file).toBe('InPlaceUpdate');
      expect(release.metadata.annotations, file).toEqual({ 'kustomize.toolkit.fluxcd.io/prune': 'disabled' });
    }
  });

  it.each([
    ['longhorn', 'kubernetes/platform/longhorn/helmrelease.longhorn-system.longhorn.yaml', '15m'],
    ['kube-prometheus-stack', 'kubernetes/platform/kube-prometheus-stack/helmrelease.monitoring.kube-prometheus-stack.yaml', '15m'],
    ['loki', 'kubernetes/platform/loki/helmrelease.monitoring.loki.yaml', '10m'],
    ['cilium', CILIUM, '10m'],
    ['alloy (Helm default)', 'kubernetes/platform/alloy/helmrelease.monitoring.alloy.yaml', '5m'],
    ['kyverno (Helm default)', 'kubernetes/platform/kyverno/helmrelease.kyverno.kyverno.yaml', '5m'],
    ['flux-operator (Helm default)', OPERATOR, '5m'],
  ])('sizes the timeout of %s', (_name, file, timeout) => {
    expect(rendered(dev).doc(file).spec.timeout).toBe(timeout);
  });

  it("takes a Helm app's own timeout, and Helm's 5m without one", () => {
    const file = 'kubernetes/apps/podinfo/helmrelease.podinfo.podinfo.yaml';
    expect(rendered(withApp(podinfo)).doc(file).spec.timeout).toBe('5m');
    expect(rendered(withApp({ ...podinfo, helm: { ...podinfo.helm, timeout: '20m' } })).doc(file).spec.timeout).toBe('20m');
  });

  it('lets each layer wait as long as its releases take, at least 5m (layer-timeout.test.ts has the arithmetic)', () => {
    const tree = rendered(withApp({ ...podinfo, helm: { ...podinfo.helm, timeout: '1h' } }));
    expect(tree.doc('kubernetes/platform.yaml').spec.timeout).toBe('30m30s');
    expect(tree.doc('kubernetes/apps.yaml').spec.timeout).toBe('1h');
    expect(tree.doc('kubernetes/gateway-api.yaml').spec.timeout).toBe('5m');
  });

  it("leaves a layer of k3s HelmCharts at 5m whatever their timeouts: it cannot see k3s's jobs", () => {
    const tree = rendered(mgmt);
    expect(tree.doc('kubernetes/cert-manager/cert-manager/helmchart.kube-system.cert-manager.yaml').spec.timeout).toBe('10m');
    expect(tree.doc('kubernetes/cert-manager.yaml').spec.timeout).toBe('5m');
  });

  it('writes releases and layers the vendored HelmRelease and Kustomization schemas and their CEL rules accept', () => {
    for (const tree of [rendered(withApp({ ...podinfo, helm: { ...podinfo.helm, timeout: '1h30m' } })), rendered(mgmt)]) {
      const objs = objects(tree);
      expect(objs.some((o) => o.doc.kind === 'HelmRelease')).toBe(true);
      expect(checkSchemas(objs, SCHEMAS).findings).toEqual([]);
      expect(checkCelRules(objs)).toEqual([]);
    }
  });

  it('fails schema validation on a timeout the CRD would refuse (the check bites)', () => {
    const tree = rendered(dev);
    const release = { ...tree.doc(CILIUM), spec: { ...tree.doc(CILIUM).spec, timeout: '10 minutes' } };
    expect(checkSchemas([{ env: 'test', file: CILIUM, doc: release }], SCHEMAS).findings).toHaveLength(1);
  });
});

describe('durationSeconds', () => {
  it.each([['5m', 300], ['1h30m', 5400], ['90s', 90], ['1.5h', 5400], ['500ms', 0.5]])('reads %s as %d seconds', (duration, seconds) => {
    expect(durationSeconds(duration)).toBe(seconds);
  });
});
