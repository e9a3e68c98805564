import { describe, expect, it } from 'vitest';
import { check } from '../../../src/check/run';
import { resolve } from '../../../src/model/resolve';
import { isRepositoryPath } from '../../../src/model/invariants/apps';
import { codes, expectOnly } from '../../fixtures/expect';
import { modify, threeServers } from '../../fixtures/environments';
import { podinfo } from '../../fixtures/corpus';

const withApps = (...apps: object[]) => modify(threeServers, (e: any) => { e.apps = apps; });
const legacy = { name: 'legacy', layer: 'apps', manifests: 'manifests/fixture/legacy' };

describe('app invariants', () => {
  it('accepts a Helm app, a construct and a manifests folder side by side', () => {
    expect(codes(withApps(podinfo, { name: 'hello', layer: 'apps', construct: () => undefined }, legacy))).toEqual([]);
  });

  it("defaults the namespace to the app's name and creates it with the app's layer", () => {
    const env = resolve(withApps(podinfo));
    expect(env.apps[0]!.namespace).toBe('podinfo');
    expect(env.flux.layers.find((l) => l.name === 'apps')!.namespaces).toEqual(['apps', 'podinfo']);
  });

  it('leaves a namespace some layer lists to that layer, and accepts it when the app layer depends on it', () => {
    const env = resolve(withApps({ ...podinfo, namespace: 'monitoring' }));
    expect(env.flux.layers.find((l) => l.name === 'apps')!.namespaces).toEqual(['apps']);
    expect(codes(withApps({ ...podinfo, namespace: 'monitoring' }))).toEqual([]);
  });

  it('reports both sources of an app that sets two', () => {
    const [v] = expectOnly(withApps({ ...podinfo, manifests: 'apps/x' }), 'app.one-source');
    expect(v).toMatchObject({ path: 'fixture.apps[0]', value: 'helm, manifests' });
  });

  it.each([
    ['itself', [{ ...podinfo, dependsOn: ['podinfo'] }], 'an app cannot wait for itself'],
    ['a construct of its own layer', [{ ...podinfo, dependsOn: ['hello'] }, { name: 'hello', layer: 'apps', construct: () => undefined }], 'only a Helm app can wait'],
    ['an app of a later layer', [{ ...podinfo, layer: 'platform', dependsOn: ['web'] }, { ...podinfo, name: 'web' }], 'which layer platform does not depend on'],
  ])('rejects a dependency on %s', (_what, apps, message) => {
    const [v] = expectOnly(withApps(...apps), 'app.depends-on');
    expect(v!.message).toContain(message);
  });

  it('accepts dependencies on a Helm app of the same layer and on any app of an earlier layer', () => {
    expect(codes(withApps({ ...podinfo, dependsOn: ['redis', 'legacy'] }, { ...podinfo, name: 'redis' }, { ...legacy, layer: 'platform', namespace: 'legacy' }))).toEqual([]);
  });

  it.each([
    ['no source', { oci: undefined }, 'must set one of helm.oci and helm.repo'],
    ['a tag in the OCI location', { oci: 'oci://ghcr.io/stefanprodan/charts/podinfo:6.14.1' }, 'is not an OCI chart location'],
    ['an OCI location of another chart', { oci: 'oci://ghcr.io/stefanprodan/charts/other' }, "does not end with the chart's name podinfo"],
    ['a repository that is no URL', { oci: undefined, repo: 'stefanprodan.github.io/podinfo' }, 'is not a Helm repository URL'],
  ])('rejects a chart source with %s', (_what, change, message) => {
    const [v] = expectOnly(withApps({ ...podinfo, helm: { ...podinfo.helm, ...change } }), 'app.chart-source');
    expect(v!.message).toContain(message);
  });

  it.each([['10 minutes'], ['10'], ['5m30'], ['1d'], ['100us']])('rejects the Helm timeout %s, which the HelmRelease CRD refuses', (timeout) => {
    const [v] = expectOnly(withApps({ ...podinfo, helm: { ...podinfo.helm, timeout } }), 'app.invalid-timeout');
    expect(v).toMatchObject({ path: 'fixture.apps[0].helm.timeout', value: timeout });
  });

  it.each([['0s', 0], ['500ms', 0.5], ['59s', 59]])('rejects the Helm timeout %s, under a minute', (timeout, seconds) => {
    const [v] = expectOnly(withApps({ ...podinfo, helm: { ...podinfo.helm, timeout } }), 'app.invalid-timeout');
    expect(v!.message).toBe(`${timeout} is ${seconds} s: every install and upgrade would fail before its pods could start`);
  });

  it.each([['10m'], ['1h30m'], ['90s'], ['1.5h'], ['60s']])('accepts the Helm timeout %s', (timeout) => {
    expect(codes(withApps({ ...podinfo, helm: { ...podinfo.helm, timeout } }))).toEqual([]);
  });

  it.each([['/etc/manifests'], ['apps/../../x'], ['clusters/dev/kubernetes/apps'], ['./apps'], ['apps\\win']])('rejects the manifests path %s', (folder) => {
    expect(isRepositoryPath(folder)).toBe(false);
  });

  it('takes a manifests path with a trailing slash as the folder', () => {
    expect(resolve(withApps({ ...legacy, manifests: 'manifests/fixture/legacy/' })).apps[0]!.manifests).toBe('manifests/fixture/legacy');
    expect(isRepositoryPath('manifests/fixture/legacy')).toBe(true);
  });

  it('names an app that is not a DNS label, and a namespace that is not one', () => {
    const violations = check(withApps({ ...podinfo, name: 'PodInfo', namespace: 'pod_info' })).filter((v) => v.code === 'kubernetes.invalid-name');
    expect(violations.map((v) => v.path)).toEqual(['fixture.apps[0].name', 'fixture.apps[0].namespace']);
  });
});

describe('app invariants of the component table', () => {
  it("keeps apps out of a component's chart source name and its folders", () => {
    expect(expectOnly(withApps({ ...podinfo, name: 'namespaces', layer: 'platform', namespace: 'ns' }), 'app.name-taken')[0]!.message).toContain('layer platform already has a folder namespaces/');
    expect(expectOnly(withApps({ ...podinfo, name: 'ingress-gateway', layer: 'network', namespace: 'gw' }), 'app.name-taken')[0]!.message).toContain('platform component');
    expect(expectOnly(withApps({ ...podinfo, name: 'cilium', layer: 'apps', namespace: 'c' }), 'app.name-taken')[0]!.message).toContain('platform component');
  });

  it("keeps apps out of the layer's secrets folder where the layer holds secrets", () => {
    const spec = modify(withApps({ ...podinfo, name: 'secrets', namespace: 'x' }), (e: any) => { e.secrets = [{ namespace: 'apps', name: 'db', keys: ['PASSWORD'], layer: 'apps' }]; });
    expect(check(spec).map((v) => v.code)).toContain('app.name-taken');
  });

  const taken = (spec: object) => check(spec as never).filter((v) => v.code === 'app.name-taken').map((v) => v.message);

  it("keeps apps out of the secrets folder of their own layer only, whichever layers hold secrets", () => {
    const secrets = [{ namespace: 'monitoring', name: 'a', keys: ['A'], layer: 'platform' }, { namespace: 'apps', name: 'b', keys: ['B'], layer: 'apps' }];
    expect(taken(modify(withApps({ ...podinfo, name: 'secrets', namespace: 'x' }), (e: any) => { e.secrets = secrets; }))).toEqual(['layer apps already has a folder secrets/ that synth writes']);
    expect(taken(modify(withApps({ ...podinfo, name: 'secrets', namespace: 'x' }), (e: any) => { e.secrets = secrets.slice(0, 1); }))).toEqual([]);
  });

  it("keeps apps out of a component's extra folder in that component's layer, not in another", () => {
    const notifying = (layer: string) => modify(withApps({ ...podinfo, name: 'flux-webhook', layer, namespace: 'hooks' }), (e: any) => { e.notifications = { layer: 'platform', receivers: [{ kind: 'slack', name: 'slack', alerts: 'warning' }] }; });
    expect(taken(notifying('platform'))).toEqual(['layer platform already has a folder flux-webhook/ that synth writes']);
    expect(taken(notifying('apps'))).toEqual([]);
  });

  it("keeps apps out of a layer's secrets folder written for a component's secrets alone", () => {
    const spec = modify(withApps({ ...podinfo, name: 'secrets', layer: 'platform', namespace: 'x' }), (e: any) => { e.notifications = { layer: 'platform', receivers: [], webhook: {} }; });
    expect(taken(spec)).toEqual(['layer platform already has a folder secrets/ that synth writes']);
  });

  it("proposes a namespace apart from the app's name when the app runs in the namespace named after it", () => {
    const [v] = expectOnly(withApps({ ...podinfo, name: 'kube-system' }), 'app.platform-namespace');
    expect(v!.fix).toBe("give the app a namespace of its own, e.g. namespace: 'kube-system-app'");
  });

  it.each([['default'], ['flux-system'], ['kube-system']])('keeps apps out of the %s namespace', (namespace) => {
    expect(expectOnly(withApps({ ...podinfo, namespace }), 'app.platform-namespace')[0]!.path).toBe('fixture.apps[0].namespace');
  });

  it('suggests the nearest switchable component for an unknown name, and lists none when the table has none', () => {
    const [v] = expectOnly(modify(threeServers, (e: any) => { e.components = { cilium: {} }; }), 'component.unknown');
    expect(v!.fix).toBe('remove it: no component of the table is switched on this way');
  });
});
