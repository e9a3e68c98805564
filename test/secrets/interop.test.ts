import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { parseIdentities } from '../../src/secrets/age-keys';
import { decryptDocument } from '../../src/secrets/sops-document';
import { FLEET_DIR, FLEET_SECRET } from '../fixtures/fleet-repo';

const repo = path.resolve(import.meta.dirname, '../..');
const demoKey = path.join(repo, 'test/fixtures/age/demo.agekey');
const shipped = path.join(FLEET_DIR, FLEET_SECRET);
const hasAge = spawnSync('age', ['--version']).status === 0;
if (!hasAge) console.warn('SKIPPED: the age CLI is not installed (apt-get install age); .ci/run installs it');

describe.skipIf(!hasAge)('the age CLI (an independent age implementation)', () => {
  it('unwraps the data key of the shipped secret with the demo identity', async () => {
    const text = fs.readFileSync(shipped, 'utf8');
    const armored = (YAML.parse(text).sops.age as { enc: string }[])[0]!.enc;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'age-'));
    fs.writeFileSync(path.join(dir, 'key.age'), armored);
    const unwrapped = execFileSync('age', ['--decrypt', '--identity', demoKey, path.join(dir, 'key.age')]);
    fs.rmSync(dir, { recursive: true });
    const ours = await decryptDocument(text, parseIdentities(fs.readFileSync(demoKey, 'utf8')));
    expect(unwrapped).toHaveLength(32);
    expect(Buffer.compare(unwrapped, ours.dataKey)).toBe(0);
  });
});

describe.skipIf(!hasAge)('sops-decoder (an independent SOPS decoder that verifies the MAC)', () => {
  /** Hands sops-decoder the key unwrapped by the age CLI through its only key source, AWS KMS. */
  async function decodeWithKey(text: string, key: Buffer) {
    const require = createRequire(require_base());
    const kms = require('@aws-sdk/client-kms');
    const original = kms.KMSClient.prototype.send;
    kms.KMSClient.prototype.send = async () => ({ Plaintext: new Uint8Array(key) });
    try {
      const tree = YAML.parse(text);
      tree.sops.kms = [{ arn: 'arn:aws:kms:eu-west-1:000000000000:key/stand-in-for-age', enc: 'AA==' }];
      return await require('sops-decoder').decrypt(tree);
    } finally {
      kms.KMSClient.prototype.send = original;
    }
  }
  const require_base = () => path.join(repo, 'node_modules', 'sops-decoder', 'package.json');
  const unwrap = (text: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'age-'));
    fs.writeFileSync(path.join(dir, 'key.age'), (YAML.parse(text).sops.age as { enc: string }[])[0]!.enc);
    const key = execFileSync('age', ['--decrypt', '--identity', demoKey, path.join(dir, 'key.age')]);
    fs.rmSync(dir, { recursive: true });
    return key;
  };

  it('decrypts every value of the shipped secret and accepts its MAC', async () => {
    const text = fs.readFileSync(shipped, 'utf8');
    const decoded = await decodeWithKey(text, unwrap(text));
    expect(Object.keys(decoded.data).sort()).toEqual(['PROXMOX_SECRET', 'PROXMOX_TOKEN', 'PROXMOX_URL']);
    expect(Buffer.from(decoded.data.PROXMOX_URL, 'base64').toString()).toMatch(/^https:\/\//);
    expect(decoded.metadata).toEqual({ name: 'capmox-variables', namespace: 'capmox-system' });
  });

  it('rejects the shipped secret once its metadata is tampered with (MAC mismatch)', async () => {
    const text = fs.readFileSync(shipped, 'utf8');
    await expect(decodeWithKey(text.replace('name: capmox-variables', 'name: capmox-variable'), unwrap(text))).rejects.toThrow(/Hash mismatch/);
  });
});
