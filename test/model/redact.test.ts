import { describe, expect, it } from 'vitest';
import { withoutUrlSecrets } from '../../src/model/redact';

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
