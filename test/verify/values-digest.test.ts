import { describe, expect, it } from 'vitest';
import { encodeValues, valuesDigest } from '../../src/verify/values-digest';
import { tree } from './snapshot';

describe('the values digest helm-controller records', () => {
  // fluxcd/pkg chartutil/v1.27.1 chartutil/digest_test.go TestDigestValues: the vectors verbatim.
  it('reproduces helm-controller\'s own test vectors', () => {
    expect(valuesDigest({})).toBe('sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(valuesDigest(undefined)).toBe('sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    const map = { replicas: 3, image: { tag: 'latest', repository: 'nginx' }, ports: [{ protocol: 'TCP', port: 8080 }, { port: 9090, protocol: 'UDP' }] };
    expect(valuesDigest(map)).toBe('sha256:fcdc2b0de1581a3633ada4afee3f918f6eaa5b5ab38c3fef03d5b48d3f85d9f6');
    const numericKeys = { replicas: 3, test: { '632bd82398e71231a98004b6': 'value4', '632bd817c559818a52307da2': 'value3', '632bd80ddf416cf32fd50679': 'value2', '632bd80235a05f4192aefade': 'value1' } };
    expect(valuesDigest(numericKeys)).toBe('sha256:8a980fcbeadd6f05818f07e8aec14070c22250ca3d96af1fcd5f93b3e85b4d70');
    expect(valuesDigest({ foo: 'bar', baz: { cool: 'stuff' } }, 'sha512')).toBe(
      'sha512:b5f9cd4855ca3b08afd602557f373069b1732ce2e6d52341481b0d38f1938452e9d7759ab177c66699962b592f20ceded03eea3cd405d8670578c47842e2c550',
    );
  });

  it('writes the dev tree\'s Cilium values as go-yaml v2 does: sorted, lists unindented, non-strings that look typed double-quoted', () => {
    const release = tree().objects.find((o) => o.doc.kind === 'HelmRelease' && o.doc.metadata.name === 'cilium')!;
    expect(encodeValues(release.doc.spec.values)).toContain('gatewayAPI:\n  enabled: true\n  gatewayClass:\n    create: "true"\n');
    expect(encodeValues(release.doc.spec.values)).toContain('k8sServiceHost: 192.168.1.49\nk8sServicePort: 6443\n');
  });

  it('quotes as the emitter does', () => {
    expect(encodeValues({ a: '', b: 'yes', c: '0x1F', d: '1.5', e: '1:20', f: '- x', g: 'a: b', h: "it's", i: 'plain text', j: null, k: [], l: {}, m: [['x', 'y']] })).toBe(
      `a: ""\nb: "yes"\nc: "0x1F"\nd: "1.5"\ne: "1:20"\nf: '- x'\ng: 'a: b'\nh: it's\ni: plain text\nj: null\nk: []\nl: {}\nm:\n- - x\n  - "y"\n`,
    );
  });

  it('gives up rather than guess on what it does not reproduce', () => {
    expect(valuesDigest({ script: 'line one\nline two' })).toBeUndefined();
    expect(valuesDigest({ name: 'café' })).toBeUndefined();
    expect(valuesDigest({ date: '2026-12-01' })).toBeUndefined();
    expect(valuesDigest({ long: 'word '.repeat(20).trim() })).toBeUndefined();
    expect(valuesDigest({ ratio: 1e-7 })).toBeUndefined();
  });
});
