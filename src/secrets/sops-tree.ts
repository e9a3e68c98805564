import crypto from 'node:crypto';
import YAML from 'yaml';

/** One scalar of a SOPS document, in document order, with the keys that lead to it. */
export interface Leaf {
  readonly path: readonly string[];
  readonly node: YAML.Scalar;
}

/** Every scalar outside the top-level `sops` block, in document order (what the MAC covers). */
export function leaves(doc: YAML.Document): Leaf[] {
  const out: Leaf[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (YAML.isMap(node)) {
      for (const pair of node.items) {
        const key = String(YAML.isScalar(pair.key) ? pair.key.value : pair.key);
        if (path.length === 0 && key === 'sops') continue;
        walk(pair.value, [...path, key]);
      }
    } else if (YAML.isSeq(node)) {
      for (const item of node.items) walk(item, path);
    } else if (YAML.isScalar(node)) {
      out.push({ path, node });
    }
  };
  walk(doc.contents, []);
  return out;
}

/** True when SOPS encrypts the value at `path` under `encrypted_regex`: any key on the path matches. */
export function isEncryptedPath(path: readonly string[], encryptedRegex: string): boolean {
  const re = new RegExp(encryptedRegex);
  return path.some((key) => re.test(key));
}

/** The additional data SOPS binds a value to: its key path joined with ':' and a trailing ':'. */
export const aadFor = (path: readonly string[]) => `${path.join(':')}:`;

/** SOPS's byte form of a plaintext value (booleans as Python writes them, as SOPS does). */
export function toBytes(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
}

/** The SOPS MAC: uppercase hex SHA-512 over every plaintext value in document order. */
export function computeMac(plaintexts: readonly string[]): string {
  const hash = crypto.createHash('sha512');
  for (const value of plaintexts) hash.update(value, 'utf8');
  return hash.digest('hex').toUpperCase();
}
