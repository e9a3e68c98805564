import crypto from 'node:crypto';

/** `ENC[AES256_GCM,data:…,iv:…,tag:…,type:…]`, the form of every value SOPS encrypts. */
export const ENC_PATTERN = /^ENC\[AES256_GCM,data:([A-Za-z0-9+/=]*),iv:([A-Za-z0-9+/=]+),tag:([A-Za-z0-9+/=]+),type:(str|int|float|bool|bytes|comment)\]$/;

// SOPS uses a 32-byte GCM nonce (not the usual 12) and a 16-byte tag.
const IV_BYTES = 32;

export class SopsDecryptError extends Error {}

/** No identity given opens the file's data key: a missing key, not a damaged file. */
export class NoMatchingIdentityError extends SopsDecryptError {}

export interface DecryptedScalar {
  readonly plaintext: string;
  readonly type: string;
  readonly iv: Buffer;
}

/**
 * Encrypts one value as SOPS does: AES-256-GCM with the data key, the value's key path
 * (`data:PROXMOX_URL:`) or the `lastmodified` stamp (for the MAC) as additional data.
 */
export function encryptScalar(plaintext: string, key: Buffer, aad: string, iv: Buffer = crypto.randomBytes(IV_BYTES), type = 'str'): string {
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `ENC[AES256_GCM,data:${data.toString('base64')},iv:${iv.toString('base64')},tag:${tag.toString('base64')},type:${type}]`;
}

/** Decrypts and authenticates one value; fails when the value, its path or the key differ. */
export function decryptScalar(value: string, key: Buffer, aad: string): DecryptedScalar {
  const match = ENC_PATTERN.exec(value);
  if (!match) throw new SopsDecryptError('not an ENC[AES256_GCM,…] value');
  const [, data, iv, tag, type] = match;
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64'), { authTagLength: 16 });
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64'));
  try {
    const plaintext = Buffer.concat([decipher.update(Buffer.from(data!, 'base64')), decipher.final()]).toString('utf8');
    return { plaintext, type: type!, iv: Buffer.from(iv!, 'base64') };
  } catch {
    throw new SopsDecryptError(`authentication failed for ${aad}`);
  }
}
