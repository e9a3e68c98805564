import crypto from 'node:crypto';
import YAML from 'yaml';
import { wrapDataKey } from './age-keys';
import { encryptScalar } from '../tree/sops-cipher';
import { decryptDocument } from './sops-document';
import { aadFor, computeMac } from './sops-tree';

/** Only `data`/`stringData` values are encrypted; apiVersion, kind and metadata stay readable. */
export const ENCRYPTED_REGEX = '^(data|stringData)$';
/** The SOPS release whose file format this writer produces. */
export const SOPS_FORMAT_VERSION = '3.10.2';

export class SecretWriteError extends Error {}

export interface SetSecretInput {
  /** The current file, when there is one. */
  readonly existing?: string;
  /** age identities able to decrypt `existing` (needed to modify it). */
  readonly identities: readonly string[];
  readonly recipients: readonly string[];
  readonly namespace: string;
  readonly name: string;
  /** Plain values to set (stored base64-encoded under `data`); other existing keys are kept. */
  readonly values: Readonly<Record<string, string>>;
  /** Keys to remove. @default [] */
  readonly remove?: readonly string[];
  readonly now: Date;
}

export interface SetSecretResult {
  readonly text: string;
  /** Keys whose value was added or changed. */
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  readonly freshDataKey: boolean;
  /** True when the file is returned byte for byte as it was. */
  readonly unchanged: boolean;
}

const sameSet = (a: readonly string[], b: readonly string[]) => [...a].sort().join('\n') === [...b].sort().join('\n');
const rfc3339 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A YAML map whose keys keep the given order (JS objects would reorder integer-like keys). */
function mapOf(doc: YAML.Document, entries: readonly (readonly [string, unknown])[]): YAML.YAMLMap {
  const map = new YAML.YAMLMap();
  for (const [key, value] of entries) map.add(doc.createPair(key, value));
  return map;
}

/**
 * Writes a Secret in the SOPS format (age recipients, AES-256-GCM per value, MAC). Re-running
 * with unchanged values returns the file byte for byte; a changed value changes only that value,
 * the MAC and `lastmodified`; changed recipients get a fresh data key. Modifying an existing file
 * needs an identity that decrypts it.
 */
export async function setSecret(input: SetSecretInput): Promise<SetSecretResult> {
  const previous = input.existing === undefined ? undefined : await decryptExisting(input.existing, input.identities);
  const before = new Map((previous?.values ?? []).filter((v) => v.path[0] === 'data' && v.path.length === 2).map((v) => [v.path[1]!, v]));
  const remove = input.remove ?? [];
  const merged = new Map([...before].map(([key, v]) => [key, v.plaintext]));
  for (const key of remove) merged.delete(key);
  for (const [key, value] of Object.entries(input.values)) merged.set(key, Buffer.from(value, 'utf8').toString('base64'));
  const keys = [...merged.keys()].sort();

  const recipientsChanged = !previous || !sameSet(previous.metadata.age.map((a) => a.recipient), input.recipients);
  const changed = keys.filter((key) => before.get(key)?.plaintext !== merged.get(key));
  const removed = [...before.keys()].filter((key) => !merged.has(key));
  const shapeKept = previous !== undefined && isCanonicalSecret(previous.values, input.namespace, input.name);
  if (previous && input.existing !== undefined && !recipientsChanged && changed.length === 0 && removed.length === 0 && shapeKept) {
    return { text: input.existing, changed, removed, freshDataKey: false, unchanged: true };
  }

  const dataKey = recipientsChanged ? crypto.randomBytes(32) : previous!.dataKey;
  const encrypted = keys.map((key): [string, string] => {
    const old = before.get(key);
    // Reuse the stored ciphertext (and so its IV) of a value that did not change.
    const reuse = !recipientsChanged && old !== undefined && old.plaintext === merged.get(key) && old.encrypted;
    return [key, reuse ? old.stored : encryptScalar(merged.get(key)!, dataKey, aadFor(['data', key]))];
  });
  const age = recipientsChanged
    ? await Promise.all(input.recipients.map(async (recipient) => ({ recipient, enc: await wrapDataKey(dataKey, recipient) })))
    : previous!.metadata.age;
  const lastmodified = rfc3339(input.now);
  const plaintexts = ['v1', 'Secret', input.name, input.namespace, 'Opaque', ...keys.map((key) => merged.get(key)!)];
  const mac = encryptScalar(computeMac(plaintexts), dataKey, lastmodified);

  const doc = new YAML.Document();
  const stamp = doc.createNode(lastmodified) as YAML.Scalar;
  // Quoted, as SOPS writes it: an unquoted timestamp is a YAML 1.1 date to some parsers.
  stamp.type = 'QUOTE_DOUBLE';
  doc.contents = mapOf(doc, [
    ['apiVersion', 'v1'],
    ['kind', 'Secret'],
    ['metadata', mapOf(doc, [['name', input.name], ['namespace', input.namespace]])],
    ['type', 'Opaque'],
    ['data', mapOf(doc, encrypted)],
    [
      'sops',
      mapOf(doc, [
        ['age', age.map((a) => mapOf(doc, [['recipient', a.recipient], ['enc', a.enc]]))],
        ['lastmodified', stamp],
        ['mac', mac],
        ['encrypted_regex', ENCRYPTED_REGEX],
        ['version', SOPS_FORMAT_VERSION],
      ]),
    ],
  ]) as never;
  const text = doc.toString({ lineWidth: 0, minContentWidth: 0 });
  return { text, changed, removed, freshDataKey: recipientsChanged, unchanged: false };
}

async function decryptExisting(text: string, identities: readonly string[]) {
  if (identities.length === 0) {
    throw new SecretWriteError('it exists and no age identity is available to decrypt it; set SOPS_AGE_KEY_FILE (or SOPS_AGE_KEY) to a key of one of its recipients');
  }
  try {
    return await decryptDocument(text, identities);
  } catch (error) {
    throw new SecretWriteError(`it exists and cannot be decrypted: ${(error as Error).message}`);
  }
}

/** True when the decrypted file has exactly the shape this writer produces. */
function isCanonicalSecret(values: readonly { path: readonly string[]; plaintext: string }[], namespace: string, name: string): boolean {
  const head = values.filter((v) => v.path[0] !== 'data').map((v) => `${v.path.join('.')}=${v.plaintext}`);
  return head.join('\n') === ['apiVersion=v1', 'kind=Secret', `metadata.name=${name}`, `metadata.namespace=${namespace}`, 'type=Opaque'].join('\n');
}
