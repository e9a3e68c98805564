import { describe, expect, it } from 'vitest';
import { dev } from '../fixtures/fleet/dev';
import { modify } from '../fixtures/environments';
import { podinfo } from '../fixtures/corpus';
import { rendered } from '../fixtures/render';
import { durationSeconds } from '../../src/model/helm-timeout';
import { DEPENDENCY_REQUEUE, goDuration, installSeconds } from '../../src/k8s/layer-timeout';
import type { ReleaseWait } from '../../src/k8s/layer-timeout';

const release = (name: string, timeout: string | undefined, ...after: string[]): ReleaseWait => ({ name, namespace: 'ns', timeout, dependsOn: after.map((d) => ({ name: d })) });
const REQUEUE = durationSeconds(DEPENDENCY_REQUEUE);
const PLATFORM = 'kubernetes/platform.yaml';
const RELEASE = (folder: string, ns: string, name: string) => `kubernetes/platform/${folder}/helmrelease.${ns}.${name}.yaml`;

describe('installSeconds', () => {
  it('adds the timeouts of a dependsOn chain, and a requeue per link', () => {
    expect(installSeconds([release('a', '15m'), release('b', '15m', 'a')])).toBe(1800 + REQUEUE);
    expect(installSeconds([release('a', '1m'), release('b', '1m', 'a'), release('c', '1m', 'b')])).toBe(180 + 2 * REQUEUE);
  });

  it('takes the longest of the chains that run side by side', () => {
    expect(installSeconds([release('a', '15m'), release('b', '10m'), release('c', '5m', 'b')])).toBe(900 + REQUEUE);
  });

  it("counts helm-controller's 5m for a release without a timeout", () => {
    expect(installSeconds([release('a', undefined), release('b', '1m', 'a')])).toBe(360 + REQUEUE);
  });

  it("leaves out a dependency the layer does not hold (another layer's, Ready before it starts) and another namespace's release of the same name", () => {
    expect(installSeconds([release('b', '10m', 'elsewhere')])).toBe(600);
    expect(installSeconds([release('a', '10m'), { name: 'b', namespace: 'ns', timeout: '1m', dependsOn: [{ name: 'a', namespace: 'other' }] }])).toBe(600);
  });

  it('ends on a dependsOn cycle', () => {
    expect(installSeconds([release('a', '1m', 'b'), release('b', '1m', 'a')])).toBe(120 + REQUEUE);
  });

  it('is nothing for no release', () => {
    expect(installSeconds([])).toBe(0);
  });
});

describe('goDuration', () => {
  it.each([[1830, '30m30s'], [3600, '1h'], [5400, '1h30m'], [300, '5m'], [45, '45s'], [3690, '1h1m30s']])('writes %d s as %s', (seconds, text) => {
    expect(goDuration(seconds)).toBe(text);
    expect(durationSeconds(text)).toBe(seconds);
  });
});

describe("a layer's timeout, read from the HelmReleases it applies", () => {
  it('waits for Longhorn and then kube-prometheus-stack in series on the platform layer, not the longest alone', () => {
    const tree = rendered(dev);
    const longhorn = tree.doc(RELEASE('longhorn', 'longhorn-system', 'longhorn')).spec.timeout;
    const stack = tree.doc(RELEASE('kube-prometheus-stack', 'monitoring', 'kube-prometheus-stack'));
    expect(stack.spec.dependsOn).toEqual([{ name: 'longhorn', namespace: 'longhorn-system' }]);
    const timeout = tree.doc(PLATFORM).spec.timeout;
    expect(durationSeconds(timeout)).toBe(durationSeconds(longhorn) + REQUEUE + durationSeconds(stack.spec.timeout));
    expect(timeout).toBe('30m30s');
  });

  it("follows the releases' own values: an app after another app of its layer adds its timeout to the layer's", () => {
    const first = { ...podinfo, name: 'first', helm: { ...podinfo.helm, timeout: '20m' } };
    const second = { ...podinfo, name: 'second', dependsOn: ['first'], helm: { ...podinfo.helm, timeout: '10m' } };
    const side = { ...podinfo, name: 'side', helm: { ...podinfo.helm, timeout: '25m' } };
    const apps = (list: object[]) => rendered(modify(dev, (e: any) => { e.apps = list; })).doc('kubernetes/apps.yaml').spec.timeout;
    expect(apps([first, second])).toBe('30m30s');
    expect(apps([first, { ...second, dependsOn: [] }])).toBe('20m');
    expect(apps([first, second, side])).toBe('30m30s');
    expect(apps([{ ...first, helm: podinfo.helm }])).toBe('5m');
  });

  it('keeps 5m for a layer without HelmReleases', () => {
    expect(rendered(dev).doc('kubernetes/gateway-api.yaml').spec.timeout).toBe('5m');
  });

  it("gives every waited layer of the tree at least its releases' longest chain", () => {
    const tree = rendered(modify(dev, (e: any) => { e.apps = [{ ...podinfo, helm: { ...podinfo.helm, timeout: '40m' } }]; }));
    const layers = [...tree.files.keys()].filter((f) => /^kubernetes\/[^/]+\.yaml$/.test(f) && f !== 'kubernetes/kustomization.yaml');
    expect(layers.length).toBeGreaterThan(3);
    for (const file of layers) {
      const layer = tree.doc(file);
      if (!layer.spec.wait) continue;
      const releases = [...tree.files.keys()]
        .filter((f) => f.startsWith(`kubernetes/${layer.metadata.name}/`) && /\/helmrelease\.[^/]+\.yaml$/.test(f))
        .map((f) => tree.doc(f))
        .map((r): ReleaseWait => ({ name: r.metadata.name, namespace: r.metadata.namespace, timeout: r.spec.timeout, dependsOn: r.spec.dependsOn ?? [] }));
      expect(durationSeconds(layer.spec.timeout), file).toBeGreaterThanOrEqual(installSeconds(releases));
    }
  });
});
