import { describe, expect, it } from 'vitest';
import { redactedViolation, withoutUrlSecrets } from '../../src/model/redact';

describe('the redaction of URL credentials', () => {
  it.each([
    ['"https://alice:S3cret@git.lab.test/ops/fleet.git "', '"https://alice:…@git.lab.test/ops/fleet.git "'],
    ['htps://root@pam:S3cret@10.0.0.2:8006/', 'htps://root@pam:…@10.0.0.2:8006/'],
    ['git://ghp_S3cret@github.com/o/r.git and oci://glpat-S3cret@registry.lab.test/c', 'git://…@github.com/o/r.git and oci://…@registry.lab.test/c'],
    ['ssh://git@git.lab.test/ops/fleet.git', 'ssh://git@git.lab.test/ops/fleet.git'],
    ['https://ops:@git.lab.test/x.git', 'https://ops:@git.lab.test/x.git'],
  ])('%s → %s', (text, shown) => {
    expect(withoutUrlSecrets(text)).toBe(shown);
  });
});

describe('the redaction of a violation', () => {
  it('drops an action whose value holds a credential, and keeps one that holds none', () => {
    const v = { code: 'spec.whitespace', severity: 'error' as const, path: 'x.flux.url', value: 'v', message: 'a message', fix: 'write it' };
    expect(redactedViolation({ ...v, action: { set: 'flux.url', to: 'https://alice:S3cret@git.example/x.git' } })).not.toHaveProperty('action');
    expect(redactedViolation({ ...v, action: { set: 'flux.url', to: 'https://git.example/x.git' } }).action).toEqual({ set: 'flux.url', to: 'https://git.example/x.git' });
  });
});
