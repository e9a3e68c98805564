import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateIdentity, parseIdentities } from '../../src/secrets/age-keys';
import { DEMO_AGE_RECIPIENT } from '../../src/secrets/demo';
import { setSecret } from '../../src/secrets/secret-writer';
import { decryptDocument } from '../../src/secrets/sops-document';

const demo = parseIdentities(fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/age/demo.agekey'), 'utf8'));
const base = { identities: demo, recipients: [DEMO_AGE_RECIPIENT], namespace: 'apps', name: 'db', now: new Date('2026-01-02T03:04:05Z') };
const values = { USER: 'admin', PASSWORD: 'correct horse battery staple' };

/** The lines of `after` that differ from `before`, by line number. */
function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  return after.split('\n').filter((line, i) => line !== a[i]);
}

describe('setSecret', () => {
  it('writes a Secret with data only, every value encrypted, metadata readable', async () => {
    const { text } = await setSecret({ ...base, values });
    expect(text).toMatch(/^apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\n  namespace: apps\ntype: Opaque\ndata:\n  PASSWORD: ENC\[AES256_GCM,/);
    expect(text).not.toMatch(/^stringData:/m);
    expect(text).toContain('encrypted_regex: ^(data|stringData)$');
    expect(text).toContain('lastmodified: "2026-01-02T03:04:05Z"');
    expect(text).not.toContain('admin');
    expect(text).not.toContain(Buffer.from('admin').toString('base64'));
    const decrypted = await decryptDocument(text, demo);
    expect(decrypted.values.filter((v) => v.encrypted).map((v) => [v.path.join('.'), Buffer.from(v.plaintext, 'base64').toString()])).toEqual([
      ['data.PASSWORD', values.PASSWORD],
      ['data.USER', 'admin'],
    ]);
  });

  it('returns the file byte for byte when nothing changed', async () => {
    const first = await setSecret({ ...base, values });
    const again = await setSecret({ ...base, existing: first.text, values, now: new Date('2030-01-01T00:00:00Z') });
    expect(again.unchanged).toBe(true);
    expect(again.text).toBe(first.text);
  });

  it('changes only that value, the MAC and lastmodified when one value changes', async () => {
    const first = await setSecret({ ...base, values });
    const next = await setSecret({ ...base, existing: first.text, values: { USER: 'root' }, now: new Date('2026-02-01T00:00:00Z') });
    expect(next.changed).toEqual(['USER']);
    expect(next.freshDataKey).toBe(false);
    const changed = changedLines(first.text, next.text);
    expect(changed).toHaveLength(3);
    expect(changed[0]).toMatch(/^ {2}USER: ENC\[/);
    expect(changed[1]).toBe('  lastmodified: "2026-02-01T00:00:00Z"');
    expect(changed[2]).toMatch(/^ {2}mac: ENC\[/);
    expect((await decryptDocument(next.text, demo)).computedMac).toMatch(/^[0-9A-F]+$/);
  });

  it('uses a fresh data key when the recipients change', async () => {
    const other = await generateIdentity();
    const first = await setSecret({ ...base, values });
    const moved = await setSecret({ ...base, existing: first.text, values: {}, recipients: [other.recipient] });
    expect(moved.freshDataKey).toBe(true);
    const before = await decryptDocument(first.text, demo);
    const after = await decryptDocument(moved.text, [other.identity]);
    expect(after.dataKey.equals(before.dataKey)).toBe(false);
    expect(after.values.map((v) => v.plaintext)).toEqual(before.values.map((v) => v.plaintext));
    await expect(decryptDocument(moved.text, demo)).rejects.toThrow(/none of the available age identities/);
  });

  it('refuses to modify an existing file without an identity', async () => {
    const first = await setSecret({ ...base, values });
    await expect(setSecret({ ...base, identities: [], existing: first.text, values: { USER: 'x' } })).rejects.toThrow(/no age identity is available/);
  });

  it('refuses to modify a file whose MAC does not verify', async () => {
    const first = await setSecret({ ...base, values });
    const tampered = first.text.replace('  name: db', '  name: dbx');
    await expect(setSecret({ ...base, existing: tampered, values: {} })).rejects.toThrow(/MAC mismatch/);
  });

  it('removes keys on request', async () => {
    const first = await setSecret({ ...base, values });
    const next = await setSecret({ ...base, existing: first.text, values: {}, remove: ['USER'] });
    expect(next.removed).toEqual(['USER']);
    expect(next.text).not.toContain('USER:');
  });
});
