import { describe, expect, it } from 'vitest';
import { synthesize } from '../../../src/synth/render';
import { modify, threeServers } from '../../fixtures/environments';
import { podinfo } from '../../fixtures/corpus';

const service = (name: string, ports: number[], namespace = 'legacy') =>
  `apiVersion: v1\nkind: Service\nmetadata:\n  name: ${name}\n  namespace: ${namespace}\nspec:\n  ports:\n${ports.map((p) => `    - port: ${p}\n`).join('')}`;

/** The route findings of a manifests app `legacy` routed as given, its folder holding these files. */
function findings(route: Record<string, unknown>, files: Record<string, string>) {
  const spec = modify(threeServers, (e: any) => { e.apps = [{ name: 'legacy', layer: 'apps', manifests: 'apps/legacy', route: { host: 'legacy', ...route } }]; });
  const appSources = new Map(Object.entries(files).map(([f, t]) => [`apps/legacy/${f}`, t]));
  return synthesize(spec, { secrets: new Map(), appSources }).violations.filter((v) => v.code === 'app.route-service-unknown');
}

describe("the Service a construct's or manifests app's route sends to", () => {
  it('passes the Service and port the folder holds, the default name being the app\'s', () => {
    expect(findings({ port: 80 }, { 'service.yaml': service('legacy', [80, 443]) })).toEqual([]);
    expect(findings({ service: 'web', port: 443 }, { 'a.yaml': service('web', [80, 443]) })).toEqual([]);
  });

  it('fails on a Service the folder does not hold, proposing the nearest, at the field that named it', () => {
    expect(findings({ service: 'wbe-api', port: 80 }, { 'a.yaml': service('web-api', [80]), 'b.yaml': service('db', [5432]) })).toEqual([expect.objectContaining({
      severity: 'error',
      path: 'fixture.apps[0].route.service',
      value: 'wbe-api',
      message: "the route of app legacy sends to Service legacy/wbe-api, and the app's objects hold the Services db, web-api: the HTTPRoute would have no backend",
      fix: "set route.service: 'web-api'",
    })]);
    const [byDefault] = findings({ port: 80 }, { 'a.yaml': service('frontend', [80]) });
    expect(byDefault).toMatchObject({ path: 'fixture.apps[0].route', value: 'legacy', message: "the route of app legacy sends to Service legacy/legacy, and the app's objects hold the Service frontend: the HTTPRoute would have no backend", fix: 'set route.service to one of frontend' });
  });

  it('fails when the folder holds no Service, or the Service of that name is in another namespace', () => {
    const [none] = findings({ port: 80 }, { 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: legacy\n  namespace: legacy\n' });
    expect(none).toMatchObject({ message: "the route of app legacy sends to Service legacy/legacy, and the app's objects hold no Service: the HTTPRoute would have no backend", fix: "add a Service legacy in namespace legacy to the app's objects" });
    expect(findings({ port: 80 }, { 'a.yaml': service('legacy', [80], 'other') })).toHaveLength(1);
  });

  it("proposes the app's Services when none is near the name the route gives", () => {
    const [far] = findings({ service: 'zzzzzzzz', port: 80 }, { 'a.yaml': service('web', [80]), 'b.yaml': service('db', [5432]) });
    expect(far).toMatchObject({ path: 'fixture.apps[0].route.service', fix: 'set route.service to one of db, web' });
  });

  it("never counts another app's Service of the same name and namespace", () => {
    const spec = modify(threeServers, (e: any) => {
      e.apps = [
        { name: 'legacy', layer: 'apps', manifests: 'apps/legacy', route: { host: 'legacy', service: 'web', port: 80 } },
        { name: 'other', layer: 'apps', namespace: 'legacy', manifests: 'apps/other' },
      ];
    });
    const appSources = new Map([
      ['apps/legacy/cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: legacy\n  namespace: legacy\n'],
      ['apps/other/svc.yaml', service('web', [80])],
    ]);
    const found = synthesize(spec, { secrets: new Map(), appSources }).violations.filter((v) => v.code === 'app.route-service-unknown');
    expect(found.map((v) => v.message)).toEqual(["the route of app legacy sends to Service legacy/web, and the app's objects hold no Service: the HTTPRoute would have no backend"]);
  });

  it('takes a Service without metadata.namespace as in the app\'s namespace', () => {
    expect(findings({ port: 80 }, { 'a.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: legacy\nspec:\n  ports:\n    - port: 80\n' })).toEqual([]);
  });

  it('fails on a Service with no ports, proposing to give it the port', () => {
    const [none] = findings({ port: 80 }, { 'a.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: legacy\n  namespace: legacy\nspec:\n  clusterIP: None\n' });
    expect(none).toMatchObject({
      path: 'fixture.apps[0].route.port',
      message: 'Service legacy/legacy of app legacy has no port 80 (its ports: none): the HTTPRoute would have no backend',
      fix: 'give Service legacy the port 80',
    });
  });

  it("fails on a port the Service does not have", () => {
    expect(findings({ port: 8080 }, { 'a.yaml': service('legacy', [80, 443]) })).toEqual([expect.objectContaining({
      path: 'fixture.apps[0].route.port',
      value: '8080',
      message: 'Service legacy/legacy of app legacy has no port 8080 (its ports: 80, 443): the HTTPRoute would have no backend',
      fix: 'set route.port to 80 or 443',
    })]);
  });

  it("leaves a Helm app's Service to its chart", () => {
    const spec = modify(threeServers, (e) => { e.apps = [{ ...podinfo, route: { host: 'podinfo', service: 'nothing-renders-this', port: 9898 } }]; });
    expect(synthesize(spec, { secrets: new Map(), appSources: new Map() }).violations.map((v) => v.code)).not.toContain('app.route-service-unknown');
  });
});
