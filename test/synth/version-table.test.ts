import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { versionTable, withVersionTable } from '../../src/synth/version-table';
import * as versions from '../../src/versions';

const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

/** Every string leaf of the catalogue that names a release (not a URL, hash or repo). */
function pinnedLeaves(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return key !== 'contract' && (['version', 'tag', 'serial'].includes(key) || /^v?\d+\.\d+\.\d+/.test(value)) ? [value] : [];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => pinnedLeaves(v, k));
  return [];
}

describe('README version table', () => {
  it('is the table the catalogue generates (run npm run synth when this fails)', () => {
    expect(withVersionTable(readme)).toBe(readme);
  });

  it('shows every pinned version of the catalogue', () => {
    const table = versionTable();
    const { compatibility, ...pinned } = versions;
    for (const version of pinnedLeaves(pinned)) expect(table, version).toContain(`| ${version} |`);
    for (const version of ['v1.21.2', '0.28.0', 'v1.12.11', 'v0.9.1', 'v1.1.1', '20260926', 'v1.35.8+k3s1']) expect(readme).toContain(`| ${version} |`);
    expect(compatibility).toBeDefined();
  });

  it('leaves a README without markers alone', () => {
    expect(withVersionTable('# title\n')).toBe('# title\n');
  });
});
