import { describe, expect, it } from 'vitest';
import { holdsAgeIdentity, isBech32, isPrivateKey, redacted, sshKeyBody, sshPublicKeyProblem } from '../../src/model/public-keys';

// Public halves made with ssh-keygen 9 (-t ed25519 / ecdsa -b 256 / rsa -b 1024) and age-keygen 1.1;
// the private halves were discarded.
const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAGgvNFqoIgq+cANvIvcJ84znXVObLErZrinaQJhYT3O me@lab';
const ECDSA = 'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBM9l7Xi71wVD1KlHzhDPX0Q26agPpT6+WTdi5Tsk+aRvVnmhn7Jn6ahWHAxjszwkBCuX4UHVSJ24SS0/IdSyDXI= e';
const RSA = 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQCwqtfR2+cEmz052EldcyRYAEPNTrOX5AQEziWpzMXvAhEdx3mBjjicFxvHDiI9aEdK8vYzIvj4V/eB7yl5mTrjQ9QaYPKZmlsCZGPHbXSFeESPHmnMXRfJbEdMcPdcXxQwvlUH3oVkXqVzc6E0BVOeVgOVo+yruI2TRE8hY5WVyQ== r';
const RECIPIENT = 'age1hqs3awgg42ryhts33xjr8m9vnefe9fwuh49anlydnkq3vlj0xglst4rkaq';
const ED_BODY = ED25519.split(' ')[1]!;
const ED_KEY = Buffer.from(ED_BODY, 'base64');

/** Base64 of RFC 4251 strings, each a uint32 length then its bytes. */
const wire = (...strings: (string | Buffer)[]) =>
  Buffer.concat(strings.flatMap((s) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(Buffer.byteLength(s));
    return [length, Buffer.from(s)];
  })).toString('base64');

describe('OpenSSH public keys', () => {
  it.each([ED25519, ECDSA, RSA, `no-pty,from="10.0.0.0/8" ${ED25519}`, `  ${ED25519}\n`, ED25519.split(' ').slice(0, 2).join(' ')])('accepts %s', (line) => {
    expect(sshPublicKeyProblem(line)).toBeUndefined();
  });

  it.each([
    ['', 'it is empty'],
    ['ssh-ed25519', 'it is a ssh-ed25519 key with no key data after the type'],
    ['ssh-ed25519 you@host', 'it is a ssh-ed25519 key with no key data after the type'],
    [ED_BODY, 'it names no key type OpenSSH writes (ssh-ed25519, ssh-rsa, ssh-dss, ecdsa-sha2-nistp256, ecdsa-sha2-nistp384, ecdsa-sha2-nistp521, sk-ssh-ed25519@openssh.com, sk-ecdsa-sha2-nistp256@openssh.com)'],
    [`ssh-rsa ${ED_BODY} me`, 'its key data is a key of type ssh-ed25519, not ssh-rsa'],
    [`ssh-ed25519 ${ED_BODY.slice(0, -4)} me`, 'its key data is cut short or has bytes past a ssh-ed25519 key'],
    [`ssh-ed25519 ${ED_BODY.slice(0, -1)} me`, 'its key data AAAAC3NzaC1l… is not base64'],
    ['ssh-ed25519 AAAA!!!! me', 'its key data AAAA!!!! is not base64'],
    ['ssh-ed25519 AAAAAAAA me', 'its key data is not an SSH wire-format key'],
    // A length past the blob's end.
    ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAQA== me', 'its key data is cut short or has bytes past a ssh-ed25519 key'],
    [`ssh-ed25519 ${Buffer.concat([Buffer.from('0000000b', 'hex'), Buffer.from('ssh-ed25519'), Buffer.from('00000010', 'hex'), Buffer.alloc(16)]).toString('base64')} me`, 'its key data holds a 16-byte key, and an Ed25519 key has 32 bytes'],
    [`ecdsa-sha2-nistp384 ${Buffer.concat([Buffer.from('00000013', 'hex'), Buffer.from('ecdsa-sha2-nistp384'), Buffer.from('00000008', 'hex'), Buffer.from('nistp256'), Buffer.from('00000001', 'hex'), Buffer.alloc(1)]).toString('base64')}`, 'its key data names another curve than ecdsa-sha2-nistp384'],
    ['  \n', 'it is empty'],
    // A comment holding AAAA is no key data.
    ['ssh-ed25519 me@AAAA', 'it is a ssh-ed25519 key with no key data after the type'],
    ['ssh-ed25519 AAAA!!!!AAAA me', 'its key data AAAA!!!!AAAA is not base64'],
    // Three zero bytes: too short for even the first length.
    ['ssh-ed25519 AAAA', 'its key data is not an SSH wire-format key'],
    // Every string the type has, then one more (an empty one), or two bytes too few for a length.
    [`ssh-ed25519 ${wire('ssh-ed25519', Buffer.alloc(32), '')}`, 'its key data is cut short or has bytes past a ssh-ed25519 key'],
    [`ssh-ed25519 ${Buffer.concat([ED_KEY, Buffer.alloc(2)]).toString('base64')}`, 'its key data is cut short or has bytes past a ssh-ed25519 key'],
  ])('refuses %j: %s', (line, problem) => {
    expect(sshPublicKeyProblem(line)).toBe(problem);
  });

  it('takes any run of whitespace between the fields', () => {
    expect(sshPublicKeyProblem(ED25519.replace(' ', ' \t '))).toBeUndefined();
  });

  it('accepts a last string of zero length (a security key with an empty application)', () => {
    expect(sshPublicKeyProblem(`sk-ssh-ed25519@openssh.com ${wire('sk-ssh-ed25519@openssh.com', Buffer.alloc(32), '')}`)).toBeUndefined();
  });

  it('reads the key data after the type, options or stray spaces before it', () => {
    expect(sshKeyBody(` from="a" ${ED25519}`)).toBe(ED_BODY);
    expect(sshKeyBody('ssh-ed25519')).toBeUndefined();
    expect(sshKeyBody('ssh-ed25519 \n')).toBeUndefined();
    expect(sshKeyBody(`ssh-ed25519 \t ${ED_BODY}`)).toBe(ED_BODY);
    expect(sshKeyBody('me@lab')).toBeUndefined();
  });
});

describe('private keys', () => {
  it.each([
    '-----BEGIN OPENSSH PRIVATE KEY-----',
    '-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----',
    '---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----',
    'PuTTY-User-Key-File-2: ssh-rsa',
    'PuTTY-User-Key-File-3: ssh-ed25519',
    // A later .ppk format version, of two digits.
    'PuTTY-User-Key-File-10: ssh-ed25519',
    // The first line of an OpenSSH private key's body, pasted alone.
    'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW',
  ])('recognises %j', (text) => {
    expect(isPrivateKey(text)).toBe(true);
  });

  it.each([ED25519, RSA, '---- BEGIN SSH2 PUBLIC KEY ----'])('does not take %j for one', (text) => {
    expect(isPrivateKey(text)).toBe(false);
  });

  it('shows 12 characters at most, then an ellipsis', () => {
    expect(redacted('AGE-SECRET-KEY-1ABC')).toBe('AGE-SECRET-K…');
    expect(redacted('123456789012')).toBe('123456789012');
  });
});

describe('age keys (bech32)', () => {
  it('accepts a recipient age-keygen wrote, and refuses one character changed', () => {
    expect(isBech32(RECIPIENT, 'age')).toBe(true);
    expect(isBech32(RECIPIENT.toUpperCase(), 'age')).toBe(true);
    expect(isBech32(RECIPIENT.replace('hqs3', 'hqs4'), 'age')).toBe(false);
    expect(isBech32(`${RECIPIENT.slice(0, -1)}p`, 'age')).toBe(false);
  });

  it('refuses another human-readable part, mixed case, characters outside the alphabet, and a data part too short for a checksum', () => {
    expect(isBech32(RECIPIENT, 'agx')).toBe(false);
    expect(isBech32(`A${RECIPIENT.slice(1)}`, 'age')).toBe(false);
    expect(isBech32(RECIPIENT.replace('hqs3', 'hqsb'), 'age')).toBe(false);
    expect(isBech32('age1qqqqq', 'age')).toBe(false);
    // BIP 173's test vector of an empty data part with a valid checksum.
    expect(isBech32('a12uel5l', 'a')).toBe(true);
    expect(isBech32('a12uel5', 'a')).toBe(false);
  });

  it('refuses another human-readable part even when the checksum holds for the one asked', () => {
    const data = RECIPIENT.slice('age1'.length);
    expect(isBech32(`agx1${data}`, 'age')).toBe(false);
  });

  it('refuses a data part of five characters even when its checksum holds', () => {
    // polymod('ae', '96y8y') is 1: only the length rule refuses it.
    expect(isBech32('ae196y8y', 'ae')).toBe(false);
  });

  it('refuses a character outside the alphabet even where the checksum would hold', () => {
    // 'b' is not in the bech32 alphabet; read as -1, the rest of the checksum would hold.
    expect(isBech32('age1b6tk8v9q', 'age')).toBe(false);
  });

  it('finds an identity in any case, anywhere in the text', () => {
    expect(holdsAgeIdentity('# created\nAGE-SECRET-KEY-1QQQ')).toBe(true);
    expect(holdsAgeIdentity('age-secret-key-1qqq')).toBe(true);
    expect(holdsAgeIdentity(RECIPIENT)).toBe(false);
  });
});
