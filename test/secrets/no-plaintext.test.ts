import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIdentities } from '../../src/secrets/age-keys';
import { decryptDocument } from '../../src/secrets/sops-document';
import { readTree } from '../../src/synth/tree';
import { FLEET_SECRET, fleetRepo } from '../fixtures/fleet-repo';

const repo = path.resolve(import.meta.dirname, '../..');
let root: string;
beforeAll(() => { root = fleetRepo('plaintext-'); });
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Every file synth wrote, repository-relative (the secret sources themselves aside). */
const written = () => [...readTree(root)].filter(([file]) => !file.startsWith('secrets/'));

describe('no plaintext secret anywhere synth writes', () => {
  it('no written file holds a secret value, raw or base64', async () => {
    const identities = parseIdentities(fs.readFileSync(path.join(repo, 'test/fixtures/age/demo.agekey'), 'utf8'));
    const decrypted = await decryptDocument(fs.readFileSync(path.join(root, FLEET_SECRET), 'utf8'), identities);
    const needles = decrypted.values.filter((v) => v.encrypted).flatMap((v) => [v.plaintext, Buffer.from(v.plaintext, 'base64').toString()]).filter((n) => n.length >= 8);
    expect(needles.length).toBeGreaterThan(0);
    for (const [file, text] of written()) {
      for (const needle of needles) expect(text.includes(needle), `${file} holds a secret value`).toBe(false);
    }
  });

  it('every Secret in the trees is a byte copy of its SOPS source, listed by its folder', () => {
    const secrets = written().filter(([, text]) => /\nkind: Secret\n/.test(`\n${text}`));
    expect(secrets.map(([file]) => file)).toEqual(['clusters/mgmt/kubernetes/capi-providers/cluster-api/secret.capmox-system.capmox-variables.sops.yaml']);
    for (const [file, text] of secrets) {
      expect(text).toBe(fs.readFileSync(path.join(root, FLEET_SECRET), 'utf8'));
      expect(fs.readFileSync(path.join(root, path.dirname(file), 'kustomization.yaml'), 'utf8')).toContain(`- ${path.basename(file)}\n`);
    }
  });
});
