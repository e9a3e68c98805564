import YAML from 'yaml';
import { NoMatchingIdentityError, SopsDecryptError, decryptScalar } from '../tree/sops-cipher';
import { aadFor, computeMac, isEncryptedPath, leaves, toBytes } from './sops-tree';
import { unwrapDataKey } from './age-keys';

/** What the `sops` block of a file says (no key needed to read it). */
export interface SopsMetadata {
  readonly age: readonly { readonly recipient: string; readonly enc: string }[];
  readonly lastmodified: string;
  readonly mac: string;
  readonly encryptedRegex?: string;
  readonly version?: string;
  readonly macOnlyEncrypted: boolean;
}

export function parseDocument(text: string): YAML.Document {
  const doc = YAML.parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length > 0) throw new SopsDecryptError(`not valid YAML: ${doc.errors[0]!.message.split('\n')[0]}`);
  return doc;
}

/** The `sops` block of a parsed file, or undefined when it has none (a plaintext file). */
export function sopsMetadata(doc: YAML.Document): SopsMetadata | undefined {
  const sops = doc.toJS()?.sops as Record<string, unknown> | undefined;
  if (!sops || typeof sops !== 'object') return undefined;
  const age = Array.isArray(sops.age) ? (sops.age as { recipient?: unknown; enc?: unknown }[]) : [];
  return {
    age: age.map((a) => ({ recipient: String(a.recipient ?? ''), enc: String(a.enc ?? '') })),
    lastmodified: String(sops.lastmodified ?? ''),
    mac: String(sops.mac ?? ''),
    encryptedRegex: typeof sops.encrypted_regex === 'string' ? sops.encrypted_regex : undefined,
    version: sops.version === undefined ? undefined : String(sops.version),
    macOnlyEncrypted: sops.mac_only_encrypted === true,
  };
}

export interface DecryptedDocument {
  readonly dataKey: Buffer;
  readonly metadata: SopsMetadata;
  /** Every value in document order: its path, plaintext, and the stored form when encrypted. */
  readonly values: readonly { readonly path: readonly string[]; readonly plaintext: string; readonly stored: string; readonly encrypted: boolean }[];
  /** The MAC computed from the plaintext, and the one the file holds (decrypted). */
  readonly computedMac: string;
  readonly storedMac: string;
}

/**
 * Unwraps the data key with one of the identities, decrypts every value, and recomputes the MAC
 * as SOPS does (all values, in document order). Throws when no identity fits or a value fails to
 * authenticate; `verifyMac` compares the MACs and throws on a mismatch.
 */
export async function decryptDocument(text: string, identities: readonly string[], verifyMac = true): Promise<DecryptedDocument> {
  const doc = parseDocument(text);
  const metadata = sopsMetadata(doc);
  if (!metadata) throw new SopsDecryptError('the file has no sops metadata: it is not encrypted');
  // SOPS seeds that MAC with a constant of its own; none of our files use it.
  if (metadata.macOnlyEncrypted) throw new SopsDecryptError('mac_only_encrypted files are not supported');
  let dataKey: Buffer | undefined;
  for (const { enc } of metadata.age) {
    dataKey = await unwrapDataKey(enc, identities);
    if (dataKey) break;
  }
  if (!dataKey) {
    throw new NoMatchingIdentityError(`none of the available age identities can decrypt it (recipients: ${metadata.age.map((a) => a.recipient).join(', ')})`);
  }
  const regex = metadata.encryptedRegex ?? '.*';
  const values = leaves(doc).map(({ path, node }) => {
    const encrypted = isEncryptedPath(path, regex) && typeof node.value === 'string';
    const stored = toBytes(node.value);
    return { path, stored, encrypted, plaintext: encrypted ? decryptScalar(stored, dataKey!, aadFor(path)).plaintext : stored };
  });
  const computedMac = computeMac(values.map((v) => v.plaintext));
  const storedMac = decryptScalar(metadata.mac, dataKey, metadata.lastmodified).plaintext;
  if (verifyMac && computedMac !== storedMac) throw new SopsDecryptError('MAC mismatch: the file was modified after it was encrypted');
  return { dataKey, metadata, values, computedMac, storedMac };
}
