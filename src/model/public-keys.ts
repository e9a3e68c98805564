/**
 * Public key material as the spec's fields expect it, and the private material an operator may
 * paste there instead. Nothing here returns a private value: callers show `redacted(text)`.
 */

/** The first 12 characters and an ellipsis: enough to recognise an entry, never the key itself. */
export const redacted = (text: string) => (text.length <= 12 ? text : `${text.slice(0, 12)}…`);

/**
 * A private key in any armour an operator may paste: PEM (`-----BEGIN OPENSSH PRIVATE KEY-----`,
 * `-----BEGIN RSA PRIVATE KEY-----`, …), ssh.com's (`---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----`),
 * PuTTY's `.ppk` (`PuTTY-User-Key-File-2:` / `-3:`), or a line of an OpenSSH private key's body
 * (it starts with the base64 of the magic `openssh-key-v1\0`, PROTOCOL.key in openssh-portable).
 */
export const isPrivateKey = (text: string) => /PRIVATE KEY-----|PRIVATE KEY ----|PuTTY-User-Key-File-\d+:|b3BlbnNzaC1rZXktdjEA/.test(text);

/**
 * The public key types OpenSSH writes into `.pub` files, with the strings of their wire encoding
 * (each an RFC 4251 `string` or `mpint`, a uint32 length then its bytes) after the type:
 * RFC 4253 §6.6 (ssh-rsa: e, n; ssh-dss: p, q, g, y), RFC 5656 §3.1 (ecdsa: curve name, Q),
 * RFC 8709 §4 (ssh-ed25519: a 32-byte key), and openssh-portable PROTOCOL.u2f (the security-key
 * types add the application string).
 */
const KEY_TYPES: Readonly<Record<string, number>> = {
  'ssh-ed25519': 1,
  'ssh-rsa': 2,
  'ssh-dss': 4,
  'ecdsa-sha2-nistp256': 2,
  'ecdsa-sha2-nistp384': 2,
  'ecdsa-sha2-nistp521': 2,
  'sk-ssh-ed25519@openssh.com': 2,
  'sk-ecdsa-sha2-nistp256@openssh.com': 3,
};
export const SSH_KEY_TYPES = Object.keys(KEY_TYPES);

/** The length-prefixed strings of a wire-encoded blob, and whether they fill it exactly. */
function wireStrings(blob: Buffer): { strings: Buffer[]; whole: boolean } {
  const strings: Buffer[] = [];
  for (let at = 0; at < blob.length; ) {
    const length = at + 4 <= blob.length ? blob.readUInt32BE(at) : Infinity;
    if (at + 4 + length > blob.length) return { strings, whole: false };
    strings.push(blob.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return { strings, whole: true };
}

/** What is wrong with the key data of a key of `type` written as `body`, or undefined. */
function bodyProblem(type: string, body: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 !== 0) return `its key data ${redacted(body)} is not base64`;
  const { strings, whole } = wireStrings(Buffer.from(body, 'base64'));
  const named = strings[0]?.toString('latin1');
  if (named !== type) return !named ? 'its key data is not an SSH wire-format key' : `its key data is a key of type ${redacted(named)}, not ${type}`;
  if (!whole || strings.length !== 1 + KEY_TYPES[type]!) return `its key data is cut short or has bytes past a ${type} key`;
  if (type.endsWith('ed25519') && strings[1]!.length !== 32) return `its key data holds a ${strings[1]!.length}-byte key, and an Ed25519 key has 32 bytes`;
  if (type.startsWith('ecdsa-sha2-') && strings[1]!.toString('latin1') !== type.slice('ecdsa-sha2-'.length)) return `its key data names another curve than ${type}`;
  return undefined;
}

/**
 * What keeps `line` from being one OpenSSH public key (authorized_keys format, sshd(8): options,
 * then type, base64 key data and comment), or undefined for a well-formed key. Private keys are
 * `isPrivateKey`'s to report first; the reason quotes at most `redacted` pieces of the line.
 */
export function sshPublicKeyProblem(line: string): string | undefined {
  const tokens = line.trim().split(/\s+/);
  const at = tokens.findIndex((t) => t in KEY_TYPES);
  if (at < 0) return line.trim() === '' ? 'it is empty' : `it names no key type OpenSSH writes (${SSH_KEY_TYPES.join(', ')})`;
  const type = tokens[at]!;
  const body = tokens[at + 1];
  if (body === undefined || !/^AAAA/.test(body)) return `it is a ${type} key with no key data after the type`;
  return bodyProblem(type, body);
}

/** The key data of an OpenSSH public key line (the token after its type), if it has one. */
export function sshKeyBody(line: string): string | undefined {
  const tokens = line.trim().split(/\s+/);
  const at = tokens.findIndex((t) => t in KEY_TYPES);
  return at < 0 ? undefined : tokens[at + 1];
}

// bech32 (BIP 173) as age writes its keys: recipients with the HRP `age`, identities with the HRP
// `AGE-SECRET-KEY-` in upper case, without BIP 173's 90-character limit (C2SP age.md, "X25519").
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATOR[i]!;
  }
  return chk >>> 0;
}

/** Whether `text` is a bech32 string of the human-readable part `hrp` with a valid checksum. */
export function isBech32(text: string, hrp: string): boolean {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return false;
  const lower = text.toLowerCase();
  const split = lower.lastIndexOf('1');
  if (lower.slice(0, split) !== hrp.toLowerCase() || lower.length - split < 7) return false;
  const data = [...lower.slice(split + 1)].map((c) => CHARSET.indexOf(c));
  if (data.includes(-1)) return false;
  const expanded = [...hrp.toLowerCase()].map((c) => c.charCodeAt(0) >> 5).concat([0], [...hrp.toLowerCase()].map((c) => c.charCodeAt(0) & 31));
  return polymod([...expanded, ...data]) === 1;
}

/** Whether `text` holds an age identity (the private key, `AGE-SECRET-KEY-1…`), in any case. */
export const holdsAgeIdentity = (text: string) => /AGE-SECRET-KEY-1/i.test(text);
