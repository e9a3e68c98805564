import * as age from 'age-encryption';

/** age identities (`AGE-SECRET-KEY-1…`) found in a key file's text, comments skipped. */
export function parseIdentities(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.startsWith('AGE-SECRET-KEY-'));
}

/** The recipient (`age1…`) of an X25519 identity. */
export async function recipientOf(identity: string): Promise<string> {
  return age.identityToRecipient(identity);
}

/** A new X25519 identity: what SOPS and Flux support (not the post-quantum hybrid kind). */
export async function generateIdentity(): Promise<{ identity: string; recipient: string }> {
  const identity = await age.generateX25519Identity();
  return { identity, recipient: await age.identityToRecipient(identity) };
}

/** Wraps the data key for one recipient, ASCII-armored as SOPS stores it. */
export async function wrapDataKey(dataKey: Uint8Array, recipient: string): Promise<string> {
  const encrypter = new age.Encrypter();
  encrypter.addRecipient(recipient);
  return age.armor.encode(await encrypter.encrypt(dataKey));
}

/** Unwraps an armored data key with any of the identities; undefined when none fits. */
export async function unwrapDataKey(armored: string, identities: readonly string[]): Promise<Buffer | undefined> {
  for (const identity of identities) {
    const decrypter = new age.Decrypter();
    decrypter.addIdentity(identity);
    try {
      return Buffer.from(await decrypter.decrypt(age.armor.decode(armored)));
    } catch {
      // Not this identity's stanza; try the next one.
    }
  }
  return undefined;
}
