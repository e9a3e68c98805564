import { describe, expect, it, vi } from 'vitest';
import { resolve } from '../../../src/model/resolve';
import { appSourceFiles, checkAppSources } from '../../../src/model/invariants/app-sources';
import { modify, threeServers } from '../../fixtures/environments';
import { podinfo } from '../../fixtures/corpus';

const FOLDER = 'manifests/fixture/legacy';
const legacy = (extra: object = {}) => ({ name: 'legacy', layer: 'apps', manifests: FOLDER, ...extra });
const envWith = (...apps: object[]) => resolve(modify(threeServers, (e: any) => { e.apps = apps; }));
/** The app-source violations of `apps` over `sources` (repository path → text). */
const run = (apps: object[], sources: Record<string, string>) => checkAppSources({ env: envWith(...apps), sources: new Map(Object.entries(sources)) });
const of = (code: string, apps: object[], sources: Record<string, string>) => run(apps, sources).filter((v) => v.code === code);

const deployment = (meta = 'metadata:\n  name: legacy\n') => `apiVersion: apps/v1\nkind: Deployment\n${meta}spec: {}\n`;
const namespaced = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: legacy\n  namespace: legacy\n';
const SCHEMA = 'schemas/values/podinfo-6.14.1.values.schema.json';

describe('app.manifests-missing', () => {
  it('counts .yml files as YAML', () => {
    expect(run([legacy()], { [`${FOLDER}/config.yml`]: namespaced })).toEqual([]);
  });

  it('reports a folder whose files only contain .yaml in their names, and names the folder', () => {
    expect(of('app.manifests-missing', [legacy()], { [`${FOLDER}/config.yaml.bak`]: namespaced })).toEqual([
      expect.objectContaining({ path: 'fixture.apps[0].manifests', value: FOLDER, message: `${FOLDER}/ holds no .yaml file (or does not exist) in the repository` }),
    ]);
  });

  it("does not count another folder's YAML", () => {
    const v = of('app.manifests-missing', [legacy()], { 'manifests/fixture/other/config.yaml': namespaced });
    expect(v.map((x) => x.value)).toEqual([FOLDER]);
  });
});

describe('app.manifest-invalid', () => {
  it.each([
    ['a sequence', '- a\n- b\n'],
    ['a scalar', 'hello\n'],
    ['null', 'null\n'],
  ])('reports a document that is %s as no YAML mapping', (_what, text) => {
    expect(of('app.manifest-invalid', [legacy()], { [`${FOLDER}/config.yaml`]: `${namespaced}---\n${text}` })).toEqual([
      expect.objectContaining({ path: `${FOLDER}/config.yaml`, value: 'document 2', message: 'not a YAML mapping' }),
    ]);
  });

  it('reports an object without metadata', () => {
    expect(of('app.manifest-invalid', [legacy()], { [`${FOLDER}/config.yaml`]: 'apiVersion: v1\nkind: ConfigMap\n' })).toEqual([
      expect.objectContaining({ value: 'document 1', message: 'this document has no apiVersion, kind or metadata.name' }),
    ]);
  });

  it('skips kustomization files in subfolders (.yml too), but reads a file that only starts with kustomization.yaml', () => {
    const v = of('app.manifest-invalid', [legacy()], {
      [`${FOLDER}/config.yaml`]: namespaced,
      [`${FOLDER}/base/kustomization.yml`]: 'resources:\n  - ../config.yaml\n',
      [`${FOLDER}/kustomization.yaml.orig.yaml`]: 'resources: []\n',
    });
    expect(v.map((x) => x.path)).toEqual([`${FOLDER}/kustomization.yaml.orig.yaml`]);
  });

  it('keeps a YAML error message whole but for its trailing colon', () => {
    const [v] = of('app.manifest-invalid', [legacy()], { [`${FOLDER}/config.yaml`]: 'a: 1\n]\n' });
    expect(v!.message).toBe('Unexpected flow-seq-end token in YAML stream: "]" at line 2, column 1');
  });
});

describe('app.manifest-namespace', () => {
  it('reports a namespaced object without metadata, by kind and an undefined name', () => {
    expect(of('app.manifest-namespace', [legacy()], { [`${FOLDER}/deployment.yaml`]: deployment('') })).toEqual([
      expect.objectContaining({ path: `${FOLDER}/deployment.yaml`, value: 'Deployment undefined' }),
    ]);
  });

  it.each([['kustomization.yaml'], ['kustomization.yml']])("leaves the namespace to the folder's own %s", (file) => {
    expect(of('app.manifest-namespace', [legacy()], { [`${FOLDER}/${file}`]: 'namespace: legacy\n', [`${FOLDER}/deployment.yaml`]: deployment() })).toEqual([]);
  });

  it.each([['base/kustomization.yaml'], ['kustomization.yaml.orig']])('does not count %s as the folder\'s own kustomization', (file) => {
    expect(of('app.manifest-namespace', [legacy()], { [`${FOLDER}/${file}`]: 'namespace: legacy\n', [`${FOLDER}/deployment.yaml`]: deployment() }).map((v) => v.value)).toEqual(['Deployment legacy']);
  });
});

describe('app.route-own-kustomization', () => {
  const routed = legacy({ route: { host: 'legacy', port: 80 } });
  it.each([['kustomization.yaml', 1], ['kustomization.yml', 1], ['base/kustomization.yaml', 0], ['kustomization.yaml.orig', 0]])('with %s: %i finding', (file, n) => {
    const v = of('app.route-own-kustomization', [routed], { [`${FOLDER}/${file}`]: 'resources: []\n', [`${FOLDER}/service.yaml`]: namespaced });
    expect(v).toHaveLength(n);
    if (n) expect(v[0]).toMatchObject({ path: 'fixture.apps[0].route', value: 'legacy.fixture.test' });
  });

  it('reads no manifests for a Helm app, even from a folder named undefined', () => {
    const app = { ...podinfo, route: { host: 'podinfo', port: 9898 } };
    expect(run([app], { 'undefined/kustomization.yaml': 'resources: []\n', 'undefined/deployment.yaml': deployment() })).toEqual([]);
    expect(run([app], { 'undefined/deployment.yaml': deployment('') })).toEqual([]);
  });
});

describe('app.plaintext-secret', () => {
  it('reports a Secret whose sops key is null, and one without metadata as unnamed', () => {
    const v = of('app.plaintext-secret', [legacy()], {
      [`${FOLDER}/a.yaml`]: 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: a\n  namespace: legacy\nsops: ~\n',
      [`${FOLDER}/b.yaml`]: 'apiVersion: v1\nkind: Secret\n',
    });
    expect(v.map((x) => [x.path, x.value])).toEqual([[`${FOLDER}/a.yaml`, 'Secret a'], [`${FOLDER}/b.yaml`, 'Secret (unnamed)']]);
  });
});

describe('app.values-invalid', () => {
  const values = (helmValues: object) => [{ ...podinfo, helm: { ...podinfo.helm, values: helmValues } }];

  it('reports a schema that is no JSON', () => {
    expect(of('app.values-invalid', values({ replicaCount: 2 }), { [SCHEMA]: '{ not json' })).toEqual([
      expect.objectContaining({ path: SCHEMA, value: '(schema)', fix: "copy the chart's values.schema.json unchanged" }),
    ]);
    expect(of('app.values-invalid', values({ replicaCount: 2 }), { [SCHEMA]: '{ not json' })[0]!.message).toMatch(/^the values schema does not load: .*JSON/);
  });

  it('loads a schema with keywords ajv does not know, and reports every mismatch', () => {
    const schema = JSON.stringify({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { replicaCount: { type: 'integer' }, image: { type: 'string' } } });
    const v = of('app.values-invalid', values({ replicaCount: 'two', image: 3 }), { [SCHEMA]: schema });
    expect(v.map((x) => [x.path, x.message])).toEqual([
      ['fixture.apps[0].helm.values.replicaCount', `must be integer (${SCHEMA})`],
      ['fixture.apps[0].helm.values.image', `must be string (${SCHEMA})`],
    ]);
  });

  it("reads a Go pattern's flag group", () => {
    const schema = JSON.stringify({ type: 'object', properties: { mode: { type: 'string', pattern: '^(?i)(abort|warn)$' } } });
    expect(of('app.values-invalid', values({ mode: 'WARN' }), { [SCHEMA]: schema })).toEqual([]);
    expect(of('app.values-invalid', values({ mode: 'stop' }), { [SCHEMA]: schema }).map((v) => v.path)).toEqual(['fixture.apps[0].helm.values.mode']);
  });

  it('does not judge formats, and prints no warning about them', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const schema = JSON.stringify({ type: 'object', properties: { host: { type: 'string', format: 'hostname' } } });
    try {
      expect(of('app.values-invalid', values({ host: 'not a host!' }), { [SCHEMA]: schema })).toEqual([]);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('reports a mismatch under a key with a slash', () => {
    const schema = JSON.stringify({ type: 'object', properties: { 'a/b': { type: 'object', properties: { c: { type: 'integer' } } } } });
    expect(of('app.values-invalid', values({ 'a/b': { c: 'x' } }), { [SCHEMA]: schema }).map((v) => v.path)).toEqual(['fixture.apps[0].helm.values.a~1b.c']);
  });

  it('reads schemas only directly in schemas/values/', () => {
    const schema = JSON.stringify({ type: 'object', properties: { replicaCount: { type: 'string' } } });
    expect(run(values({ replicaCount: 2 }), { 'schemas/values/old/podinfo-6.14.1.values.schema.json': schema, 'manifests/abcd/podinfo-6.14.1.values.schema.json': schema })
      .filter((v) => v.code === 'app.values-invalid')).toEqual([]);
  });
});

describe('appSourceFiles', () => {
  it("lists the manifests folders, the values schemas and each chart once", () => {
    const env = envWith(podinfo, { ...podinfo, name: 'web' }, legacy(), { ...podinfo, name: 'redis', helm: { ...podinfo.helm, chart: 'redis', oci: 'oci://ghcr.io/x/redis', version: '1.0.0' } });
    expect(appSourceFiles(env)).toEqual({
      folders: [FOLDER],
      files: [SCHEMA, SCHEMA, 'schemas/values/redis-1.0.0.values.schema.json'],
      valuesCharts: ['podinfo', 'redis'],
    });
  });
});
