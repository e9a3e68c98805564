import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseIdentities } from '../../src/secrets/age-keys';
import { decryptDocument } from '../../src/secrets/sops-document';

// Files written by the real sops (Go), with their published test keys (vendored, see SOURCES.md there).
const VECTORS = path.resolve(import.meta.dirname, '../fixtures/sops-vectors');

const cases = [
  { file: 'flux-global-secret.sops.yaml', key: 'flux-age-global.txt', secretKey: 'stringData', expected: 'secret' },
  { file: 'flux-age-algorithms.sops.yaml', key: 'flux-age-algorithms.txt', secretKey: 'stringData', expected: undefined },
];
const read = (name: string) => fs.readFileSync(path.join(VECTORS, name), 'utf8');

describe('files written by the real sops', () => {
  it.each(cases)('decrypts $file and reproduces its MAC', async ({ file, key }) => {
    const result = await decryptDocument(read(file), parseIdentities(read(key)));
    expect(result.dataKey).toHaveLength(32);
    expect(result.computedMac).toMatch(/^[0-9A-F]{128}$/);
    expect(result.computedMac).toBe(result.storedMac);
    expect(result.values.filter((v) => v.encrypted).map((v) => v.path.join('.'))).toEqual(['stringData.key']);
  });

  it.each(cases)('refuses $file when a value is tampered with', async ({ file, key }) => {
    const text = read(file);
    const value = /key: (ENC\[AES256_GCM,data:)([A-Za-z0-9+/]{2})/.exec(text)!;
    const swapped = value[2]![0] === 'A' ? 'B' : 'A';
    const tampered = text.replace(value[0], `key: ${value[1]}${swapped}${value[2]![1]}`);
    await expect(decryptDocument(tampered, parseIdentities(read(key)))).rejects.toThrow(/authentication failed/);
  });

  it.each(cases)('refuses $file when a key path changes (the value is bound to it)', async ({ file, key }) => {
    const tampered = read(file).replace('\n  key: ENC[', '\n  other: ENC[');
    await expect(decryptDocument(tampered, parseIdentities(read(key)))).rejects.toThrow(/authentication failed for stringData:other:/);
  });

  it.each(cases)('refuses $file when plaintext metadata changes (the MAC covers it)', async ({ file, key }) => {
    const text = read(file);
    const name = /\n  name: (\S+)/.exec(text)![1]!;
    const tampered = text.replace(`\n  name: ${name}`, `\n  name: ${name}x`);
    await expect(decryptDocument(tampered, parseIdentities(read(key)))).rejects.toThrow(/MAC mismatch/);
  });

  it.each(cases)('refuses $file when lastmodified changes (the MAC is bound to it)', async ({ file, key }) => {
    const tampered = read(file).replace(/lastmodified: "(\d{4})/, (_m, year) => `lastmodified: "${Number(year) + 1}`);
    await expect(decryptDocument(tampered, parseIdentities(read(key)))).rejects.toThrow(/authentication failed/);
  });

  it('refuses an identity that is not a recipient', async () => {
    await expect(decryptDocument(read(cases[0]!.file), parseIdentities(read(cases[1]!.key)))).rejects.toThrow(/none of the available age identities/);
  });
});
