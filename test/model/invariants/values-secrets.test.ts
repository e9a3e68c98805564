import { describe, expect, it } from 'vitest';
import { check } from '../../../src/check/run';
import { codes } from '../../fixtures/expect';
import { modify, threeServers } from '../../fixtures/environments';
import { mgmtBase, podinfo } from '../../fixtures/corpus';

const withValues = (values: Record<string, unknown>) => modify(threeServers, (e: any) => { e.apps = [{ ...podinfo, helm: { ...podinfo.helm, values } }]; });
const found = (spec: Parameters<typeof check>[0], code: string) => check(spec).filter((v) => v.code === code);

describe('secrets typed into chart values (values.private-key, values.plaintext-secret)', () => {
  it('fails on a private key anywhere in the values, never showing it', () => {
    const [v, ...rest] = found(withValues({ certs: [{ pem: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAfixture\n' }] }), 'values.private-key');
    expect(rest).toEqual([]);
    expect(v).toMatchObject({
      severity: 'error',
      path: 'fixture.apps[0].helm.values.certs[0].pem',
      value: '(a private key, not shown)',
      message: 'the values of app podinfo hold private key material, which synth would write into the committed tree',
    });
    expect(JSON.stringify(v)).not.toContain('b3BlbnNz');
  });

  it('fails on an age identity in a component value', () => {
    const spec = modify(threeServers, (e: any) => { e.components = { ...e.components }; e.apps = [{ ...podinfo, helm: { ...podinfo.helm, values: { sops: 'AGE-SECRET-KEY-1QQQFIXTURE' } } }]; });
    expect(found(spec, 'values.private-key').map((v) => v.path)).toEqual(['fixture.apps[0].helm.values.sops']);
  });

  it('warns on a password, a token and an API key set in plain text, showing only their length', () => {
    const spec = withValues({ auth: { adminPassword: 'hunter2', token: 'abc', 'api-key': 'k1' }, s3: { secret_access_key: 'x' } });
    expect(found(spec, 'values.plaintext-secret').map((v) => [v.severity, v.path, v.value])).toEqual([
      ['warning', 'fixture.apps[0].helm.values.auth.adminPassword', '(7 characters, not shown)'],
      ['warning', 'fixture.apps[0].helm.values.auth.token', '(3 characters, not shown)'],
      ['warning', 'fixture.apps[0].helm.values.auth.api-key', '(2 characters, not shown)'],
      ['warning', 'fixture.apps[0].helm.values.s3.secret_access_key', '(1 characters, not shown)'],
    ]);
    expect(JSON.stringify(check(spec))).not.toContain('hunter2');
  });

  it('leaves references to Secrets, empty values and other settings alone', () => {
    const spec = withValues({ auth: { existingSecret: 'db-auth', secretName: 'db', passwordSecretRef: 'x', tokenFile: '/run/t', password: '', createSecret: 'true' }, replicaCount: 2, image: { tag: '1.0' } });
    expect(found(spec, 'values.plaintext-secret')).toEqual([]);
    expect(codes(spec).filter((c) => c.startsWith('values.'))).toEqual([]);
  });

  it("names the values of the cluster-api-operator by their path", () => {
    const spec = modify(mgmtBase, (e: any) => { e.clusterApi.operatorValues = { ...e.clusterApi.operatorValues, github: { token: 'ghp_fixture' } }; });
    expect(found(spec, 'values.plaintext-secret').map((v) => [v.path, v.message])).toEqual([['mgmt.clusterApi.operatorValues.github.token', 'the values of cluster-api-operator set token in plain text, and synth writes values into the committed tree']]);
  });

  it("takes an env entry's value under the name it gives", () => {
    const spec = withValues({ env: [{ name: 'DB_PASSWORD', value: 'hunter2' }, { name: 'LOG_LEVEL', value: 'debug' }] });
    expect(found(spec, 'values.plaintext-secret').map((v) => [v.path, v.message])).toEqual([['fixture.apps[0].helm.values.env[0].value', 'the values of app podinfo set DB_PASSWORD in plain text, and synth writes values into the committed tree']]);
  });

  it('quotes a key that is no plain name', () => {
    const spec = withValues({ env: { 'MY.PASSWORD': 'x' } });
    expect(found(spec, 'values.plaintext-secret').map((v) => v.path)).toEqual(['fixture.apps[0].helm.values.env["MY.PASSWORD"]']);
  });
});

describe('where values-secrets looks, and what it leaves', () => {
  it("names a component's values by their path and owner", () => {
    const spec = modify(threeServers, (e: any) => { e.components = { extra: { values: { auth: { password: 'x1' } } } }; });
    expect(found(spec, 'values.plaintext-secret').map((v) => [v.path, v.message])).toEqual([['fixture.components.extra.values.auth.password', 'the values of component extra set password in plain text, and synth writes values into the committed tree']]);
  });

  it('walks past nulls and numbers, and leaves a password of white space alone', () => {
    expect(found(withValues({ a: null, b: 3, c: [null, 2], auth: { password: '  ' } }), 'values.plaintext-secret')).toEqual([]);
    expect(found(withValues({ a: null, auth: { password: 'x' } }), 'values.plaintext-secret').map((v) => v.path)).toEqual(['fixture.apps[0].helm.values.auth.password']);
  });

  it('finds nothing in an environment without apps, components or Cluster API', () => {
    expect(found(threeServers, 'values.plaintext-secret')).toEqual([]);
    expect(found(threeServers, 'values.private-key')).toEqual([]);
  });
});
