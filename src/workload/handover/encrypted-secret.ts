import YAML from 'yaml';
import { ENC_PATTERN } from '../../tree/sops-cipher';

/** A Secret mgmt carries to a workload cluster: its SOPS file, encrypted to mgmt's age recipients. */
export interface EncryptedSecret {
  /** The Secret's namespace on the workload cluster. */
  readonly namespace: string;
  readonly name: string;
  /** The encrypted file, copied byte for byte (re-serializing would break its MAC). */
  readonly content: string;
}

export interface EncryptedSecretExpectation {
  /** The management environment, for messages. */
  readonly management: string;
  /** Its age recipients: its kustomize-controller decrypts the file with its identity. */
  readonly recipients: readonly string[];
  /** A suffix every Secret of this kind has among its data keys (`.agekey`). @default none */
  readonly keySuffix?: string;
}

/**
 * What is wrong with an encrypted Secret, every problem at once (none: it can go in the tree). It
 * reads only what SOPS leaves in the clear (metadata and the `sops` block): no key is needed, and
 * a file whose values are not all `ENC[…]` is refused, so no plaintext reaches the tree.
 */
export function encryptedSecretProblems(secret: EncryptedSecret, expected: EncryptedSecretExpectation): string[] {
  const where = `${secret.namespace}/${secret.name}`;
  const parsed = YAML.parseAllDocuments(secret.content);
  if (parsed.some((d) => d.errors.length > 0)) return [`${where}: the file is not YAML`];
  const docs = parsed.map((d) => d.toJS() as unknown);
  const doc = docs[0] as Record<string, any> | undefined;
  if (docs.length !== 1 || !doc || typeof doc !== 'object') return [`${where}: the file must hold exactly one Secret`];
  const problems: string[] = [];
  if (doc.apiVersion !== 'v1' || doc.kind !== 'Secret') problems.push(`${where}: the file holds ${doc.apiVersion}/${doc.kind}, not a v1 Secret`);
  if (doc.metadata?.namespace !== secret.namespace || doc.metadata?.name !== secret.name) {
    problems.push(`${where}: the file's Secret is ${doc.metadata?.namespace}/${doc.metadata?.name}`);
  }
  if (doc.stringData !== undefined) problems.push(`${where}: the file has stringData; write data (npm run secrets -- set)`);
  const data = (doc.data ?? {}) as Record<string, unknown>;
  const plain = Object.entries(data).filter(([, v]) => typeof v !== 'string' || !ENC_PATTERN.test(v)).map(([k]) => k);
  if (plain.length > 0) problems.push(`${where}: data ${plain.join(', ')} not encrypted`);
  if (expected.keySuffix && !Object.keys(data).some((k) => k.endsWith(expected.keySuffix!))) {
    problems.push(`${where}: no data key ending in ${expected.keySuffix}`);
  }
  const recipients = Array.isArray(doc.sops?.age) ? (doc.sops.age as { recipient?: string }[]).map((a) => a.recipient) : [];
  if (!doc.sops) problems.push(`${where}: the file is not SOPS-encrypted`);
  else if (!recipients.some((r) => r !== undefined && expected.recipients.includes(r))) {
    problems.push(`${where}: encrypted to ${recipients.join(', ') || 'no age recipient'}, none of ${expected.management}'s (${expected.recipients.join(', ') || 'none declared'}): its Flux could not decrypt it; encrypt it to ${expected.management}'s recipients`);
  }
  return problems;
}
