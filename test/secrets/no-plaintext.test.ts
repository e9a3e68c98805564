import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseIdentities } from '../../src/secrets/age-keys';
import { DEMO_AGE_KEY_FILE } from '../../src/secrets/demo';
import { decryptDocument } from '../../src/secrets/sops-document';

const repo = path.resolve(import.meta.dirname, '../..');

describe('no plaintext secret anywhere', () => {
  it('no tracked file outside the encrypted sources holds a secret value, raw or base64', async () => {
    const identities = parseIdentities(fs.readFileSync(path.join(repo, DEMO_AGE_KEY_FILE), 'utf8'));
    const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'secrets'], { cwd: repo, encoding: 'utf8' }).split('\n').filter(Boolean);
    const needles: string[] = [];
    for (const source of sources) {
      const decrypted = await decryptDocument(fs.readFileSync(path.join(repo, source), 'utf8'), identities);
      for (const value of decrypted.values.filter((v) => v.encrypted)) needles.push(value.plaintext, Buffer.from(value.plaintext, 'base64').toString());
    }
    expect(needles.length).toBeGreaterThan(0);
    const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: repo, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f && !f.startsWith('secrets/') && !f.startsWith('src/imports/') && !f.endsWith('package-lock.json') && fs.existsSync(path.join(repo, f)));
    for (const file of tracked) {
      const text = fs.readFileSync(path.join(repo, file), 'utf8');
      for (const needle of needles.filter((n) => n.length >= 8)) expect(text.includes(needle), `${file} holds a secret value`).toBe(false);
    }
  });

  it('every Secret in the clusters trees is a SOPS file listed by its folder', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'clusters'], { cwd: repo, encoding: 'utf8' }).split('\n').filter(Boolean);
    const secrets = files.filter((f) => /\nkind: Secret\n/.test(`\n${fs.readFileSync(path.join(repo, f), 'utf8')}`));
    expect(secrets).toEqual(['clusters/mgmt/kubernetes/capi-providers/cluster-api/secret.capmox-system.capmox-variables.sops.yaml']);
    for (const file of secrets) {
      expect(fs.readFileSync(path.join(repo, file), 'utf8')).toBe(fs.readFileSync(path.join(repo, 'secrets/mgmt/capmox-system.capmox-variables.sops.yaml'), 'utf8'));
      expect(fs.readFileSync(path.join(path.dirname(path.join(repo, file)), 'kustomization.yaml'), 'utf8')).toContain(`- ${path.basename(file)}\n`);
    }
  });
});
