import { ApiObject } from 'cdk8s';
import * as kplus from 'cdk8s-plus-31';
import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import type { AppConstruct } from '../../src/model/environment';
import { synthesize } from '../../src/synth/render';
import { parseYamlDocuments } from '../../src/tree/yaml';
import { modify, threeServers } from '../fixtures/environments';

/** The fixture with one construct app, `hello`, in its apps layer. */
const withApp = (construct: AppConstruct, name = 'hello') => modify(threeServers, (e) => { e.apps = [{ name, layer: 'apps', construct }]; });

function names(construct: AppConstruct, name = 'hello'): string[] {
  const { files, violations } = synthesize(withApp(construct, name));
  expect(violations).toEqual([]);
  return [...files.keys()].filter((f) => f.startsWith(`clusters/fixture/kubernetes/apps/${name}/`) && !f.endsWith('kustomization.yaml')).map((f) => (parseYamlDocuments(files.get(f)!)[0] as { metadata: { name: string } }).metadata.name).sort();
}

describe("the names of an app's objects", () => {
  it("are the app's name, then the ids down to the object, without Resource or Default", () => {
    expect(names((scope) => {
      const web = new kplus.Deployment(scope, 'web', { containers: [{ image: 'nginx:1.27', portNumber: 80 }] });
      web.exposeViaService({ ports: [{ port: 80 }] });
      const db = new Construct(scope, 'db');
      new kplus.ConfigMap(db, 'settings', { data: { a: 'b' } });
      new ApiObject(db, 'Default', { apiVersion: 'v1', kind: 'ServiceAccount' });
    })).toEqual(['hello-db', 'hello-db-settings', 'hello-web', 'hello-web-service']);
  });

  it('are DNS labels whatever the ids: lowercase, other characters as dashes', () => {
    expect(names((scope) => { new kplus.ConfigMap(scope, 'My_Cache.v2', {}); }, 'shop')).toEqual(['shop-my-cache-v2']);
  });

  it('keep a name the object sets itself', () => {
    expect(names((scope) => { new kplus.ConfigMap(scope, 'x', { metadata: { name: 'chosen' } }); })).toEqual(['chosen']);
  });

  it('fail when two objects of one kind and namespace get one name, naming both construct paths', () => {
    const { files, violations } = synthesize(withApp((scope) => {
      new kplus.ConfigMap(scope, 'a', { metadata: { name: 'same' } });
      new kplus.ConfigMap(scope, 'b', { metadata: { name: 'same' } });
      // Another kind may share the name.
      new kplus.Secret(scope, 'c', { metadata: { name: 'same' } });
    }));
    expect(files.size).toBe(0);
    expect(violations.map((v) => [v.code, v.path, v.value])).toEqual([['app.construct-failed', 'fixture.apps[0].construct', 'hello']]);
    expect(violations[0]).toMatchObject({
      message: 'app hello: ConfigMap same is the name of both fixture/cluster/root/apps/hello/app/a/Resource and fixture/cluster/root/apps/hello/app/b/Resource',
      fix: 'give one of the two another id or metadata.name',
    });
  });

  it('fail when the derived name is longer than a Kubernetes name', () => {
    const { violations } = synthesize(withApp((scope) => { new kplus.ConfigMap(scope, 'x'.repeat(60), {}); }));
    expect(violations.map((v) => v.code)).toEqual(['app.construct-failed']);
    expect(violations[0]!.message).toMatch(/would be named hello-x{60}, longer than a Kubernetes name's 63 characters$/);
    expect(violations[0]!.fix).toBe('give the object a shorter id, or set its metadata.name');
  });
});

describe('an app construct that throws', () => {
  it("is the app's violation with the user's message, every failing app at once, nothing written", () => {
    const spec = modify(threeServers, (e) => {
      e.apps = [
        { name: 'one', layer: 'apps', construct: () => { throw new Error('no image for one'); } },
        { name: 'two', layer: 'apps', construct: () => { throw new TypeError('two is broken'); } },
      ];
    });
    const { files, violations } = synthesize(spec);
    expect(files.size).toBe(0);
    expect(violations.map((v) => [v.path, v.message.split(' (at ')[0]])).toEqual([
      ['fixture.apps[0].construct', 'app one: its construct threw: no image for one'],
      ['fixture.apps[1].construct', 'app two: its construct threw: two is broken'],
    ]);
    expect(violations[0]!.message).toMatch(/\(at test\/k8s\/app-chart\.test\.ts:\d+:\d+\)$/);
  });
});
